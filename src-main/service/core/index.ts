// The transcript service's core: typed requests in, typed outcomes out. The REST adapter
// (service.ts) renders them into the spec's bodies and headers; the desk's queue and the CLI's
// `get` call it directly with the owner's key. Every ledger access of the transcript path is in
// this folder: admission.ts, fetchTranscript.ts, deliver.ts, podcast.ts and the reads below.
import type { SyncPlatformToken } from '#shared/platforms';
import type { ParsedItem } from '#shared/url/parse';
import { NotFoundMemory } from '../notFoundMemory';
import type { FetcherTable } from '../platforms/index';
import type { PodcastSubmitter } from '../podcast/submitter';
import type { Settings } from '../settings';
import { KEY_PREFIX, type Store } from '../store/port';
import type { SpeechToText } from '../stt/index';
import { admitKey, type AdmitDecision } from './admission';
import { transcribeVideoAudio, type AudioPlatform } from './audioTranscript';
import type { Caller } from './caller';
import { fetchTranscript, honouredLang, transcriptCacheKey, type FetchDeps, type TranscriptRequest } from './fetchTranscript';
import type { BalanceOutcome, JobOutcome, PodcastOutcome, TranscriptOutcome } from './outcomes';
import { job, submitPodcast } from './podcast';
import { cachedTranscriptOf, type Transcript } from './transcript';
import type { CoreClient } from './client';

export type { AdmitDecision, Rate } from './admission';
export type { Caller } from './caller';
export type { TranscriptRequest } from './fetchTranscript';
export type { BalanceOutcome, JobOutcome, PodcastOutcome, Refusal, TranscriptOutcome } from './outcomes';
export type { Transcript } from './transcript';
export type { CoreClient } from './client';
export { isRefusal } from './client';

export interface CoreOptions {
  store: Store;
  fetchers: FetcherTable;
  podcast: PodcastSubmitter;
  settings: Settings;
  now: () => number;
  /** Speech-to-text for "Transcribe the audio" (audioTranscript.ts); the fetchers get their own. */
  stt?: SpeechToText;
}

/** This machine's service; `RemoteCore` (service/remote/) is a team server's behind the same interface. */
export class TranscriptCore implements CoreClient {
  private readonly store: Store;
  private readonly podcast: PodcastSubmitter;
  private readonly now: () => number;
  private readonly fetch: FetchDeps;
  private readonly stt: SpeechToText | undefined;

  constructor(options: CoreOptions) {
    this.store = options.store;
    this.podcast = options.podcast;
    this.now = options.now;
    this.stt = options.stt;
    this.fetch = { store: options.store, fetchers: options.fetchers, settings: options.settings, now: options.now, notFound: new NotFoundMemory() };
  }

  /**
   * A request's `Authorization` header from `client` (its address): `Bearer sk_live_…`, anything
   * else counts as no key (spec §5).
   */
  admit(authorization: string | undefined, client: string): Promise<AdmitDecision> {
    const key = authorization?.startsWith(`Bearer ${KEY_PREFIX}`) ? authorization.slice('Bearer '.length).trim() : undefined;
    return admitKey(this.store, this.now(), key, client);
  }

  /**
   * For callers in this process that hold a key already (the desk and the CLI, with the owner's):
   * the same key lookup and the same rate window as a REST request with that key.
   */
  admitKey(key: string, client: string): Promise<AdmitDecision> {
    return admitKey(this.store, this.now(), key, client);
  }

  /** The balance record: free, rate limited (by the admission before it), never 403. */
  async balance(caller: Caller): Promise<BalanceOutcome> {
    const account = await this.store.accounts.get(caller.accountId);
    return { credits: account?.balance ?? 0, plan: account?.plan ?? caller.plan };
  }

  fetchTranscript(caller: Caller, request: TranscriptRequest, signal?: AbortSignal): Promise<TranscriptOutcome> {
    return fetchTranscript(this.fetch, caller, request, signal);
  }

  /** What the cache holds for an item (as a request with `lang` would find it), free: the desk's estimate asks this. */
  async cached(platform: SyncPlatformToken, item: ParsedItem, lang?: string): Promise<Transcript | undefined> {
    const hit = await this.store.cache.get(platform, transcriptCacheKey(item.canonicalKey, honouredLang(this.fetch.fetchers, platform, lang)));
    return hit === undefined ? undefined : cachedTranscriptOf(platform, hit);
  }

  /** The desk's "Transcribe the audio" for a TikTok/Facebook video without captions; not a REST route. */
  transcribeAudio(caller: Caller, platform: AudioPlatform, item: ParsedItem, signal: AbortSignal): Promise<TranscriptOutcome> {
    return transcribeVideoAudio(this.store, this.stt, caller, platform, item, signal);
  }

  submitPodcast(caller: Caller, item: ParsedItem): Promise<PodcastOutcome> {
    return submitPodcast(this.podcast, caller, item);
  }

  job(caller: Caller, jobId: string): Promise<JobOutcome> {
    return job(this.store, caller, jobId);
  }
}
