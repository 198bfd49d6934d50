// Provenance (issue 18), after 010: where each transcript came from, beside it.
//
// Frozen as the literal text that was applied (no helpers rendering it: see 004's note).
//
// JSON of src-shared/contract/provenance.ts, kept out of the record so the REST body stays the
// spec's and the library can filter by its kind. NULL is a transcript or episode finished before
// this migration: nobody recorded where it came from, and nothing here guesses.
export const sql = /* sql */ `
ALTER TABLE transcripts ADD COLUMN provenance TEXT;
ALTER TABLE podcast_episodes ADD COLUMN provenance TEXT;
`;
