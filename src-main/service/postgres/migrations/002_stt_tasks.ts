// Speech-to-text tasks' finished chunks (the SQLite ledger's migration 002), so a restarted task
// skips the chunks it already has.
export const sql = /* sql */ `
CREATE TABLE stt_tasks (
  task_key     TEXT    PRIMARY KEY,
  fingerprint  TEXT    NOT NULL,
  plan         TEXT    NOT NULL,   -- JSON ChunkPlan
  created_at   BIGINT  NOT NULL,
  updated_at   BIGINT  NOT NULL
);

CREATE TABLE stt_chunks (
  task_key     TEXT    NOT NULL REFERENCES stt_tasks (task_key) ON DELETE CASCADE,
  idx          INTEGER NOT NULL,
  segments     TEXT    NOT NULL,   -- JSON Segment[], absolute times
  finished_at  BIGINT  NOT NULL,
  PRIMARY KEY (task_key, idx)
);
`;
