// The shared transcript cache and the desk's library over it, as the store port offers them.
import type { LibraryProvenanceFilter } from '#shared/contract/library';
import type { Provenance } from '#shared/contract/provenance';
import type { LibraryPlatform } from '#shared/platforms';
import type { Segment } from '#shared/transcript';

/** A finished transcript as the shared cache keeps it, whoever asked for it first. */
export interface CachedTranscript {
  platform: LibraryPlatform;
  canonicalKey: string;
  sourceUrl: string;
  title: string | null;
  /** The spec's platform response without `credits` and `cached`. */
  body: Record<string, unknown>;
  text: string;
  segments: Segment[] | null;
  /** Where it came from; null for a transcript cached before that was recorded. */
  provenance: Provenance | null;
  createdAt: number;
}

/** What a put stores: a transcript without its date; no provenance is stored as unknown (null). */
export type NewCachedTranscript = Omit<CachedTranscript, 'createdAt' | 'provenance'> & { provenance?: Provenance | null };

/** A transcript as `db prune` lists it. */
export interface StaleTranscript {
  platform: LibraryPlatform;
  canonicalKey: string;
  title: string | null;
  bytes: number;
  usedAt: number;
}

export interface CacheStats {
  transcripts: number;
  kept: number;
  /** The sum of the transcripts' footprints: what the limit bounds. */
  bytes: number;
}

/**
 * The cache. Its size limit is the `cache.maxBytes` setting, read by the store from its settings
 * rows at every eviction check (so a `settings set` from another process applies at once), unless
 * this process overrides it (`serve --cache-max-bytes`).
 */
export interface TranscriptCacheStore {
  /** A hit (short-link aliases followed): the transcript as stored, and a use for the limit's reckoning. */
  get(platform: LibraryPlatform, key: string): Promise<CachedTranscript | undefined>;
  /** Stores (or replaces) a transcript, files `aliasKey` under it, then evicts past the limit; never the one just stored. */
  put(entry: NewCachedTranscript, aliasKey?: string): Promise<void>;
  /** Files another key (a short link) under an item that is already cached. */
  addAlias(platform: LibraryPlatform, aliasKey: string, canonicalKey: string): Promise<void>;
  /** Keeps a transcript in the desk's library: never evicted, never pruned. */
  keep(platform: LibraryPlatform, key: string): Promise<void>;
  /** This process's limit whatever the setting says; null is no limit. */
  overrideLimit(bytes: number | null): Promise<void>;
  /** The limit in force, and whether it is this process's override. */
  limit(): Promise<{ bytes: number | null; overridden: boolean }>;
  stats(): Promise<CacheStats>;
  /** Evicts least recently used transcripts that are not kept until under the limit; returns how many went. */
  evictPastLimit(): Promise<number>;
  /** Transcripts not kept and not used since `before` (ms since the epoch), oldest first. */
  stale(before: number): Promise<StaleTranscript[]>;
  /** Removes what `stale(before)` lists; returns how many went. */
  prune(before: number): Promise<number>;
}

/** Marks a hit in snippets: characters of Unicode's private use area, which transcripts do not carry. */
export const HIT_START = '\uE000';
export const HIT_END = '\uE001';

/**
 * A search counts its matches up to this many. Past it the total is only "more than this" (at
 * least SEARCH_COUNT_CAP + 1, and one past the rows read so far while pages come back full), and
 * the matches come most recently added first instead of best first.
 */
export { SEARCH_COUNT_CAP } from '#shared/contract/library';

export interface LibraryFilter {
  /** A full-text query in the library's query syntax (see desk/library/query.ts); null lists everything. */
  match: string | null;
  platform: LibraryPlatform | null;
  /** Only this provenance kind (`unknown`: none recorded). */
  provenance?: LibraryProvenanceFilter | null;
  from: number | null;
  to: number | null;
  limit: number;
  offset: number;
}

export interface LibraryRow {
  id: number;
  kind: 'transcript' | 'episode';
  platform: LibraryPlatform;
  refKey: string;
  title: string | null;
  subtitle: string | null;
  sourceUrl: string | null;
  /** With HIT_START/HIT_END around the hits when searched; the start of the text otherwise. */
  snippet: string;
  hasTiming: boolean;
  createdAt: number;
  provenance: Provenance | null;
}

/** Every cached transcript and finished podcast episode, searchable; kept in step by the store itself. */
export interface LibraryStore {
  search(filter: LibraryFilter): Promise<{ total: number; rows: LibraryRow[] }>;
  get(id: number): Promise<LibraryRow | undefined>;
  /**
   * A cached transcript leaves the shared cache (fetching it again charges again); a podcast
   * episode is only hidden, because its job record must keep answering. Returns how many went.
   */
  delete(ids: readonly number[]): Promise<number>;
}
