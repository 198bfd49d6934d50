// Podcast episodes (the shared work, one row per episode) and jobs (one per submit of an account,
// with what it reserved): the SQLite ledger's 001, 003 and 005 as one. `seq` orders rows created in
// the same millisecond, as SQLite's rowid does.
export const sql = /* sql */ `
CREATE TABLE podcast_episodes (
  episode_key       TEXT    PRIMARY KEY,
  seq               BIGINT  GENERATED ALWAYS AS IDENTITY,
  status            TEXT    NOT NULL CHECK (status IN ('processing', 'done', 'failed')),
  title             TEXT    NOT NULL DEFAULT '',
  show_title        TEXT    NOT NULL DEFAULT '',
  artwork_url       TEXT    NOT NULL DEFAULT '',
  duration_seconds  INTEGER NOT NULL DEFAULT 0,
  audio_url         TEXT,
  episode_url       TEXT,
  -- A transcript the publisher ships in the feed (<podcast:transcript>): used instead of speech-to-text.
  transcript_url    TEXT,
  transcript_type   TEXT,
  chunks_done       INTEGER NOT NULL DEFAULT 0,
  chunks_total      INTEGER NOT NULL DEFAULT 0,
  chunks_reused     INTEGER NOT NULL DEFAULT 0,
  transcript        TEXT,
  -- Timed lines of the finished transcript (JSON Segment[]).
  segments          TEXT,
  source            TEXT    CHECK (source IS NULL OR source IN ('publisher', 'ai')),
  error_message     TEXT,
  -- The runner working on the episode: claim is a compare-and-set on it.
  runner_pid        INTEGER,
  started_at        BIGINT,
  created_at        BIGINT  NOT NULL,
  completed_at      BIGINT
);
CREATE INDEX podcast_episodes_status ON podcast_episodes (status, created_at, seq);

CREATE TABLE podcast_jobs (
  id             TEXT    PRIMARY KEY,
  seq            BIGINT  GENERATED ALWAYS AS IDENTITY,
  account_id     BIGINT  NOT NULL REFERENCES accounts (id),
  episode_key    TEXT    NOT NULL REFERENCES podcast_episodes (episode_key),
  reserved       BIGINT  NOT NULL CHECK (reserved >= 0),
  status         TEXT    NOT NULL CHECK (status IN ('processing', 'done', 'failed')),
  -- A job can fail on its own (cancelled) while the episode goes on for other accounts.
  error_message  TEXT,
  created_at     BIGINT  NOT NULL,
  completed_at   BIGINT
);
CREATE INDEX podcast_jobs_episode ON podcast_jobs (episode_key, status);
CREATE INDEX podcast_jobs_account ON podcast_jobs (account_id, created_at, seq);
`;
