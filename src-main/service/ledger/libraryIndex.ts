import type Database from 'better-sqlite3';

/**
 * How long marked transcripts wait to be indexed together. FTS5 writes a new index segment per
 * write, so indexing in batches costs far less per transcript: measured on 40-word transcripts,
 * 0.67 ms each one at a time, 0.09 ms in batches of 20, 0.06 ms in batches of 100. A busy server
 * storing hundreds of transcripts a minute gets batches; nobody waits for them (see below).
 */
export const INDEX_BATCH_MS = 250;

/**
 * The library's full-text index, kept off the cache + charge transaction (migration 007). A
 * transcript stored inside a larger transaction is only marked; it is indexed at most
 * INDEX_BATCH_MS after that transaction commits, in one batch with whatever else was marked
 * meanwhile, and a search indexes whatever is still marked before it runs, so no search misses a
 * delivered transcript. A transcript stored on its own is indexed in its own write, as before.
 */
export class LibraryIndexer {
  private readonly fill;
  private readonly clear;
  private readonly anyMarked;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Database.Database) {
    this.fill = db.prepare(
      `INSERT INTO library_fts (rowid, title, text)
       SELECT e.id, COALESCE(t.title, ''), transcript_text(r.record)
       FROM library_unindexed u JOIN library_entries e ON e.id = u.id
         JOIN transcripts t ON t.platform = e.platform AND t.canonical_key = e.ref_key
         JOIN transcript_records r ON r.id = t.id
       WHERE e.kind = 'transcript' AND e.hidden = 0`,
    );
    this.clear = db.prepare('DELETE FROM library_unindexed');
    this.anyMarked = db.prepare('SELECT EXISTS (SELECT 1 FROM library_unindexed)').pluck();
  }

  /** Indexes every marked transcript (in the open transaction, if any); returns how many. */
  indexMarked(): number {
    if (this.anyMarked.get() === 0) return 0;
    return this.db.transaction(() => {
      const indexed = this.fill.run().changes;
      this.clear.run();
      return indexed;
    }).immediate();
  }

  /** Indexes the marked transcripts in a batch, once the transaction now open has ended. */
  afterCommit(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.db.open) return;
      // Another transaction of the store is open on this connection: indexing now would join it.
      if (this.db.inTransaction) {
        this.afterCommit();
        return;
      }
      try {
        this.indexMarked();
      } catch {
        // Busy past the timeout (another process writing): the marks stay, and the next search or
        // store indexes them; a timer has no caller to tell.
      }
    }, INDEX_BATCH_MS);
    // A process about to exit does not wait for it: the marks are in the file.
    this.timer.unref();
  }
}
