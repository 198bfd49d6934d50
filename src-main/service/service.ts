// The REST side of the transcript service: every REST route (http/server.ts) calls these methods,
// which parse the request body once, ask the core (core/index.ts) and render its typed outcome
// into the spec's body and headers (restAnswers.ts). No transport decides a status or a text.
// Callers in this process (the desk, the CLI) use `core` directly.
import { PLATFORMS, type SyncPlatformToken } from '#shared/platforms';
import { parseForPlatform, type ParsedItem } from '#shared/url/parse';
import { withHeaders, type ApiResponse } from './apiResponse';
import type { Caller } from './core/caller';
import { TranscriptCore } from './core/index';
import type { Transcript } from './core/transcript';
import { defaultFetchers } from './platforms/index';
import type { FetcherTable } from './platforms/index';
import { notImplementedSubmitter, type PodcastSubmitter } from './podcast/submitter';
import { langField, parseJsonObject, urlField } from './requestBody';
import { admissionAnswer, invalidLangAnswer, invalidUrlAnswer, jobAnswer, podcastAnswer, transcriptAnswer, type Admission } from './restAnswers';
import { Settings } from './settings';
import type { Store } from './store/port';
import type { SpeechToText } from './stt/index';

export type { Caller } from './core/caller';
export { transcriptCacheKey } from './core/fetchTranscript';
export type { Admission } from './restAnswers';

export interface ServiceOptions {
  store: Store;
  fetchers?: Partial<FetcherTable>;
  podcast?: PodcastSubmitter;
  now?: () => number;
  /** Speech-to-text for "Transcribe the audio" (core/audioTranscript.ts); the fetchers get their own. */
  stt?: SpeechToText;
}

export class TranscriptService {
  readonly store: Store;
  /** The typed core every method here renders; the desk and the CLI call it directly. */
  readonly core: TranscriptCore;
  constructor(options: ServiceOptions) {
    this.store = options.store;
    this.core = new TranscriptCore({
      store: options.store,
      fetchers: defaultFetchers(options.fetchers),
      podcast: options.podcast ?? notImplementedSubmitter,
      settings: new Settings(options.store),
      now: options.now ?? Date.now,
      ...(options.stt === undefined ? {} : { stt: options.stt }),
    });
  }

  /** Auth (spec §5) then rate limit (§8), with the rate-limit headers every answer carries. */
  async admit(authorization: string | undefined, client: string): Promise<Admission> {
    return admissionAnswer(await this.core.admit(authorization, client));
  }

  /** GET /api/balance: free, rate limited, never 403. */
  async balance(caller: Caller): Promise<ApiResponse> {
    return { status: 200, headers: {}, body: await this.core.balance(caller) };
  }

  /** POST /api/{platform}/transcript for the synchronous platforms. */
  async transcript(caller: Caller, platform: SyncPlatformToken, rawBody: string | undefined, signal?: AbortSignal): Promise<ApiResponse> {
    const request = readUrl(platform, rawBody);
    if (!request.ok) return request.response;
    const lang = langField(request.body);
    if (!lang.ok) return invalidLangAnswer(lang.message);
    return transcriptAnswer(await this.core.fetchTranscript(caller, { platform, item: request.item, lang: lang.lang }, signal));
  }

  /** What the cache holds for this URL (the desk's estimate of what a run costs). */
  async cachedTranscript(platform: SyncPlatformToken, url: string, lang?: string): Promise<Transcript | undefined> {
    const parsed = parseForPlatform(platform, url);
    return parsed.ok ? this.core.cached(platform, parsed, lang) : undefined;
  }

  /** POST /api/podcast/transcript: URL rules, then the plan check, then the job runner. */
  async submitPodcast(caller: Caller, rawBody: string | undefined): Promise<ApiResponse> {
    const request = readUrl('podcast', rawBody);
    if (!request.ok) return request.response;
    return podcastAnswer(await this.core.submitPodcast(caller, request.item));
  }

  /** GET /api/podcast/jobs/{jobId}: another account's job is 404 like an unknown one. */
  async job(caller: Caller, jobId: string): Promise<ApiResponse> {
    return jobAnswer(await this.core.job(caller, jobId));
  }

  /** Admission and operation in one call, for transports without an early hook (tests). */
  async handle(authorization: string | undefined, client: string, operation: (caller: Caller) => ApiResponse | Promise<ApiResponse>): Promise<ApiResponse> {
    const admission = await this.admit(authorization, client);
    if (!admission.ok) return admission.response;
    return withHeaders(await operation(admission.caller), admission.headers);
  }
}

/** The request body's `url`, parsed once by the platform's rules, or the spec's 400. */
function readUrl(platform: SyncPlatformToken | 'podcast', rawBody: string | undefined): { ok: true; item: ParsedItem; body: Record<string, unknown> } | { ok: false; response: ApiResponse } {
  const invalid = (message: string) => ({ ok: false as const, response: invalidUrlAnswer(PLATFORMS[platform].invalidUrlText, message) });
  const body = parseJsonObject(rawBody);
  if (!body.ok) return invalid(body.message);
  const url = urlField(body.value);
  if (!url.ok) return invalid(url.message);
  const parsed = parseForPlatform(platform, url.url);
  if (!parsed.ok) return invalid(parsed.reason);
  return { ok: true, item: parsed, body: body.value };
}
