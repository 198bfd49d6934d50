// The facade of the transcript service. Every transport (REST, app RPC, CLI) goes through these
// methods and renders the `ApiResponse` they return; no transport decides a status or a text.
import { randomUUID } from 'node:crypto';
import { PLATFORMS, type SyncPlatformToken } from '../../src-shared/platforms';
import { parseForPlatform, type ParsedItem } from '../../src-shared/url/parse';
import { ERROR_TEXT, errorResponse, withHeaders, type ApiResponse } from './apiResponse';
import { transcribeVideoAudio, type AudioPlatform } from './audioTranscript';
import { SYNC_TRANSCRIPT_PRICE } from './billing';
import { KEY_PREFIX, type CachedTranscript, type Plan, type Store } from './store/port';
import { NotFoundMemory } from './notFoundMemory';
import type { FetchContext, FetchFailure, FetchOutcome } from './platforms/fetcher';
import { defaultFetchers, type FetcherTable } from './platforms/index';
import { jobRecord } from './podcast/jobRecord';
import { notImplementedSubmitter, type PodcastSubmitter } from './podcast/submitter';
import { clientBucket, RATE_LIMIT, RATE_WINDOW_MS, rateLimitHeaders } from './rateLimit';
import { langField, parseJsonObject, urlField } from './requestBody';
import { Settings } from './settings';
import type { SpeechToText } from './stt/index';

/** An authenticated caller that passed the rate limit. */
export interface Caller {
  accountId: number;
  plan: Plan;
  keyPrefix: string;
}

export type Admission = { ok: true; caller: Caller; headers: Record<string, string> } | { ok: false; response: ApiResponse };

export interface ServiceOptions {
  store: Store;
  fetchers?: Partial<FetcherTable>;
  podcast?: PodcastSubmitter;
  now?: () => number;
  /** Speech-to-text for "Transcribe the audio" (audioTranscript.ts); the fetchers get their own. */
  stt?: SpeechToText;
}

const PODCAST_PLANS: ReadonlySet<Plan> = new Set(['plus', 'pro']);

/** One cache entry per item, and per caption language where the platform honours `lang`. */
export function transcriptCacheKey(canonicalKey: string, lang: string | undefined): string {
  return lang === undefined ? canonicalKey : `${canonicalKey}#lang=${lang.toLowerCase()}`;
}

/** A fetch failure in the spec's error shape; a remembered 404 renders exactly like the first one. */
function failureResponse({ status, error, message, code, headers }: FetchFailure): ApiResponse {
  return errorResponse(status, error, { ...(message === undefined ? {} : { message }), ...(code === undefined ? {} : { code }) }, headers);
}

export class TranscriptService {
  readonly store: Store;
  private readonly fetchers: FetcherTable;
  private readonly podcast: PodcastSubmitter;
  private readonly now: () => number;
  private readonly stt: SpeechToText | undefined;
  private readonly notFound = new NotFoundMemory();
  private readonly settings: Settings;

  constructor(options: ServiceOptions) {
    this.settings = new Settings(options.store);
    this.stt = options.stt;
    this.store = options.store;
    this.fetchers = defaultFetchers(options.fetchers);
    this.podcast = options.podcast ?? notImplementedSubmitter;
    this.now = options.now ?? Date.now;
  }

  /**
   * Auth (spec §5) then rate limit (§8). Requests without a valid key are limited per client
   * address, which both gives them honest rate-limit headers and slows down key guessing.
   */
  async admit(authorization: string | undefined, client: string): Promise<Admission> {
    const now = this.now();
    const token = authorization?.startsWith(`Bearer ${KEY_PREFIX}`) ? authorization.slice('Bearer '.length).trim() : undefined;
    const key = token === undefined ? undefined : await this.store.keys.find(token);
    const valid = key !== undefined && !key.revoked;
    const decision = await this.store.rateWindows.hit(valid ? `key:${key.keyId}` : clientBucket(client), now, RATE_LIMIT, RATE_WINDOW_MS);
    const headers = rateLimitHeaders(decision, now);
    if (!decision.allowed) return { ok: false, response: errorResponse(429, ERROR_TEXT.rateLimited, {}, headers) };
    if (token === undefined) return { ok: false, response: errorResponse(401, ERROR_TEXT.missingKey, {}, headers) };
    if (!valid) return { ok: false, response: errorResponse(401, ERROR_TEXT.invalidKey, {}, headers) };
    return { ok: true, caller: { accountId: key.accountId, plan: key.plan, keyPrefix: key.prefix }, headers };
  }

