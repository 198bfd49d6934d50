// Provenance (the SQLite ledger's migration 011): where each transcript and episode came from, as
// JSON beside it, outside the spec's body. NULL is one finished before this migration.
export const sql = /* sql */ `
ALTER TABLE transcripts ADD COLUMN provenance JSONB;
ALTER TABLE podcast_episodes ADD COLUMN provenance JSONB;
`;
