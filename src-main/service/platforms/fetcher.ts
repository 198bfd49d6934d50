import type { PlatformBodies, PlatformBody } from '#shared/contract/api/index';
import type { Provenance } from '#shared/contract/provenance';
import type { SyncPlatformToken } from '#shared/platforms';
import type { ParsedItem } from '#shared/url/parse';
import type { Segment } from '#shared/transcript';

/** What a platform fetcher hands back when it has a transcript. */
export interface FetchedTranscript<B extends PlatformBody = PlatformBody> {
  /** The spec's response shape for the platform (§2.3) without `credits` and `cached`. */
  body: B;
  /** Plain text of the transcript, for the library, search and TXT export. */
  text: string;
  /** Timing where the source has it (captions, speech-to-text), for SRT/VTT export. */
  segments: Segment[] | null;
  title: string | null;
  /**
   * Where the text came from, as the upstream says it (kept beside the transcript, never in the
   * body); null only for the spec's empty transcript, which has no text to come from anywhere.
   */
  provenance: Provenance | null;
  /** The item's canonical key when the request used a short link that was resolved upstream. */
  resolvedKey?: string;
}

/** A fetch that did not yield a transcript. Every one of these is free for the caller. */
export interface FetchFailure {
  /**
   * The spec's statuses (§7); our own speech-to-text failing is a 502 with its own `error` text.
   * 503 is ours too: speech-to-text has no free place (platforms/speech.ts), retry after `Retry-After`.
   */
  status: 404 | 422 | 502 | 503;
  error: string;
  message?: string;
  code?: string;
  /**
   * How long to wait before asking again (503's and `upstream_rate_limited`'s Retry-After), in
   * whole seconds as ms: a REST client reads it as `Retry-After`, the desk's queue as a number.
   */
  retryAfterMs?: number;
}

export type FetchOutcome<B extends PlatformBody = PlatformBody> = { ok: true; transcript: FetchedTranscript<B> } | ({ ok: false } & FetchFailure);

export interface FetchContext {
  signal: AbortSignal;
  /** Optional request field `lang` (caption language preference), already validated. */
  lang?: string;
}

/** One per synchronous platform: URL in, that platform's spec body (§2.3) or a classified failure out. */
export interface PlatformFetcher<P extends SyncPlatformToken = SyncPlatformToken> {
  /**
   * True when the request field `lang` changes what this fetcher returns; the facade then passes it
   * on and keeps one cache entry per language. Other fetchers never see it.
   */
  readonly honoursLang?: boolean;
  fetch(item: ParsedItem, ctx: FetchContext): Promise<FetchOutcome<PlatformBodies[P]>>;
}
