// Local media (issue 23), after 008: the desk's jobs for dropped audio and video files.
//
// Frozen as the literal text that was applied (no helpers rendering it: see 004's note).
//
// The record is the contract's MediaJob as JSON; id, status and created_at beside it are what is
// looked up and ordered by. A few rows per person: no index beyond the key is needed.
export const sql = /* sql */ `
CREATE TABLE media_jobs (
  id          TEXT    PRIMARY KEY,
  status      TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  record      TEXT    NOT NULL
) STRICT;
`;
