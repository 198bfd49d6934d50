// Stand-in for provenanceLabel.ts (another branch of issue 18), used at one call site
// (documentFacts.ts) so the merge swaps a single import: a short phrase naming where the words came from.
import type { Provenance } from '../contract/provenance';

export function provenanceText(p: Provenance): string {
  const lang = (language: string | null) => (language === null ? '' : ` (${language})`);
  switch (p.kind) {
    case 'publisher':
      return `Publisher's transcript, ${p.format}${lang(p.language)}`;
    case 'creator-captions':
      return `Creator's captions${lang(p.language)}`;
    case 'auto-captions':
      return `Automatic captions${lang(p.language)}`;
    case 'machine-translated':
      return `Machine-translated captions${lang(p.language)}${p.from === null ? '' : ` from ${p.from}`}`;
    case 'speech-to-text':
      return `Speech-to-text: ${[p.engine, p.model, p.version].filter((v) => v !== null && v !== '').join(' ')}${p.task === 'translate' ? ', translated to English' : ''}${lang(p.language)}`;
    case 'edited':
      return `Edited from ${p.from}`;
  }
}
