// Follows (the SQLite ledger's migration 010): followed sources and the items each one has met,
// records as JSON beside what is looked up. A follow's items go with it.
export const sql = /* sql */ `
CREATE TABLE follows (
  id          TEXT    PRIMARY KEY,
  source_key  TEXT    NOT NULL UNIQUE,
  created_at  BIGINT  NOT NULL,
  record      TEXT    NOT NULL
);

CREATE TABLE follow_items (
  follow_id      TEXT    NOT NULL REFERENCES follows (id) ON DELETE CASCADE,
  item_key       TEXT    NOT NULL,
  seq            BIGSERIAL,
  queue_item_id  TEXT,
  record         TEXT    NOT NULL,
  PRIMARY KEY (follow_id, item_key)
);

CREATE INDEX follow_items_by_queue_item ON follow_items (queue_item_id) WHERE queue_item_id IS NOT NULL;
`;