  /** GET /api/balance: free, rate limited, never 403. */
  async balance(caller: Caller): Promise<ApiResponse> {
    const account = await this.store.accounts.get(caller.accountId);
    return { status: 200, headers: {}, body: { credits: account?.balance ?? 0, plan: account?.plan ?? caller.plan } };
  }

  /** POST /api/{platform}/transcript for the synchronous platforms. */
  async transcript(caller: Caller, platform: SyncPlatformToken, rawBody: string | undefined, signal?: AbortSignal): Promise<ApiResponse> {
    const request = this.readUrl(platform, rawBody);
    if (!request.ok) return request.response;
    const { item } = request;
    const requestedLang = langField(request.body);
    if (!requestedLang.ok) return errorResponse(400, ERROR_TEXT.invalidLang, { message: requestedLang.message });
    // Platforms without a language choice ignore `lang`, so it must not split their cache either.
    const lang = this.fetchers[platform].honoursLang === true ? requestedLang.lang : undefined;
    const keyOf = (canonicalKey: string) => transcriptCacheKey(canonicalKey, lang);

    const balance = await this.store.credits.balance(caller.accountId);
    if (balance <= 0) return errorResponse(403, ERROR_TEXT.noCredits, { message: 'This key has no credits left' });

    const hit = await this.store.cache.get(platform, keyOf(item.canonicalKey));
    if (hit !== undefined) return { status: 200, headers: {}, body: { ...hit.body, credits: balance, cached: true } };

    const notFoundKey = `${platform} ${keyOf(item.canonicalKey)}`;
    const remembered = this.notFound.recall(notFoundKey, this.now());
    if (remembered !== undefined) return failureResponse(remembered);

    const outcome = await this.fetchSafely(platform, item, { signal: signal ?? new AbortController().signal, ...(lang === undefined ? {} : { lang }) });
    if (!outcome.ok) {
      // The setting is read when a 404 is kept, not per request: a change applies to the next one kept.
      if (outcome.status === 404) this.notFound.remember(notFoundKey, outcome, (await this.settings.get('cache.notFoundSeconds')) * 1000, this.now());
      return failureResponse(outcome);
    }
    return this.deliver(caller, platform, item, outcome.transcript, keyOf);
  }

  /** The desk's "Transcribe the audio" for a TikTok/Facebook video without captions; not a REST route (audioTranscript.ts). */
  transcribeAudio(caller: Caller, platform: AudioPlatform, url: string, signal: AbortSignal): Promise<ApiResponse> {
    return transcribeVideoAudio(this.store, this.stt, caller, platform, url, signal);
  }

  /** What a successful transcript() call cached for this URL: the CLI exports from it. */
  async cachedTranscript(platform: SyncPlatformToken, url: string, lang?: string): Promise<CachedTranscript | undefined> {
    const parsed = parseForPlatform(platform, url);
    if (!parsed.ok) return undefined;
    const honoured = this.fetchers[platform].honoursLang === true ? lang : undefined;
    return this.store.cache.get(platform, transcriptCacheKey(parsed.canonicalKey, honoured));
  }

  /** POST /api/podcast/transcript: URL rules, then the plan check, then the job runner. */
  async submitPodcast(caller: Caller, rawBody: string | undefined): Promise<ApiResponse> {
    const request = this.readUrl('podcast', rawBody);
    if (!request.ok) return request.response;
    if (!PODCAST_PLANS.has(caller.plan)) {
      return errorResponse(402, ERROR_TEXT.upgradeRequired, { message: `Podcast transcription needs the plus or pro plan; this key is on ${caller.plan}` });
    }
    return this.podcast.submit({ accountId: caller.accountId }, request.item);
  }

