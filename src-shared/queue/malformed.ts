// Tokens that look like links but are not ones the queue can read: a `scheme://…` whose scheme is
// not http or https (`htps://`, `hxxp://`, `ttps://`, `ftp://`). The link finder (extract.ts) skips
// them, so without this they would vanish unreported. Links without a scheme (`www.youtube.com/…`,
// `youtu.be/…`) are not malformed: the finder accepts them and the URL rules add https://.

const SCHEME_LINK = /(?<![\w.+-])([a-z][a-z0-9+.-]*):\/\/[^\s<>"'`]+/gi;

/** How many distinct tokens a report lists by name; the rest are counted. */
export const MALFORMED_LISTED = 5;

/** The malformed link-like tokens of `text`, in order, each once. */
export function findMalformedLinks(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(SCHEME_LINK)) {
    const scheme = (match[1] ?? '').toLowerCase();
    if (scheme === 'http' || scheme === 'https') continue;
    found.add(match[0].replace(/[),.;:!?\]]+$/, ''));
  }
  return [...found];
}

/** "1 line looks like a link but is not one (htps://example.com/x)": for the intake's toast. */
export function describeMalformed(tokens: readonly string[]): string | null {
  if (tokens.length === 0) return null;
  const listed = tokens.slice(0, MALFORMED_LISTED).join(', ');
  const more = tokens.length > MALFORMED_LISTED ? ` and ${tokens.length - MALFORMED_LISTED} more` : '';
  const subject = tokens.length === 1 ? '1 token looks like a link but is not http(s), so it was skipped' : `${tokens.length} tokens look like links but are not http(s), so they were skipped`;
  return `${subject}: ${listed}${more}`;
}
