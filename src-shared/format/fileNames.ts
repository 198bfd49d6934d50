// File names for exported transcripts: readable, safe on every desktop file system.

/** Names Windows refuses whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A file name (without extension) from the title: letters and digits of any script joined by
 * dashes, at most 80 characters; the item id when the title gives nothing.
 */
const clean = (text: string, keep = '') =>
  text
    .normalize('NFC')
    .replace(new RegExp(`[^\\p{L}\\p{N}${keep}]+`, 'gu'), '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

export function baseName(title: string | null, itemId: string): string {
  const fromTitle = clean(title ?? '');
  // Ids keep their underscores (YouTube ids have them).
  const name = fromTitle === '' ? clean(itemId, '_') || 'transcript' : fromTitle;
  return RESERVED.test(name) ? `${name}-transcript` : name;
}

/** `name.ext`, `name-2.ext`, `name-3.ext` …: the n-th candidate for a name that is taken. */
export const numberedName = (name: string, extension: string, n: number) => `${name}${n === 1 ? '' : `-${n}`}.${extension}`;

/**
 * The first free candidate among `taken` (compared case-insensitively: macOS and Windows treat
 * `A.srt` and `a.srt` as one file), which it then adds to `taken`.
 */
export function claimName(taken: Set<string>, name: string, extension: string): string {
  for (let n = 1; ; n++) {
    const candidate = numberedName(name, extension, n);
    if (!taken.has(candidate.toLowerCase())) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

/** The setting's default: the title, else the id (baseName), as every export was named before patterns. */
export const DEFAULT_NAME_PATTERN = '{title}';

/** The tokens a file-name pattern may hold (README "File-name patterns"). */
export const NAME_TOKENS = ['title', 'id', 'platform', 'date', 'source'] as const;
export type NameFields = Record<(typeof NAME_TOKENS)[number], string | null>;

const TOKEN = /\{([^{}]*)\}/g;

/** Why a pattern cannot be used (an unknown token, no token at all), or null when it can. */
export function namePatternProblem(pattern: string): string | null {
  const unknown = [...pattern.matchAll(TOKEN)].map((m) => m[1] ?? '').filter((t) => !(NAME_TOKENS as readonly string[]).includes(t));
  if (unknown.length > 0) return `unknown token {${unknown[0] ?? ''}} in the file-name pattern; use ${NAME_TOKENS.map((t) => `{${t}}`).join(' ')}`;
  if (!/\{[^{}]*\}/.test(pattern)) return `the file-name pattern names no token; use ${NAME_TOKENS.map((t) => `{${t}}`).join(' ')}`;
  return null;
}

/**
 * A file name (without extension) from a pattern such as `{date} {title}`: tokens replaced by the
 * transcript's values, then made safe by baseName's rules (letters and digits of any script joined
 * by dashes, underscores kept, at most 80 characters), so `{date} {title}` gives `2026-11-27-My-Talk`. A token
 * without a value is left out; a pattern that gives nothing falls back to the id.
 */
export function patternName(pattern: string, fields: NameFields): string {
  const expanded = pattern.replace(TOKEN, (_, token: string) => ((NAME_TOKENS as readonly string[]).includes(token) ? (fields[token as keyof NameFields] ?? '') : ''));
  // Underscores stay, as in ids (YouTube's have them): safe on every file system.
  const name = clean(expanded, '_') || clean(fields.id ?? '', '_') || 'transcript';
  return RESERVED.test(name) ? `${name}-transcript` : name;
}
