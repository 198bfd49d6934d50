// Transcript versions (issue 18, editing with versions), after 010; 011 belongs to another part of
// the same issue and may land before or after this one (migrate.ts applies what is missing, in order).
//
// Frozen as the literal text that was applied (no helpers rendering it: see 004's note).
//
// A version is a person's edit or a re-transcription of a cached transcript or a podcast episode,
// named by `ref_key`; the original is never copied here. Its record is JSON
// (service/store/versions.ts); beside it only what is looked up: the transcript and the number.
// The choice of export version is one row per transcript; no row is the original. A chosen
// version's row goes with it (the store moves the choice to the parent first).
export const sql = /* sql */ `
CREATE TABLE transcript_versions (
  id          TEXT    PRIMARY KEY,
  ref_key     TEXT    NOT NULL,
  number      INTEGER NOT NULL CHECK (number >= 1),
  created_at  INTEGER NOT NULL,
  record      TEXT    NOT NULL,
  UNIQUE (ref_key, number)
) STRICT;

CREATE TABLE transcript_version_choices (
  ref_key     TEXT    PRIMARY KEY,
  version_id  TEXT    NOT NULL REFERENCES transcript_versions (id) ON DELETE CASCADE
) STRICT;
`;
