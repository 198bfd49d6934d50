// The first schema: accounts, keys, the append-only credit ledger, the shared transcript cache,
// rate-limit windows and the podcast job tables. STRICT tables so a wrong type is an error, not a cast.
export const sql = /* sql */ `
CREATE TABLE accounts (
  id          INTEGER PRIMARY KEY,
  plan        TEXT    NOT NULL CHECK (plan IN ('free', 'credits', 'plus', 'pro')),
  label       TEXT    NOT NULL DEFAULT '',
  is_owner    INTEGER NOT NULL DEFAULT 0 CHECK (is_owner IN (0, 1)),
  -- Denormalized sum of credit_entries, maintained only by the trigger below. The CHECK is what
  -- makes a charge that would overdraw fail inside the same statement, whatever the caller does.
  balance     INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at  INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX accounts_one_owner ON accounts (is_owner) WHERE is_owner = 1;

CREATE TABLE api_keys (
  id          INTEGER PRIMARY KEY,
  account_id  INTEGER NOT NULL REFERENCES accounts (id),
  prefix      TEXT    NOT NULL UNIQUE,
  key_hash    TEXT    NOT NULL UNIQUE,
  label       TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  revoked_at  INTEGER
) STRICT;

CREATE TABLE credit_entries (
  id          INTEGER PRIMARY KEY,
  account_id  INTEGER NOT NULL REFERENCES accounts (id),
  kind        TEXT    NOT NULL CHECK (kind IN ('grant', 'charge', 'reserve', 'settle', 'refund')),
  amount      INTEGER NOT NULL,
  -- request id for a charge, job id for reserve/settle/refund: one row per (account, kind, reference).
  reference   TEXT,
  note        TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  CHECK ((kind IN ('charge', 'reserve') AND amount <= 0) OR (kind IN ('grant', 'refund') AND amount >= 0) OR kind = 'settle')
) STRICT;
CREATE UNIQUE INDEX credit_entries_once ON credit_entries (account_id, kind, reference) WHERE reference IS NOT NULL;
CREATE INDEX credit_entries_account ON credit_entries (account_id, id);
CREATE TRIGGER credit_entries_apply AFTER INSERT ON credit_entries BEGIN
  UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
END;
CREATE TRIGGER credit_entries_no_update BEFORE UPDATE ON credit_entries BEGIN
  SELECT RAISE(ABORT, 'the credit ledger is append-only');
END;
CREATE TRIGGER credit_entries_no_delete BEFORE DELETE ON credit_entries BEGIN
  SELECT RAISE(ABORT, 'the credit ledger is append-only');
END;

CREATE TABLE rate_windows (
  bucket        TEXT    PRIMARY KEY,
  window_start  INTEGER NOT NULL,
  used          INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Shared across accounts: one row per item, keyed like the URL rules key it.
CREATE TABLE transcripts (
  platform       TEXT    NOT NULL,
  canonical_key  TEXT    NOT NULL,
  source_url     TEXT    NOT NULL,
  title          TEXT,
  body           TEXT    NOT NULL,   -- JSON: the spec's platform response without credits/cached
  text           TEXT    NOT NULL,   -- plain text, for search and export
  segments       TEXT,               -- JSON Segment[] where timing is known
  created_at     INTEGER NOT NULL,
  PRIMARY KEY (platform, canonical_key)
) STRICT;

-- Short links (vm.tiktok.com, fb.watch) resolve to an item; the alias lets the next request skip upstream.
CREATE TABLE transcript_aliases (
  platform       TEXT NOT NULL,
  alias_key      TEXT NOT NULL,
  canonical_key  TEXT NOT NULL,
  PRIMARY KEY (platform, alias_key)
) STRICT, WITHOUT ROWID;

-- One row per episode: the transcription work, shared by every account that asks for it.
CREATE TABLE podcast_episodes (
  episode_key       TEXT    PRIMARY KEY,
  status            TEXT    NOT NULL CHECK (status IN ('processing', 'done', 'failed')),
  title             TEXT    NOT NULL DEFAULT '',
  show_title        TEXT    NOT NULL DEFAULT '',
  artwork_url       TEXT    NOT NULL DEFAULT '',
  duration_seconds  INTEGER NOT NULL DEFAULT 0,
  audio_url         TEXT,
  chunks_done       INTEGER NOT NULL DEFAULT 0,
  chunks_total      INTEGER NOT NULL DEFAULT 0,
  transcript        TEXT,
  source            TEXT CHECK (source IS NULL OR source IN ('publisher', 'ai')),
  error_message     TEXT,
  created_at        INTEGER NOT NULL,
  completed_at      INTEGER
) STRICT;

-- One row per submit of an account: what it reserved and whether that was settled.
CREATE TABLE podcast_jobs (
  id            TEXT    PRIMARY KEY,
  account_id    INTEGER NOT NULL REFERENCES accounts (id),
  episode_key   TEXT    NOT NULL REFERENCES podcast_episodes (episode_key),
  reserved      INTEGER NOT NULL CHECK (reserved >= 0),
  status        TEXT    NOT NULL CHECK (status IN ('processing', 'done', 'failed')),
  created_at    INTEGER NOT NULL,
  completed_at  INTEGER
) STRICT;
CREATE INDEX podcast_jobs_episode ON podcast_jobs (episode_key, status);
`;
