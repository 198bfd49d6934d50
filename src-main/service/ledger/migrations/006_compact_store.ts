// The compact store (issue 22). A cached transcript was three copies in its row (the answer JSON,
// the segments JSON, the text) plus a fourth in the library's full-text index; now it is one
// compressed record (ledger/transcriptRecord.ts) in `transcript_records`, and the index reads its
// text through the view `library_content` (external-content FTS5) instead of keeping a copy.
//
// `transcripts` becomes the narrow catalogue: what the library lists, and what the cache limit
// needs (the record's share of the file in `bytes`, the last use in `used_at`, `kept`). Records
// live apart so a cache hit's use mark and the `kept` flag rewrite a small row, not the record.
//
// The SQL functions transcript_pack, transcript_text and transcript_footprint are the
// application's own (ledger/functions.ts), registered on every connection that opens the ledger
// through openDatabase. A connection without them can still read every table, but cannot write
// transcripts, search the library, or run this migration.
//
// The index is external content: FTS5 keeps only its inverted index, and removing a document
// needs the exact title and text it was indexed with ('delete' command). The triggers below pass
// those values explicitly, from the OLD row where the change is to the source itself, so the
// index never depends on what the view answers at that moment. Indexed, for an entry: not hidden,
// and its source indexable (a transcript with its record; an episode done with a transcript);
// `library_sources` and `library_content` say the same in SQL for FTS5's reads and the rebuild.
const entryIs = (kind: string, platform: string, key: string, alias = '') => `${alias}kind = '${kind}' AND ${alias}platform = ${platform} AND ${alias}ref_key = ${key}`;

/** Adds the library entry of a source that became indexable (if it has none yet) and dates it. */
const ensureEntry = (kind: string, platform: string, key: string, createdAt: string, when = '1') => `
  INSERT INTO library_entries (kind, platform, ref_key, created_at)
    SELECT '${kind}', ${platform}, ${key}, ${createdAt} WHERE ${when} AND NOT EXISTS (SELECT 1 FROM library_entries WHERE ${entryIs(kind, platform, key)});
  UPDATE library_entries SET created_at = ${createdAt} WHERE ${when} AND ${entryIs(kind, platform, key)};`;

/** The index row of a transcript's entry: title and record as given, or the record stored for it. */
const transcriptIndex = (op: 'add' | 'remove', title: string, id: string, record?: string) => `
  INSERT INTO library_fts (${op === 'remove' ? 'library_fts, ' : ''}rowid, title, text)
    SELECT ${op === 'remove' ? "'delete', " : ''}e.id, COALESCE(${title}, ''), transcript_text(${record ?? 'r.record'})
    FROM transcripts t JOIN library_entries e ON ${entryIs('transcript', 't.platform', 't.canonical_key', 'e.')}${record === undefined ? ' JOIN transcript_records r ON r.id = t.id' : ''}
    WHERE t.id = ${id} AND e.hidden = 0;`;

/** The index row of an episode's entry, from the episode row `row` (NEW or OLD). */
const episodeIndex = (op: 'add' | 'remove', row: string) => `
  INSERT INTO library_fts (${op === 'remove' ? 'library_fts, ' : ''}rowid, title, text)
    SELECT ${op === 'remove' ? "'delete', " : ''}id, ${row}.title, ${row}.transcript FROM library_entries
    WHERE ${entryIs('episode', "'podcast'", `${row}.episode_key`)} AND hidden = 0 AND ${row}.status = 'done' AND ${row}.transcript IS NOT NULL;`;

/** The transcript a queue item's result names (a short link's alias followed). */
const queueResult = (row: string) =>
  `platform = ${row}.platform AND canonical_key = COALESCE((SELECT a.canonical_key FROM transcript_aliases a WHERE a.platform = ${row}.platform AND a.alias_key = ${row}.result_key), ${row}.result_key)`;

