// What the desk and the CLI ask of a transcript service, whichever one answers: this machine's
// (`TranscriptCore`, the ledger in the data home) or a team server's over its REST API
// (`RemoteCore`, service/remote/). Both answer the same typed outcomes, so the desk's queue, its
// job cards and `get` have one code path; only what cannot cross the REST API differs (a remote
// cache is consulted by the request itself, "Transcribe the audio" is refused by a team server).
import type { SyncPlatformToken } from '#shared/platforms';
import type { ParsedItem } from '#shared/url/parse';
import type { AdmitDecision } from './admission';
import type { AudioPlatform } from './audioTranscript';
import type { Caller } from './caller';
import type { TranscriptRequest } from './fetchTranscript';
import type { BalanceOutcome, JobOutcome, PodcastOutcome, Refusal, TranscriptOutcome } from './outcomes';
import type { Transcript } from './transcript';

export interface CoreClient {
  /** A key the caller holds: the key lookup and the rate window (a team server's: its own answer). */
  admitKey(key: string, client: string): Promise<AdmitDecision>;
  /** The balance record; a team server that cannot be reached is a refusal, the local one never is. */
  balance(caller: Caller): Promise<BalanceOutcome | Refusal>;
  fetchTranscript(caller: Caller, request: TranscriptRequest, signal?: AbortSignal): Promise<TranscriptOutcome>;
  /** What the cache holds, free; undefined where it cannot be asked without a request (a team server). */
  cached(platform: SyncPlatformToken, item: ParsedItem, lang?: string): Promise<Transcript | undefined>;
  transcribeAudio(caller: Caller, platform: AudioPlatform, item: ParsedItem, signal: AbortSignal): Promise<TranscriptOutcome>;
  submitPodcast(caller: Caller, item: ParsedItem): Promise<PodcastOutcome>;
  job(caller: Caller, jobId: string): Promise<JobOutcome>;
}

/** A balance answer that is a refusal (only a team server's client gives one). */
export const isRefusal = (value: BalanceOutcome | Refusal): value is Refusal => 'kind' in value && value.kind === 'refused';
