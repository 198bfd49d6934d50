// One line a person reads to judge a transcript: where it came from. The viewer's badge, the
// library's rows and the Markdown export all say it the same way, from this one function.
import type { Provenance } from '../contract/provenance';

/** What a transcript cached before provenance was recorded says: we do not know, and why. */
export const UNKNOWN_PROVENANCE_LABEL = 'unknown (cached before provenance was recorded)';

/** Languages by name where the runtime knows them (ICU), else the code as given: "de" → "German". */
export function languageName(code: string): string {
  // TikTok writes "eng-US": a three-letter base is still a language ICU can name.
  const tag = code.replace(/_/g, '-');
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(tag) ?? code;
  } catch {
    return code;
  }
}

const inLanguage = (language: string | null) => (language === null ? '' : ` (${language})`);

export function provenanceLabel(p: Provenance | null | undefined): string {
  if (p == null) return UNKNOWN_PROVENANCE_LABEL;
  switch (p.kind) {
    case 'publisher':
      return `Publisher transcript (${p.format.toUpperCase()})${inLanguage(p.language)}`;
    case 'creator-captions':
      return `Creator captions${inLanguage(p.language)}`;
    case 'auto-captions':
      return `Automatic captions${inLanguage(p.language)}`;
    case 'machine-translated': {
      const from = p.from === null ? 'another language' : languageName(p.from);
      const to = p.language === null ? '' : ` to ${languageName(p.language)}`;
      return `Machine-translated from ${from}${to}`;
    }
    case 'speech-to-text': {
      const what = [p.engine, p.model, p.version].filter((part): part is string => part !== null && part !== '').join(' ');
      const details = [what, p.language, p.task === 'translate' ? 'translated to English' : null].filter((part): part is string => part !== null && part !== '');
      return `Speech-to-text: ${details.join(', ')}`;
    }
    case 'edited':
      return `Edited (from ${p.from})`;
    case 'generated':
      return `${p.task === 'summary' ? 'Summary' : 'Chapters'} written by ${p.model} (${p.endpoint}) from ${p.from}`;
    case 'creator-chapters':
      return 'Chapters from the creator';
  }
}

/** The kinds a person filters the library by, in words. */
export const PROVENANCE_KIND_LABELS = {
  publisher: 'Publisher transcript',
  'creator-captions': 'Creator captions',
  'auto-captions': 'Automatic captions',
  'machine-translated': 'Machine-translated',
  'speech-to-text': 'Speech-to-text',
  edited: 'Edited',
  unknown: 'Unknown (cached before provenance was recorded)',
} as const;
