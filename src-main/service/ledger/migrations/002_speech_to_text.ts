// Speech-to-text: typed settings the desk edits, and the chunk work of each transcription task so
// a task that was interrupted (crash, restart, cancel) resumes from its finished chunks.
export const sql = /* sql */ `
-- One row per setting; value is JSON, validated by src-main/service/settings.ts on read and write.
CREATE TABLE settings (
  key         TEXT    PRIMARY KEY,
  value       TEXT    NOT NULL,
  updated_at  INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- A transcription task: the chunk plan it committed to. The fingerprint (engine, model, language,
-- sample count) decides whether a restarted task may reuse the finished chunks.
CREATE TABLE stt_tasks (
  task_key     TEXT    PRIMARY KEY,
  fingerprint  TEXT    NOT NULL,
  plan         TEXT    NOT NULL,   -- JSON ChunkPlan
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
) STRICT;

CREATE TABLE stt_chunks (
  task_key     TEXT    NOT NULL REFERENCES stt_tasks (task_key) ON DELETE CASCADE,
  idx          INTEGER NOT NULL,
  segments     TEXT    NOT NULL,   -- JSON Segment[], absolute times
  finished_at  INTEGER NOT NULL,
  PRIMARY KEY (task_key, idx)
) STRICT, WITHOUT ROWID;
`;
