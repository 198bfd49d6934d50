// Follows (issue 17), after 009: followed sources and the items each one has met.
//
// Frozen as the literal text that was applied (no helpers rendering it: see 004's note).
//
// Records are JSON (service/store/follows.ts); beside them only what is looked up: a follow by its
// source key (one follow per source, so UNIQUE), an item by its follow and key, and by the queue
// row that fetches it (when a row finishes, its follow learns it). A follow's items go with it.
export const sql = /* sql */ `
CREATE TABLE follows (
  id          TEXT    PRIMARY KEY,
  source_key  TEXT    NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL,
  record      TEXT    NOT NULL
) STRICT;

CREATE TABLE follow_items (
  follow_id      TEXT    NOT NULL REFERENCES follows (id) ON DELETE CASCADE,
  item_key       TEXT    NOT NULL,
  seq            INTEGER NOT NULL,
  queue_item_id  TEXT,
  record         TEXT    NOT NULL,
  PRIMARY KEY (follow_id, item_key)
) STRICT;

CREATE INDEX follow_items_by_queue_item ON follow_items (queue_item_id) WHERE queue_item_id IS NOT NULL;
`;
