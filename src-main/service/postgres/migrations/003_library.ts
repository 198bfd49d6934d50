// The desk's library on PostgreSQL: one entry per cached transcript (episodes join when the podcast
// tables do), searched with PostgreSQL's own text search. The words are indexed as a tsvector the
// store computes when it stores the transcript (the text itself lives only in the compressed
// record, which the server cannot read): 'simple' keeps every word as written, lowercased, without
// stemming or stop words, as the SQLite library's unicode61 tokenizer does; the title weighs more.
export const sql = /* sql */ `
CREATE TABLE library_entries (
  id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind        TEXT    NOT NULL CHECK (kind IN ('transcript', 'episode')),
  platform    TEXT    NOT NULL,
  ref_key     TEXT    NOT NULL,
  -- A podcast episode the user deleted from the library (its job record keeps its transcript).
  hidden      BOOLEAN NOT NULL DEFAULT FALSE,
  created_at  BIGINT  NOT NULL,
  words       TSVECTOR NOT NULL,
  UNIQUE (kind, platform, ref_key)
);
CREATE INDEX library_entries_created ON library_entries (created_at, id);
CREATE INDEX library_entries_words ON library_entries USING GIN (words);

-- A transcript that leaves the cache (evicted, pruned, deleted) leaves the library with it.
CREATE FUNCTION library_transcript_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_entries WHERE kind = 'transcript' AND platform = OLD.platform AND ref_key = OLD.canonical_key;
  RETURN NULL;
END $$;
CREATE TRIGGER transcripts_library_gone AFTER DELETE ON transcripts
  FOR EACH ROW EXECUTE FUNCTION library_transcript_gone();
`;
