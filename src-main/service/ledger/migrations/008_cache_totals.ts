// Speed and scale (issue 16), after 007: the cache's totals kept in one row.
//
// Frozen as the literal text that was applied (no helpers rendering it: see 004's note).
//
// Cache totals. The cache limit compares the cache's bytes with the limit at every store; summed
// over the transcripts table that was a scan growing with the cache (0.26 ms at 3,000 transcripts,
// about 9 ms at 100,000, on every fresh transcript). transcript_totals keeps the three sums
// `db stats` and the limit read, kept by triggers so every writer, this process or another,
// keeps them right; a touch (used_at) fires none.
export const sql = /* sql */ `
CREATE TABLE transcript_totals (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  transcripts  INTEGER NOT NULL,
  kept         INTEGER NOT NULL,
  bytes        INTEGER NOT NULL
) STRICT;
INSERT INTO transcript_totals (id, transcripts, kept, bytes) SELECT 1, COUNT(*), COALESCE(SUM(kept), 0), COALESCE(SUM(bytes), 0) FROM transcripts;
CREATE TRIGGER transcript_totals_insert AFTER INSERT ON transcripts BEGIN
  UPDATE transcript_totals SET transcripts = transcripts + 1, kept = kept + NEW.kept, bytes = bytes + NEW.bytes;
END;
CREATE TRIGGER transcript_totals_delete AFTER DELETE ON transcripts BEGIN
  UPDATE transcript_totals SET transcripts = transcripts - 1, kept = kept - OLD.kept, bytes = bytes - OLD.bytes;
END;
CREATE TRIGGER transcript_totals_update AFTER UPDATE OF kept, bytes ON transcripts BEGIN
  UPDATE transcript_totals SET kept = kept + NEW.kept - OLD.kept, bytes = bytes + NEW.bytes - OLD.bytes;
END;
`;
