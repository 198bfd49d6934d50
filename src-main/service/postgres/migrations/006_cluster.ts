// What a team server's workers hand each other through the database (issue 15): the audio of an
// episode's chunks, cut by the worker that decoded the episode and read by whichever worker takes
// each chunk (no shared filesystem), and which worker finished which chunk.
export const sql = /* sql */ `
CREATE TABLE stt_chunk_audio (
  task_key  TEXT    NOT NULL REFERENCES stt_tasks (task_key) ON DELETE CASCADE,
  idx       INTEGER NOT NULL,
  -- 16 kHz mono s16le PCM, as the engines take it: about 1 MB per 30 s.
  pcm       BYTEA   NOT NULL,
  PRIMARY KEY (task_key, idx)
);
-- PCM does not compress with pglz; do not spend the CPU trying on every write.
ALTER TABLE stt_chunk_audio ALTER COLUMN pcm SET STORAGE EXTERNAL;

-- One row per chunk that counted: kept after the task is merged and forgotten, for the record
-- (status, the operator's questions, the tests' "at least two workers").
CREATE TABLE stt_chunk_runs (
  task_key     TEXT    NOT NULL,
  idx          INTEGER NOT NULL,
  worker       TEXT    NOT NULL,
  engine       TEXT    NOT NULL,
  -- One word per segment (the merge then removes overlaps word by word).
  word_level   BOOLEAN NOT NULL,
  attempt      INTEGER NOT NULL,
  started_at   BIGINT  NOT NULL,
  finished_at  BIGINT  NOT NULL,
  PRIMARY KEY (task_key, idx)
);
`;
