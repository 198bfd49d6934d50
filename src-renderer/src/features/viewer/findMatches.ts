// Find in transcript: which lines contain the term, and the line cut into text and hits.

export interface Hit {
  line: number;
  start: number;
}

export function findHits(lines: readonly string[], term: string): Hit[] {
  const needle = term.trim().toLocaleLowerCase();
  if (needle === '') return [];
  const hits: Hit[] = [];
  lines.forEach((line, index) => {
    const hay = line.toLocaleLowerCase();
    for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) hits.push({ line: index, start: at });
  });
  return hits;
}

export function splitHits(text: string, term: string): { text: string; hit: boolean }[] {
  const needle = term.trim().toLocaleLowerCase();
  if (needle === '') return [{ text, hit: false }];
  const parts: { text: string; hit: boolean }[] = [];
  const hay = text.toLocaleLowerCase();
  let from = 0;
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + needle.length), hit: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return parts;
}
