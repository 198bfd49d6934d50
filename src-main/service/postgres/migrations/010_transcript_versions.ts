// Transcript versions (the SQLite ledger's migration 012; issue 18, editing with versions). 009
// belongs to another part of the same issue. A person's edits and re-transcriptions of a cached
// transcript or an episode, records as JSON beside what is looked up; the chosen export version one
// row per transcript (no row: the original).
export const sql = /* sql */ `
CREATE TABLE transcript_versions (
  id          TEXT    PRIMARY KEY,
  ref_key     TEXT    NOT NULL,
  number      INTEGER NOT NULL CHECK (number >= 1),
  created_at  BIGINT  NOT NULL,
  record      TEXT    NOT NULL,
  UNIQUE (ref_key, number)
);

CREATE TABLE transcript_version_choices (
  ref_key     TEXT    PRIMARY KEY,
  version_id  TEXT    NOT NULL REFERENCES transcript_versions (id) ON DELETE CASCADE
);
`;
