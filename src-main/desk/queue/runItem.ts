// One queue item through a service's core (teamServer.ts picks it): this machine's with the
// owner's key, with the same admission (rate window of the owner's key), billing and cache as a
// REST call, or a team server's REST API with the team key; and what the queue shows of the
// outcome. A transcript a team server sent is also kept in this machine's cache and library,
// uncharged here (the server charged its key), so the viewer, search and exports read it as any.
import type { Balance } from '#shared/contract/account';
import type { QueueItem } from '#shared/contract/queue';
import { PLATFORMS, type PlatformToken } from '#shared/platforms';
import { parseForPlatform } from '#shared/url/parse';
import { ERROR_TEXT } from '#service/apiResponse';
import { SYNC_TRANSCRIPT_PRICE } from '#service/billing';
import type { PodcastOutcome, Refusal, Transcript } from '#service/core/index';
import type { JobRecord } from '#shared/contract/api/index';
import type { ParsedItem } from '#shared/url/parse';
import { UPSTREAM_RATE_LIMITED } from '#service/platforms/failures';
import type { QueueItemUpdate } from '#service/store/port';
import type { DeskDeps } from '../deps';
import type { DeskClient } from '../teamServer';

/** The service's rate window as the admission stated it (core/admission.ts); null where not known. */
export interface RateNumbers {
  limit: number | null;
  remaining: number | null;
  /** ms since epoch */
  resetAt: number | null;
  /** How long a 429 or 503 (or a site's rate limit) asks to wait, in ms. */
  retryAfterMs: number | null;
}

export type ItemOutcome =
  | { kind: 'finished'; update: QueueItemUpdate; rate: RateNumbers; balance: Balance | null }
  /** The service's own rate limit said no: the item goes back to the queue until the wait is over. */
  | { kind: 'rate-limited'; rate: RateNumbers }
  /** Speech-to-text had no free place (503 with Retry-After): nothing was charged, the item goes back to the queue. */
  | { kind: 'busy'; rate: RateNumbers }
  /**
   * The item's site is rate-limiting this machine (502 `upstream_rate_limited`, free): the item goes
   * back to the queue and that site's items wait for its Retry-After (`rate.retryAfterMs`).
   */
  | { kind: 'site-limited'; platform: PlatformToken; rate: RateNumbers; message: string | null }
  /**
   * The owner account cannot pay for this item (403 `no_credits`, nothing charged): the item goes
   * back to the queue and the queue pauses until credits are added.
   */
  | { kind: 'no-credits'; rate: RateNumbers; balance: Balance | null };

const failure = (refusal: { status: number; error: string; message?: string; code?: string }): QueueItemUpdate => ({
  status: 'failed',
  error: refusal.error,
  message: refusal.message ?? refusal.code ?? null,
  httpStatus: refusal.status,
  credits: 0,
});

/**
 * What the runner does with a refusal after admission, checked in this order: speech-to-text busy
 * and a site rate-limiting us are waited out, no credits pauses the queue, the rest fail the row.
 */
async function refusedOutcome(deps: DeskDeps, client: DeskClient, platform: PlatformToken, refusal: Refusal, rate: RateNumbers, plan: string): Promise<ItemOutcome> {
  if (refusal.status === 503 && refusal.retryAfterMs !== undefined) return { kind: 'busy', rate };
  // A team server admits each request itself: its 429 comes with the request, and is waited out as the local one is.
  if (refusal.status === 429) return { kind: 'rate-limited', rate };
  if (refusal.status === 403 && refusal.error === ERROR_TEXT.noCredits) {
    const credits = client.server === null ? await deps.store.credits.balance(deps.owner.accountId) : 0;
    return { kind: 'no-credits', rate, balance: { credits, plan } };
  }
  if (refusal.status === 502 && refusal.code === UPSTREAM_RATE_LIMITED) return { kind: 'site-limited', platform, rate, message: refusal.message ?? null };
  return { kind: 'finished', update: failure(refusal), rate, balance: null };
}

