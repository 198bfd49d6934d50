// The desk's batch queue (the SQLite ledger's migration 004, with 006's rule that a transcript the
// queue delivered is kept in the cache).
const queueResult = (row: string) =>
  `platform = ${row}.platform AND canonical_key = COALESCE((SELECT a.canonical_key FROM transcript_aliases a WHERE a.platform = ${row}.platform AND a.alias_key = ${row}.result_key), ${row}.result_key)`;

export const sql = /* sql */ `
CREATE TABLE queue_items (
  id             TEXT    PRIMARY KEY,
  position       BIGINT  NOT NULL UNIQUE,
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
  created_at     BIGINT  NOT NULL,
  updated_at     BIGINT  NOT NULL
);
CREATE UNIQUE INDEX queue_items_identity ON queue_items (platform, canonical_key) WHERE canonical_key IS NOT NULL;
CREATE INDEX queue_items_url ON queue_items (url) WHERE canonical_key IS NULL;
CREATE INDEX queue_items_status ON queue_items (status, position);
CREATE INDEX queue_items_job ON queue_items (job_id) WHERE job_id IS NOT NULL;

-- A transcript the desk's queue delivered is kept, whichever code path finished the item.
CREATE FUNCTION queue_keeps_transcript() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.result_kind = 'transcript' AND NEW.result_key IS NOT NULL THEN
    UPDATE transcripts SET kept = TRUE WHERE ${queueResult('NEW')} AND NOT kept;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER queue_items_keep AFTER INSERT OR UPDATE OF result_kind, result_key ON queue_items
  FOR EACH ROW EXECUTE FUNCTION queue_keeps_transcript();
`;
