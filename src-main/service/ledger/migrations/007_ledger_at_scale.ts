// Speed and scale (issue 16): a charge in fewer steps, lookups that do not grow with the ledger,
// and the library's full-text index off the cache + charge transaction.
//
// Frozen as the literal text that was applied (no helpers rendering it: see 004's note).
//
// Credit ledger. One unique index (account, kind, reference) instead of the partial one plus
// (account, id): it still refuses a second debit under one reference (NULLs are distinct, so
// grants stay free), answers every by-reference lookup, and halves the index work of a charge.
// History pages and the audit walk the primary key instead (ledger/credits.ts). The balance is
// applied BEFORE the row is inserted, so `INSERT … RETURNING (SELECT balance …)` reads the new
// balance in the same statement; a refused row (overdraw, duplicate) aborts the whole statement,
// the trigger's update included.
//
// Audit memo. The ledger is append-only (its triggers refuse UPDATE and DELETE), so the sum of an
// account's entries up to some id never changes: an audit adds the entries after its last memo.
//
// Library index. A transcript stored inside a larger transaction (the cache + charge of a fresh
// delivery) is only marked in library_unindexed; the ledger indexes it after the commit, and any
// search indexes what is still marked before it runs (ledger/libraryIndex.ts). library_content
// leaves marked entries out, so FTS5's content and its index agree at every moment
// ('integrity-check', 'rebuild'), and no trigger removes from the index what was never put in it.
export const sql = /* sql */ `
DROP INDEX credit_entries_once;
DROP INDEX credit_entries_account;
CREATE UNIQUE INDEX credit_entries_reference ON credit_entries (account_id, kind, reference);
DROP TRIGGER credit_entries_apply;
CREATE TRIGGER credit_entries_apply BEFORE INSERT ON credit_entries BEGIN
  UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
END;

CREATE TABLE credit_audits (
  account_id  INTEGER PRIMARY KEY REFERENCES accounts (id),
  through_id  INTEGER NOT NULL,   -- the last credit_entries.id summed
  total       INTEGER NOT NULL    -- the account's entries up to through_id, summed
) STRICT;

CREATE TABLE library_unindexed (
  id  INTEGER PRIMARY KEY   -- library_entries.id: its text is not in library_fts yet
) STRICT;

DROP VIEW library_content;
CREATE VIEW library_content AS SELECT id, title, text FROM library_sources WHERE hidden = 0 AND id NOT IN (SELECT id FROM library_unindexed);

CREATE TRIGGER library_entry_gone AFTER DELETE ON library_entries BEGIN
  DELETE FROM library_unindexed WHERE id = OLD.id;
END;

DROP TRIGGER library_record_insert;
CREATE TRIGGER library_record_insert AFTER INSERT ON transcript_records BEGIN
  INSERT INTO library_unindexed (id)
    SELECT e.id FROM transcripts t JOIN library_entries e ON e.kind = 'transcript' AND e.platform = t.platform AND e.ref_key = t.canonical_key
    WHERE t.id = NEW.id AND e.hidden = 0 AND NOT EXISTS (SELECT 1 FROM library_unindexed u WHERE u.id = e.id);
END;

DROP TRIGGER library_record_update;
CREATE TRIGGER library_record_update AFTER UPDATE OF record ON transcript_records BEGIN
  INSERT INTO library_fts (library_fts, rowid, title, text)
    SELECT 'delete', e.id, COALESCE(t.title, ''), transcript_text(OLD.record)
    FROM transcripts t JOIN library_entries e ON e.kind = 'transcript' AND e.platform = t.platform AND e.ref_key = t.canonical_key
    WHERE t.id = OLD.id AND e.hidden = 0 AND e.id NOT IN (SELECT id FROM library_unindexed);
  INSERT INTO library_unindexed (id)
    SELECT e.id FROM transcripts t JOIN library_entries e ON e.kind = 'transcript' AND e.platform = t.platform AND e.ref_key = t.canonical_key
    WHERE t.id = NEW.id AND e.hidden = 0 AND NOT EXISTS (SELECT 1 FROM library_unindexed u WHERE u.id = e.id);
END;

DROP TRIGGER library_record_delete;
CREATE TRIGGER library_record_delete AFTER DELETE ON transcript_records BEGIN
  INSERT INTO library_fts (library_fts, rowid, title, text)
    SELECT 'delete', e.id, COALESCE(t.title, ''), transcript_text(OLD.record)
    FROM transcripts t JOIN library_entries e ON e.kind = 'transcript' AND e.platform = t.platform AND e.ref_key = t.canonical_key
    WHERE t.id = OLD.id AND e.hidden = 0 AND e.id NOT IN (SELECT id FROM library_unindexed);
END;

DROP TRIGGER library_transcript_title;
CREATE TRIGGER library_transcript_title AFTER UPDATE OF title ON transcripts BEGIN
  INSERT INTO library_fts (library_fts, rowid, title, text)
    SELECT 'delete', e.id, COALESCE(OLD.title, ''), transcript_text(r.record)
    FROM library_entries e JOIN transcript_records r ON r.id = OLD.id
    WHERE e.kind = 'transcript' AND e.platform = OLD.platform AND e.ref_key = OLD.canonical_key AND e.hidden = 0 AND e.id NOT IN (SELECT id FROM library_unindexed);
  INSERT INTO library_fts (rowid, title, text)
    SELECT e.id, COALESCE(NEW.title, ''), transcript_text(r.record)
    FROM library_entries e JOIN transcript_records r ON r.id = NEW.id
    WHERE e.kind = 'transcript' AND e.platform = NEW.platform AND e.ref_key = NEW.canonical_key AND e.hidden = 0 AND e.id NOT IN (SELECT id FROM library_unindexed);
END;

DROP TRIGGER library_entry_hide;
CREATE TRIGGER library_entry_hide AFTER UPDATE OF hidden ON library_entries WHEN OLD.hidden = 0 AND NEW.hidden = 1 BEGIN
  INSERT INTO library_fts (library_fts, rowid, title, text)
    SELECT 'delete', id, title, text FROM library_sources WHERE id = NEW.id AND id NOT IN (SELECT id FROM library_unindexed);
  DELETE FROM library_unindexed WHERE id = NEW.id;
END;
`;