export async function runItem(deps: DeskDeps, client: DeskClient, item: QueueItem, signal: AbortSignal): Promise<ItemOutcome> {
  const { core } = client;
  const admitted = await core.admitKey(client.key, 'desk');
  if (!admitted.ok) {
    const rate: RateNumbers = admitted.rate;
    if (admitted.status === 429) return { kind: 'rate-limited', rate };
    return { kind: 'finished', update: failure(admitted), rate, balance: null };
  }
  const { caller } = admitted;
  const platform = item.platform;
  if (platform === null) return { kind: 'finished', update: failure({ status: 400, error: ERROR_TEXT.invalidUrl, message: 'Not a link to a supported platform' }), rate: admitted.rate, balance: null };
  // The one parse of this item's URL on this path: intake classified it, the row keeps the platform.
  const parsed = parseForPlatform(platform, item.url);
  if (!parsed.ok) return { kind: 'finished', update: failure({ status: 400, error: parsed.error, message: parsed.reason }), rate: admitted.rate, balance: null };

  if (platform === 'podcast') {
    const outcome = await core.submitPodcast(caller, parsed);
    const rate = { ...admitted.rate, retryAfterMs: outcome.kind === 'refused' ? (outcome.retryAfterMs ?? null) : null };
    if (outcome.kind === 'refused') return refusedOutcome(deps, client, platform, outcome, rate, caller.plan);
    const balance = outcome.kind === 'deduped' && outcome.record.status === 'done' ? { credits: outcome.record.credits, plan: caller.plan } : null;
    const update = client.server === null ? await podcastOutcome(deps, outcome) : await remotePodcastOutcome(deps, parsed, outcome);
    return { kind: 'finished', update, rate, balance };
  }

  const outcome = await core.fetchTranscript(caller, { platform, item: parsed }, signal);
  const rate = { ...admitted.rate, retryAfterMs: outcome.kind === 'refused' ? (outcome.retryAfterMs ?? null) : null };
  if (outcome.kind === 'refused') return refusedOutcome(deps, client, platform, outcome, rate, caller.plan);
  const { transcript } = outcome;
  if (client.server !== null) await keepLocalCopy(deps, transcript);
  const fromCache = outcome.kind === 'cached';
  const isEmpty = transcript.text.trim() === '';
  return {
    kind: 'finished',
    update: {
      status: fromCache ? 'cached' : isEmpty ? 'empty' : 'done',
      error: null,
      message: isEmpty ? `${PLATFORMS[platform].uiName} has the video but no captions of its speech (charged, as the API does)` : null,
      httpStatus: 200,
      title: transcript.title,
      credits: fromCache ? 0 : SYNC_TRANSCRIPT_PRICE,
      transcript: { kind: 'transcript', key: item.canonicalKey ?? transcript.canonicalKey },
    },
    rate,
    balance: { credits: outcome.balance, plan: caller.plan },
  };
}

/** A job runs (its card shows it), or the episode was transcribed before (deduped: its record). */
async function podcastOutcome(deps: DeskDeps, outcome: Exclude<PodcastOutcome, Refusal>): Promise<QueueItemUpdate> {
  const { jobId } = outcome;
  const job = await deps.store.podcastJobs.get(jobId, deps.owner.accountId);
  const credits = -(await deps.store.credits.byReference(deps.owner.accountId, jobId)).reserve;
  const record = outcome.kind === 'deduped' ? outcome.record : undefined;
  const title = job?.episode.title ?? (record !== undefined && record.status !== 'failed' ? record.episode.title : null);
  if (outcome.kind === 'accepted' || record?.status === 'processing') {
    return { status: 'submitted', jobId, title, credits, httpStatus: outcome.kind === 'accepted' ? 202 : 200, error: null, message: null };
  }
  return {
    status: 'done',
    jobId,
    title,
    credits,
    httpStatus: 200,
    error: null,
    message: 'Transcribed before: served from the finished episode',
    transcript: job === undefined ? null : { kind: 'episode', key: job.episode.key },
  };
}

/**
 * A team server's transcript kept in this machine's cache under the key a local fetch would use,
 * and kept in the library (never evicted): the desk's viewer, search and exports read it as any
 * other. No credit moves here: the team server charged its key.
 */
export async function keepLocalCopy(deps: DeskDeps, transcript: Transcript): Promise<void> {
  const { platform, canonicalKey, sourceUrl, title, body, text, segments, provenance } = transcript;
  await deps.store.cache.put({ platform, canonicalKey, sourceUrl, title, body, text, segments, provenance });
  await deps.store.cache.keep(platform, canonicalKey);
}

/**
 * A finished episode of a team server kept here: in the cache under `podcast` and the episode's
 * key (this machine's podcast tables belong to its own runner and its reservations), with the
 * job record as its body. The record has plain text only: no timed lines.
 */
export async function keepRemoteEpisode(deps: DeskDeps, item: Pick<ParsedItem, 'canonicalKey' | 'normalizedUrl'>, record: Extract<JobRecord, { status: 'done' }>): Promise<{ kind: 'transcript'; key: string }> {
  await deps.store.cache.put({ platform: 'podcast', canonicalKey: item.canonicalKey, sourceUrl: item.normalizedUrl, title: record.episode.title, body: record, text: record.transcript, segments: null, provenance: null });
  await deps.store.cache.keep('podcast', item.canonicalKey);
  return { kind: 'transcript', key: item.canonicalKey };
}

/** A team server's job: the row waits for it (podcast/remoteJobs.ts polls it), or the episode was done there before. */
async function remotePodcastOutcome(deps: DeskDeps, item: ParsedItem, outcome: Exclude<PodcastOutcome, Refusal>): Promise<QueueItemUpdate> {
  // What the job reserved is the team server's business: its REST API does not say, so the row shows none.
  if (outcome.kind === 'accepted' || outcome.record.status === 'processing') {
    return { status: 'submitted', jobId: outcome.jobId, title: outcome.kind === 'deduped' && outcome.record.status === 'processing' ? outcome.record.episode.title : null, credits: 0, httpStatus: outcome.kind === 'accepted' ? 202 : 200, error: null, message: null };
  }
  if (outcome.record.status === 'failed') return failure({ status: 200, error: 'Transcription failed', message: outcome.record.error.message });
  return {
    status: 'done',
    jobId: outcome.jobId,
    title: outcome.record.episode.title,
    credits: 0,
    httpStatus: 200,
    error: null,
    message: 'Transcribed before on the team server: served from the finished episode',
    transcript: await keepRemoteEpisode(deps, item, outcome.record),
  };
}