export const sql = /* sql */ `
DROP TRIGGER library_transcript_insert;
DROP TRIGGER library_transcript_update;
DROP TRIGGER library_transcript_delete;
DROP TRIGGER library_episode_insert;
DROP TRIGGER library_episode_update;
DROP TRIGGER library_episode_delete;
DROP TABLE library_fts;

CREATE TABLE transcripts_compact (
  id             INTEGER PRIMARY KEY,
  platform       TEXT    NOT NULL,
  canonical_key  TEXT    NOT NULL,
  source_url     TEXT    NOT NULL,
  title          TEXT,
  has_timing     INTEGER NOT NULL CHECK (has_timing IN (0, 1)),
  -- What the transcript costs the ledger file: its record plus an estimate of its index share.
  bytes          INTEGER NOT NULL CHECK (bytes >= 0),
  -- Kept in the desk's library (fetched through its queue, or exported): never evicted or pruned.
  kept           INTEGER NOT NULL DEFAULT 0 CHECK (kept IN (0, 1)),
  created_at     INTEGER NOT NULL,
  -- The last fetch or cache hit (marked at most once a minute): the cache limit evicts the oldest.
  used_at        INTEGER NOT NULL,
  UNIQUE (platform, canonical_key)
) STRICT;

CREATE TABLE transcript_records (
  id      INTEGER PRIMARY KEY,   -- transcripts.id
  record  BLOB    NOT NULL       -- ledger/transcriptRecord.ts
) STRICT;

INSERT INTO transcripts_compact (id, platform, canonical_key, source_url, title, has_timing, bytes, kept, created_at, used_at)
  SELECT rowid, platform, canonical_key, source_url, title, COALESCE(segments IS NOT NULL AND segments != '[]', 0), 0, 0, created_at, created_at FROM transcripts;
INSERT INTO transcript_records (id, record) SELECT rowid, transcript_pack(body, text, segments) FROM transcripts;
UPDATE transcripts_compact SET bytes = (SELECT transcript_footprint(r.record) FROM transcript_records r WHERE r.id = transcripts_compact.id);
-- What the desk's queue fetched is what the person keeps.
UPDATE transcripts_compact SET kept = 1
  WHERE EXISTS (SELECT 1 FROM queue_items q WHERE q.result_kind = 'transcript' AND q.result_key IS NOT NULL AND q.platform = transcripts_compact.platform
    AND transcripts_compact.canonical_key = COALESCE((SELECT a.canonical_key FROM transcript_aliases a WHERE a.platform = q.platform AND a.alias_key = q.result_key), q.result_key));
DROP TABLE transcripts;
ALTER TABLE transcripts_compact RENAME TO transcripts;
CREATE INDEX transcripts_lru ON transcripts (kept, used_at, bytes);

-- Every entry's indexable title and text, hidden or not; library_content is what the index holds.
CREATE VIEW library_sources AS
  SELECT e.id AS id, e.hidden AS hidden, COALESCE(t.title, '') AS title, transcript_text(r.record) AS text
    FROM library_entries e
    JOIN transcripts t ON t.platform = e.platform AND t.canonical_key = e.ref_key
    JOIN transcript_records r ON r.id = t.id
    WHERE e.kind = 'transcript'
  UNION ALL
  SELECT e.id, e.hidden, p.title, p.transcript
    FROM library_entries e
    JOIN podcast_episodes p ON p.episode_key = e.ref_key
    WHERE e.kind = 'episode' AND p.status = 'done' AND p.transcript IS NOT NULL;
CREATE VIEW library_content AS SELECT id, title, text FROM library_sources WHERE hidden = 0;

CREATE VIRTUAL TABLE library_fts USING fts5(title, text, content = 'library_content', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO library_fts (library_fts) VALUES ('rebuild');

-- Transcripts: the entry follows the catalogue row, the index follows the record.
CREATE TRIGGER library_transcript_insert AFTER INSERT ON transcripts BEGIN ${ensureEntry('transcript', 'NEW.platform', 'NEW.canonical_key', 'NEW.created_at')}
END;
-- A refetch (the cache's upsert) dates the entry anew.
CREATE TRIGGER library_transcript_refetch AFTER UPDATE OF created_at ON transcripts BEGIN
  UPDATE library_entries SET created_at = NEW.created_at WHERE ${entryIs('transcript', 'NEW.platform', 'NEW.canonical_key')};
END;
CREATE TRIGGER library_transcript_title AFTER UPDATE OF title ON transcripts BEGIN ${transcriptIndex('remove', 'OLD.title', 'OLD.id')} ${transcriptIndex('add', 'NEW.title', 'NEW.id')}
END;
-- Before the row goes: the record's trigger needs the title and the entry to take it out of the index.
CREATE TRIGGER library_transcript_delete BEFORE DELETE ON transcripts BEGIN
  DELETE FROM transcript_records WHERE id = OLD.id;
  DELETE FROM library_entries WHERE ${entryIs('transcript', 'OLD.platform', 'OLD.canonical_key')};
END;
CREATE TRIGGER library_record_insert AFTER INSERT ON transcript_records BEGIN ${transcriptIndex('add', 't.title', 'NEW.id', 'NEW.record')}
END;
CREATE TRIGGER library_record_update AFTER UPDATE OF record ON transcript_records BEGIN ${transcriptIndex('remove', 't.title', 'OLD.id', 'OLD.record')} ${transcriptIndex('add', 't.title', 'NEW.id', 'NEW.record')}
END;
CREATE TRIGGER library_record_delete AFTER DELETE ON transcript_records BEGIN ${transcriptIndex('remove', 't.title', 'OLD.id', 'OLD.record')}
END;

-- Podcast episodes: indexed while done with a transcript.
CREATE TRIGGER library_episode_insert AFTER INSERT ON podcast_episodes WHEN NEW.status = 'done' AND NEW.transcript IS NOT NULL BEGIN
  ${ensureEntry('episode', "'podcast'", 'NEW.episode_key', 'COALESCE(NEW.completed_at, NEW.created_at)')}
  ${episodeIndex('add', 'NEW')}
END;
CREATE TRIGGER library_episode_update AFTER UPDATE OF status, transcript, title ON podcast_episodes BEGIN
  ${episodeIndex('remove', 'OLD')}
  ${ensureEntry('episode', "'podcast'", 'NEW.episode_key', 'COALESCE(NEW.completed_at, NEW.created_at)', "NEW.status = 'done' AND NEW.transcript IS NOT NULL")}
  ${episodeIndex('add', 'NEW')}
END;
CREATE TRIGGER library_episode_delete AFTER DELETE ON podcast_episodes BEGIN
  ${episodeIndex('remove', 'OLD')}
  DELETE FROM library_entries WHERE ${entryIs('episode', "'podcast'", 'OLD.episode_key')};
END;

-- Hiding an entry (the library's delete of an episode) takes it out of the index; showing puts it back.
CREATE TRIGGER library_entry_hide AFTER UPDATE OF hidden ON library_entries WHEN OLD.hidden = 0 AND NEW.hidden = 1 BEGIN
  INSERT INTO library_fts (library_fts, rowid, title, text) SELECT 'delete', id, title, text FROM library_sources WHERE id = NEW.id;
END;
CREATE TRIGGER library_entry_show AFTER UPDATE OF hidden ON library_entries WHEN OLD.hidden = 1 AND NEW.hidden = 0 BEGIN
  INSERT INTO library_fts (rowid, title, text) SELECT id, title, text FROM library_sources WHERE id = NEW.id;
END;

-- A transcript the desk's queue delivered is kept, whichever code path finished the item.
CREATE TRIGGER transcripts_kept_by_queue_insert AFTER INSERT ON queue_items WHEN NEW.result_kind = 'transcript' AND NEW.result_key IS NOT NULL BEGIN
  UPDATE transcripts SET kept = 1 WHERE ${queueResult('NEW')} AND kept = 0;
END;
CREATE TRIGGER transcripts_kept_by_queue_update AFTER UPDATE OF result_kind, result_key ON queue_items WHEN NEW.result_kind = 'transcript' AND NEW.result_key IS NOT NULL BEGIN
  UPDATE transcripts SET kept = 1 WHERE ${queueResult('NEW')} AND kept = 0;
END;
`;
