// Local media jobs (the SQLite ledger's migration 009): the record as JSON beside what is looked up.
export const sql = /* sql */ `
CREATE TABLE media_jobs (
  id          TEXT    PRIMARY KEY,
  status      TEXT    NOT NULL,
  created_at  BIGINT  NOT NULL,
  record      TEXT    NOT NULL
);
`;
