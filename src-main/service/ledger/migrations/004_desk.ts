// The desk: the batch queue (persisted so it survives restarts) and the library, a full-text index
// (FTS5) over every transcript of the shared cache and every finished podcast episode, kept
// current by triggers so no writer of those tables has to remember it.
//
// Frozen as the literal text that was applied: it used to be rendered by small helpers
// (indexEntry, dropEntry) at import time, so an edit to a helper would have changed an applied
// migration's hash and refused every existing ledger at start. The trigger lines end in a space
// (where a helper's output began): part of the hash, keep them (test/unit/migrations.test.ts).
// Each library trigger adds or refreshes one entry and its index row (skipped while the user has
// hidden it); no INSERT OR IGNORE: inside a trigger the outer statement's conflict policy would
// override it.
export const sql = /* sql */ `
-- One row per item of the batch queue. Two forms of one item (same platform and canonical key)
-- fold into one row with a count; invalid URLs fold by their text.
CREATE TABLE queue_items (
  id             TEXT    PRIMARY KEY,
  position       INTEGER NOT NULL UNIQUE,
  url            TEXT    NOT NULL,
  platform       TEXT,
  item_id        TEXT,
  canonical_key  TEXT,
  status         TEXT    NOT NULL CHECK (status IN ('invalid', 'queued', 'running', 'done', 'cached', 'empty', 'failed', 'submitted')),
  error          TEXT,
  message        TEXT,
  http_status    INTEGER,
  title          TEXT,
  credits        INTEGER NOT NULL DEFAULT 0,
  count          INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1),
  job_id         TEXT,
  -- Where the finished transcript is: the cache (platform + key, aliases followed) or an episode.
  result_kind    TEXT    CHECK (result_kind IS NULL OR result_kind IN ('transcript', 'episode')),
  result_key     TEXT,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX queue_items_identity ON queue_items (platform, canonical_key) WHERE canonical_key IS NOT NULL;
CREATE INDEX queue_items_url ON queue_items (url) WHERE canonical_key IS NULL;
CREATE INDEX queue_items_status ON queue_items (status, position);
CREATE INDEX queue_items_job ON queue_items (job_id) WHERE job_id IS NOT NULL;

-- The library: one entry per transcript; its rowid is the rowid of its row in library_fts.
-- hidden = 1: the user deleted a podcast episode from the library (the job record keeps its transcript).
CREATE TABLE library_entries (
  id          INTEGER PRIMARY KEY,
  kind        TEXT    NOT NULL CHECK (kind IN ('transcript', 'episode')),
  platform    TEXT    NOT NULL,
  ref_key     TEXT    NOT NULL,
  hidden      INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  created_at  INTEGER NOT NULL,
  UNIQUE (kind, platform, ref_key)
) STRICT;
CREATE INDEX library_entries_created ON library_entries (created_at);
CREATE VIRTUAL TABLE library_fts USING fts5(title, text, tokenize = 'unicode61 remove_diacritics 2');

CREATE TRIGGER library_transcript_insert AFTER INSERT ON transcripts BEGIN 
  INSERT INTO library_entries (kind, platform, ref_key, created_at)
    SELECT 'transcript', NEW.platform, NEW.canonical_key, NEW.created_at WHERE NOT EXISTS (SELECT 1 FROM library_entries WHERE kind = 'transcript' AND platform = NEW.platform AND ref_key = NEW.canonical_key);
  UPDATE library_entries SET created_at = NEW.created_at WHERE kind = 'transcript' AND platform = NEW.platform AND ref_key = NEW.canonical_key;
  DELETE FROM library_fts WHERE rowid = (SELECT id FROM library_entries WHERE kind = 'transcript' AND platform = NEW.platform AND ref_key = NEW.canonical_key);
  INSERT INTO library_fts (rowid, title, text)
    SELECT id, COALESCE(NEW.title, ''), NEW.text FROM library_entries WHERE kind = 'transcript' AND platform = NEW.platform AND ref_key = NEW.canonical_key AND hidden = 0;
END;
-- The cache's upsert (a refetch) is an UPDATE.
CREATE TRIGGER library_transcript_update AFTER UPDATE ON transcripts BEGIN 
  INSERT INTO library_entries (kind, platform, ref_key, created_at)
    SELECT 'transcript', NEW.platform, NEW.canonical_key, NEW.created_at WHERE NOT EXISTS (SELECT 1 FROM library_entries WHERE kind = 'transcript' AND platform = NEW.platform AND ref_key = NEW.canonical_key);
  UPDATE library_entries SET created_at = NEW.created_at WHERE kind = 'transcript' AND platform = NEW.platform AND ref_key = NEW.canonical_key;
  DELETE FROM library_fts WHERE rowid = (SELECT id FROM library_entries WHERE kind = 'transcript' AND platform = NEW.platform AND ref_key = NEW.canonical_key);
  INSERT INTO library_fts (rowid, title, text)
    SELECT id, COALESCE(NEW.title, ''), NEW.text FROM library_entries WHERE kind = 'transcript' AND platform = NEW.platform AND ref_key = NEW.canonical_key AND hidden = 0;
END;
CREATE TRIGGER library_transcript_delete AFTER DELETE ON transcripts BEGIN 
  DELETE FROM library_fts WHERE rowid = (SELECT id FROM library_entries WHERE kind = 'transcript' AND platform = OLD.platform AND ref_key = OLD.canonical_key);
  DELETE FROM library_entries WHERE kind = 'transcript' AND platform = OLD.platform AND ref_key = OLD.canonical_key;
END;
CREATE TRIGGER library_episode_insert AFTER INSERT ON podcast_episodes WHEN NEW.status = 'done' AND NEW.transcript IS NOT NULL BEGIN 
  INSERT INTO library_entries (kind, platform, ref_key, created_at)
    SELECT 'episode', 'podcast', NEW.episode_key, COALESCE(NEW.completed_at, NEW.created_at) WHERE NOT EXISTS (SELECT 1 FROM library_entries WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = NEW.episode_key);
  UPDATE library_entries SET created_at = COALESCE(NEW.completed_at, NEW.created_at) WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = NEW.episode_key;
  DELETE FROM library_fts WHERE rowid = (SELECT id FROM library_entries WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = NEW.episode_key);
  INSERT INTO library_fts (rowid, title, text)
    SELECT id, COALESCE(NEW.title, ''), NEW.transcript FROM library_entries WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = NEW.episode_key AND hidden = 0;
END;
CREATE TRIGGER library_episode_update AFTER UPDATE OF status, transcript, title ON podcast_episodes WHEN NEW.status = 'done' AND NEW.transcript IS NOT NULL BEGIN 
  INSERT INTO library_entries (kind, platform, ref_key, created_at)
    SELECT 'episode', 'podcast', NEW.episode_key, COALESCE(NEW.completed_at, NEW.created_at) WHERE NOT EXISTS (SELECT 1 FROM library_entries WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = NEW.episode_key);
  UPDATE library_entries SET created_at = COALESCE(NEW.completed_at, NEW.created_at) WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = NEW.episode_key;
  DELETE FROM library_fts WHERE rowid = (SELECT id FROM library_entries WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = NEW.episode_key);
  INSERT INTO library_fts (rowid, title, text)
    SELECT id, COALESCE(NEW.title, ''), NEW.transcript FROM library_entries WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = NEW.episode_key AND hidden = 0;
END;
CREATE TRIGGER library_episode_delete AFTER DELETE ON podcast_episodes BEGIN 
  DELETE FROM library_fts WHERE rowid = (SELECT id FROM library_entries WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = OLD.episode_key);
  DELETE FROM library_entries WHERE kind = 'episode' AND platform = 'podcast' AND ref_key = OLD.episode_key;
END;

-- What was there before the library existed.
INSERT INTO library_entries (kind, platform, ref_key, created_at) SELECT 'transcript', platform, canonical_key, created_at FROM transcripts;
INSERT INTO library_entries (kind, platform, ref_key, created_at)
  SELECT 'episode', 'podcast', episode_key, COALESCE(completed_at, created_at) FROM podcast_episodes WHERE status = 'done' AND transcript IS NOT NULL;
INSERT INTO library_fts (rowid, title, text)
  SELECT e.id, COALESCE(t.title, ''), t.text FROM library_entries e JOIN transcripts t ON t.platform = e.platform AND t.canonical_key = e.ref_key WHERE e.kind = 'transcript';
INSERT INTO library_fts (rowid, title, text)
  SELECT e.id, p.title, p.transcript FROM library_entries e JOIN podcast_episodes p ON p.episode_key = e.ref_key WHERE e.kind = 'episode';
`;
