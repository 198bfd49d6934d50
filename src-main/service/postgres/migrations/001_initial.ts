// The team server's first schema: what the SQLite ledger holds after its migration 008, for the
// groups on PostgreSQL so far (accounts, keys, the credit ledger, rate windows, settings, the
// transcript cache). Times are Unix milliseconds in BIGINT, as the port's numbers are.
export const sql = /* sql */ `
CREATE TABLE accounts (
  id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  plan        TEXT    NOT NULL CHECK (plan IN ('free', 'credits', 'plus', 'pro')),
  label       TEXT    NOT NULL DEFAULT '',
  is_owner    BOOLEAN NOT NULL DEFAULT FALSE,
  -- The sum of the account's credit_entries, moved only in the statement that books an entry. The
  -- CHECK is what refuses a debit that would overdraw, in the same statement, on any node.
  balance     BIGINT  NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at  BIGINT  NOT NULL
);
CREATE UNIQUE INDEX accounts_one_owner ON accounts (is_owner) WHERE is_owner;

CREATE TABLE api_keys (
  id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id  BIGINT  NOT NULL REFERENCES accounts (id),
  prefix      TEXT    NOT NULL UNIQUE,
  key_hash    TEXT    NOT NULL UNIQUE,
  label       TEXT    NOT NULL DEFAULT '',
  created_at  BIGINT  NOT NULL,
  revoked_at  BIGINT
);

CREATE TABLE credit_entries (
  id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id  BIGINT  NOT NULL REFERENCES accounts (id),
  kind        TEXT    NOT NULL CHECK (kind IN ('grant', 'charge', 'reserve', 'settle', 'refund')),
  amount      BIGINT  NOT NULL,
  -- Request id of a charge, job id of reserve/settle/refund: one row per (account, kind, reference).
  reference   TEXT,
  note        TEXT    NOT NULL DEFAULT '',
  created_at  BIGINT  NOT NULL,
  CHECK ((kind IN ('charge', 'reserve') AND amount <= 0) OR (kind IN ('grant', 'refund') AND amount >= 0) OR kind = 'settle')
);
CREATE UNIQUE INDEX credit_entries_once ON credit_entries (account_id, kind, reference) WHERE reference IS NOT NULL;
CREATE INDEX credit_entries_account ON credit_entries (account_id, id);
CREATE FUNCTION credit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the credit ledger is append-only';
END $$;
CREATE TRIGGER credit_entries_no_change BEFORE UPDATE OR DELETE ON credit_entries
  FOR EACH ROW EXECUTE FUNCTION credit_entries_append_only();

-- What sumOfEntries has already added up per account (the ledger is append-only, so it holds).
CREATE TABLE credit_audits (
  account_id  BIGINT  PRIMARY KEY REFERENCES accounts (id),
  through_id  BIGINT  NOT NULL,
  total       BIGINT  NOT NULL
);

CREATE TABLE rate_windows (
  bucket        TEXT    PRIMARY KEY,
  window_start  BIGINT  NOT NULL,
  used          INTEGER NOT NULL
);

CREATE TABLE settings (
  key         TEXT    PRIMARY KEY,
  value       TEXT    NOT NULL,
  updated_at  BIGINT  NOT NULL
);

-- Shared across accounts: one row per item, keyed as the URL rules key it; the transcript itself is
-- one record (service/store/transcriptRecord.ts) in transcript_records.
CREATE TABLE transcripts (
  id             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform       TEXT    NOT NULL,
  canonical_key  TEXT    NOT NULL,
  source_url     TEXT    NOT NULL,
  title          TEXT,
  has_timing     BOOLEAN NOT NULL,
  -- What the item costs the cache limit (service/store/footprint.ts).
  bytes          BIGINT  NOT NULL,
  kept           BOOLEAN NOT NULL DEFAULT FALSE,
  created_at     BIGINT  NOT NULL,
  used_at        BIGINT  NOT NULL,
  UNIQUE (platform, canonical_key)
);
CREATE INDEX transcripts_evictable ON transcripts (used_at, id) WHERE NOT kept;

CREATE TABLE transcript_records (
  id      BIGINT  PRIMARY KEY REFERENCES transcripts (id) ON DELETE CASCADE,
  record  BYTEA   NOT NULL
);

-- Short links (vm.tiktok.com, fb.watch) resolve to an item; the alias lets the next request skip upstream.
CREATE TABLE transcript_aliases (
  platform       TEXT NOT NULL,
  alias_key      TEXT NOT NULL,
  canonical_key  TEXT NOT NULL,
  PRIMARY KEY (platform, alias_key)
);
CREATE INDEX transcript_aliases_target ON transcript_aliases (platform, canonical_key);

-- The cache's totals, one row kept by a trigger: the eviction check at every put reads one row
-- instead of summing every transcript.
CREATE TABLE transcript_totals (
  one          BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
  transcripts  BIGINT  NOT NULL,
  kept         BIGINT  NOT NULL,
  bytes        BIGINT  NOT NULL
);
INSERT INTO transcript_totals (transcripts, kept, bytes) VALUES (0, 0, 0);
CREATE FUNCTION transcript_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE transcript_totals SET transcripts = transcripts - 1, kept = kept - OLD.kept::int, bytes = bytes - OLD.bytes;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE transcript_totals SET transcripts = transcripts + 1, kept = kept + NEW.kept::int, bytes = bytes + NEW.bytes;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER transcripts_totals AFTER INSERT OR DELETE OR UPDATE OF kept, bytes ON transcripts
  FOR EACH ROW EXECUTE FUNCTION transcript_totals_follow();
`;
