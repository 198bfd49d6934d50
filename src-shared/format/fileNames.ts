// File names for exported transcripts: readable, safe on every desktop file system.

/** Names Windows refuses whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A file name (without extension) from the title: letters and digits of any script joined by
 * dashes, at most 80 characters; the item id when the title gives nothing.
 */
export function baseName(title: string | null, itemId: string): string {
  const clean = (text: string, keep = '') =>
    text
      .normalize('NFC')
      .replace(new RegExp(`[^\\p{L}\\p{N}${keep}]+`, 'gu'), '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '');
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
