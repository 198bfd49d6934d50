// One queue item through the service's core with the owner's key: the same admission (rate window
// of the owner's key), billing and cache as a REST call, and what the queue shows of the outcome.
import type { Balance } from '#shared/contract/account';
import type { QueueItem } from '#shared/contract/queue';
import { PLATFORMS, type PlatformToken } from '#shared/platforms';
import { parseForPlatform } from '#shared/url/parse';
import { ERROR_TEXT } from '#service/apiResponse';
import { SYNC_TRANSCRIPT_PRICE } from '#service/billing';
import type { PodcastOutcome, Refusal } from '#service/core/index';
import { UPSTREAM_RATE_LIMITED } from '#service/platforms/failures';
import type { QueueItemUpdate } from '#service/store/port';
import type { DeskDeps } from '../deps';

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
async function refusedOutcome(deps: DeskDeps, platform: PlatformToken, refusal: Refusal, rate: RateNumbers, plan: string): Promise<ItemOutcome> {
  if (refusal.status === 503 && refusal.retryAfterMs !== undefined) return { kind: 'busy', rate };
  if (refusal.status === 403 && refusal.error === ERROR_TEXT.noCredits) {
    return { kind: 'no-credits', rate, balance: { credits: await deps.store.credits.balance(deps.owner.accountId), plan } };
  }
  if (refusal.status === 502 && refusal.code === UPSTREAM_RATE_LIMITED) return { kind: 'site-limited', platform, rate, message: refusal.message ?? null };
  return { kind: 'finished', update: failure(refusal), rate, balance: null };
}

export async function runItem(deps: DeskDeps, item: QueueItem, signal: AbortSignal): Promise<ItemOutcome> {
  const { core } = deps.service;
  const admitted = await core.admitKey(deps.owner.key, 'desk');
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
    if (outcome.kind === 'refused') return refusedOutcome(deps, platform, outcome, rate, caller.plan);
    const balance = outcome.kind === 'deduped' && outcome.record.status === 'done' ? { credits: outcome.record.credits, plan: caller.plan } : null;
    return { kind: 'finished', update: await podcastOutcome(deps, outcome), rate, balance };
  }

  const outcome = await core.fetchTranscript(caller, { platform, item: parsed }, signal);
  const rate = { ...admitted.rate, retryAfterMs: outcome.kind === 'refused' ? (outcome.retryAfterMs ?? null) : null };
  if (outcome.kind === 'refused') return refusedOutcome(deps, platform, outcome, rate, caller.plan);
  const { transcript } = outcome;
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
