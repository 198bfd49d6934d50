// What one cached transcript costs the ledger file, as the cache limit counts it: its compressed
// record, plus the library index's postings for its text, plus its catalogue row and page slack.
// The index share cannot be read per document from FTS5, so it is estimated from the text length;
// the constants were measured (see the README's cache section and test/integration/store-size.test.ts).
export const INDEX_BYTES_PER_TEXT_CHAR = 0.45;
export const ROW_BYTES = 300;

export function footprintOf(record: Uint8Array, text: string): number {
  return record.length + Math.ceil(text.length * INDEX_BYTES_PER_TEXT_CHAR) + ROW_BYTES;
}
