// The application's SQL functions: the ledger's schema calls them (migration 006: the library's
// full-text index reads a transcript's text out of its compressed record), so every connection
// that opens the ledger registers them first (database.ts). Deterministic: the index's 'delete'
// must see the very text it was given when the transcript was indexed.
import type Database from 'better-sqlite3';
import type { Segment } from '#shared/transcript';
import { footprintOf } from '../store/footprint';
import { encodeRecord, recordText } from '../store/transcriptRecord';

const blob = (value: unknown): Buffer => {
  if (!Buffer.isBuffer(value)) throw new TypeError('expected a transcript record (BLOB)');
  return value;
};

const textOf = (value: unknown): string => {
  if (typeof value !== 'string') throw new TypeError('expected TEXT');
  return value;
};

export function registerLedgerFunctions(db: Database.Database): void {
  /** transcript_text(record): the plain text, for the index and the library's listing. */
  db.function('transcript_text', { deterministic: true }, (record: unknown) => (record === null ? null : recordText(blob(record))));
  /** transcript_footprint(record): the `bytes` the cache limit counts for it (footprint.ts). */
  db.function('transcript_footprint', { deterministic: true }, (record: unknown) => footprintOf(blob(record), recordText(blob(record))));
  /** transcript_pack(body, text, segments): migration 006's conversion of a row of three copies. */
  db.function('transcript_pack', { deterministic: true }, (body: unknown, text: unknown, segments: unknown) =>
    encodeRecord({
      body: JSON.parse(textOf(body)) as Record<string, unknown>,
      text: textOf(text),
      segments: segments === null ? null : (JSON.parse(textOf(segments)) as Segment[]),
    }),
  );
}