  /** GET /api/podcast/jobs/{jobId}: another account's job is 404 like an unknown one. */
  async job(caller: Caller, jobId: string): Promise<ApiResponse> {
    const job = await this.store.podcastJobs.get(jobId, caller.accountId);
    if (job === undefined) return errorResponse(404, ERROR_TEXT.jobNotFound);
    return { status: 200, headers: {}, body: jobRecord(job, await this.store.credits.balance(caller.accountId)) };
  }

  /** Admission and operation in one call, for transports without an early hook (app RPC, CLI, tests). */
  async handle(authorization: string | undefined, client: string, operation: (caller: Caller) => ApiResponse | Promise<ApiResponse>): Promise<ApiResponse> {
    const admission = await this.admit(authorization, client);
    if (!admission.ok) return admission.response;
    return withHeaders(await operation(admission.caller), admission.headers);
  }

  private readUrl(platform: SyncPlatformToken | 'podcast', rawBody: string | undefined): { ok: true; item: ParsedItem; body: Record<string, unknown> } | { ok: false; response: ApiResponse } {
    const invalid = (message: string) => ({ ok: false as const, response: errorResponse(400, PLATFORMS[platform].invalidUrlText, { message }) });
    const body = parseJsonObject(rawBody);
    if (!body.ok) return invalid(body.message);
    const url = urlField(body.value);
    if (!url.ok) return invalid(url.message);
    const parsed = parseForPlatform(platform, url.url);
    if (!parsed.ok) return invalid(parsed.reason);
    return { ok: true, item: parsed, body: body.value };
  }

  /** A fetcher that throws is an upstream problem to the caller: 502, never a 500 or a stack trace. */
  private async fetchSafely(platform: SyncPlatformToken, item: ParsedItem, ctx: FetchContext): Promise<FetchOutcome> {
    try {
      return await this.fetchers[platform].fetch(item, ctx);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, status: 502, error: ERROR_TEXT.upstream, message: `${PLATFORMS[platform].uiName} request failed: ${detail}` };
    }
  }

  /**
   * Caches and charges in one transaction: the transcript is kept even if the charge loses a race.
   * A short link that resolved to an item already in the cache is a cache hit like any other
   * accepted form of that item: aliased, answered from the cache, not charged. So is an item another
   * request (in this process or another one on the same data home) delivered while this one was
   * fetching: the check runs under the transaction's write lock, so exactly one request pays.
   */
  private async deliver(caller: Caller, platform: SyncPlatformToken, item: ParsedItem, fetched: Extract<FetchOutcome, { ok: true }>['transcript'], keyOf: (canonicalKey: string) => string): Promise<ApiResponse> {
    const canonicalKey = keyOf(fetched.resolvedKey ?? item.canonicalKey);
    const requestedKey = keyOf(item.canonicalKey);
    const result = await this.store.transaction(async (tx) => {
      const known = await tx.cache.get(platform, canonicalKey);
      if (known !== undefined) {
        await tx.cache.addAlias(platform, requestedKey, canonicalKey);
        return { hit: known, charge: undefined };
      }
      await tx.cache.put({ platform, canonicalKey, sourceUrl: item.normalizedUrl, title: fetched.title, body: fetched.body, text: fetched.text, segments: fetched.segments }, requestedKey);
      return { hit: undefined, charge: await tx.credits.charge(caller.accountId, SYNC_TRANSCRIPT_PRICE, randomUUID(), `${platform} ${canonicalKey}`) };
    });
    if (result.charge === undefined) return { status: 200, headers: {}, body: { ...result.hit.body, credits: await this.store.credits.balance(caller.accountId), cached: true } };
    if (!result.charge.ok) return errorResponse(403, ERROR_TEXT.noCredits, { message: 'This key has no credits left' });
    return { status: 200, headers: {}, body: { ...fetched.body, credits: result.charge.balance } };
  }
}
