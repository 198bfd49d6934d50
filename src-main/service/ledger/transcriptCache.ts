import type Database from 'better-sqlite3';
import type { PlatformToken } from '../../../src-shared/platforms';
import type { Segment } from '../../../src-shared/transcript';

/** A finished transcript as the shared cache keeps it, whoever asked for it first. */
export interface CachedTranscript {
  platform: PlatformToken;
  canonicalKey: string;
  sourceUrl: string;
  title: string | null;
  /** The spec's platform response without `credits` and `cached`. */
  body: Record<string, unknown>;
  text: string;
  segments: Segment[] | null;
  createdAt: number;
}

interface Row {
  platform: PlatformToken;
  canonical_key: string;
  source_url: string;
  title: string | null;
  body: string;
  text: string;
  segments: string | null;
  created_at: number;
}

const fromRow = (r: Row): CachedTranscript => ({
  platform: r.platform,
  canonicalKey: r.canonical_key,
  sourceUrl: r.source_url,
  title: r.title,
  body: JSON.parse(r.body) as Record<string, unknown>,
  text: r.text,
  segments: r.segments === null ? null : (JSON.parse(r.segments) as Segment[]),
  createdAt: r.created_at,
});

export class TranscriptCache {
  private readonly lookup;
  private readonly upsert;
  private readonly alias;

  constructor(db: Database.Database) {
    // An alias row (short link → item) is followed in the same query so a hit costs one lookup.
    this.lookup = db.prepare<[{ platform: string; key: string }], Row>(
      `SELECT * FROM transcripts
       WHERE platform = @platform
         AND canonical_key = COALESCE((SELECT canonical_key FROM transcript_aliases WHERE platform = @platform AND alias_key = @key), @key)`,
    );
    this.upsert = db.prepare(
      `INSERT INTO transcripts (platform, canonical_key, source_url, title, body, text, segments, created_at)
       VALUES (@platform, @canonicalKey, @sourceUrl, @title, @body, @text, @segments, @createdAt)
       ON CONFLICT (platform, canonical_key) DO UPDATE SET source_url = excluded.source_url, title = excluded.title,
         body = excluded.body, text = excluded.text, segments = excluded.segments, created_at = excluded.created_at`,
    );
    this.alias = db.prepare('INSERT OR REPLACE INTO transcript_aliases (platform, alias_key, canonical_key) VALUES (?, ?, ?)');
  }

  get(platform: PlatformToken, key: string): CachedTranscript | undefined {
    const row = this.lookup.get({ platform, key });
    return row && fromRow(row);
  }

  put(entry: Omit<CachedTranscript, 'createdAt'>, aliasKey?: string): void {
    this.upsert.run({
      platform: entry.platform,
      canonicalKey: entry.canonicalKey,
      sourceUrl: entry.sourceUrl,
      title: entry.title,
      body: JSON.stringify(entry.body),
      text: entry.text,
      segments: entry.segments === null ? null : JSON.stringify(entry.segments),
      createdAt: Date.now(),
    });
    if (aliasKey !== undefined && aliasKey !== entry.canonicalKey) this.alias.run(entry.platform, aliasKey, entry.canonicalKey);
  }

  /** Files another key (a short link) under an item that is already cached. */
  addAlias(platform: PlatformToken, aliasKey: string, canonicalKey: string): void {
    if (aliasKey !== canonicalKey) this.alias.run(platform, aliasKey, canonicalKey);
  }
}
