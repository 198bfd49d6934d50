// One queue item through the service facade with the owner's key: exactly what a REST call does
// (billing, cache, rate limit), and what the queue shows of the answer.
import type { Balance } from '../../../src-shared/contract/account';
import type { QueueItem } from '../../../src-shared/contract/queue';
import { PLATFORMS, type PlatformToken } from '../../../src-shared/platforms';
import { ERROR_TEXT, type ApiResponse } from '../../service/apiResponse';
import { SYNC_TRANSCRIPT_PRICE } from '../../service/billing';
import { UPSTREAM_RATE_LIMITED } from '../../service/platforms/failures';
import type { QueueItemUpdate } from '../../service/store/port';
import type { DeskDeps } from '../deps';

export interface RateLimitHeaders {
  limit: number | null;
  remaining: number | null;
  /** ms since epoch */
  resetAt: number | null;
  /** A 429's or 503's Retry-After, in ms. */
  retryAfterMs: number | null;
}

export type ItemOutcome =
  | { kind: 'finished'; update: QueueItemUpdate; rate: RateLimitHeaders; balance: Balance | null }
  /** The service's own rate limit said no: the item goes back to the queue until the wait is over. */
  | { kind: 'rate-limited'; rate: RateLimitHeaders }
  /** Speech-to-text had no free place (503 with Retry-After): nothing was charged, the item goes back to the queue. */
  | { kind: 'busy'; rate: RateLimitHeaders }
  /**
   * The item's site is rate-limiting this machine (502 `upstream_rate_limited`, free): the item goes
   * back to the queue and that site's items wait for its Retry-After (`rate.retryAfterMs`).
   */
  | { kind: 'site-limited'; platform: PlatformToken; rate: RateLimitHeaders; message: string | null }
  /**
   * The owner account cannot pay for this item (403 `no_credits`, nothing charged): the item goes
   * back to the queue and the queue pauses until credits are added.
   */
  | { kind: 'no-credits'; rate: RateLimitHeaders; balance: Balance | null };

const numberHeader = (headers: Record<string, string>, name: string): number | null => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export function rateLimitOf(response: ApiResponse): RateLimitHeaders {
  const reset = numberHeader(response.headers, 'X-RateLimit-Reset');
  const retryAfter = numberHeader(response.headers, 'Retry-After');
  return {
    limit: numberHeader(response.headers, 'X-RateLimit-Limit'),
    remaining: numberHeader(response.headers, 'X-RateLimit-Remaining'),
    resetAt: reset === null ? null : reset * 1000,
    retryAfterMs: retryAfter === null ? null : retryAfter * 1000,
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function failure(response: ApiResponse): QueueItemUpdate {
  const body = (response.body ?? {}) as Record<string, unknown>;
  return { status: 'failed', error: text(body.error) ?? `HTTP ${response.status}`, message: text(body.message) ?? text(body.code), httpStatus: response.status, credits: 0 };
}

export async function runItem(deps: DeskDeps, item: QueueItem, signal: AbortSignal): Promise<ItemOutcome> {
  const { service, owner } = deps;
  const platform = item.platform;
  let plan: string | null = null;
  const body = JSON.stringify({ url: item.url });
  const response = await service.handle(`Bearer ${owner.key}`, 'desk', (caller) => {
    plan = caller.plan;
    if (platform === null) return { status: 400, headers: {}, body: { error: 'Invalid URL', message: 'Not a link to a supported platform' } };
    return platform === 'podcast' ? service.submitPodcast(caller, body) : service.transcript(caller, platform, body, signal);
  });
  const rate = rateLimitOf(response);
  if (response.status === 429) return { kind: 'rate-limited', rate };
  if (response.status === 503 && rate.retryAfterMs !== null) return { kind: 'busy', rate };
  const answer = (response.body ?? {}) as Record<string, unknown>;
  const balance = typeof answer.credits === 'number' && plan !== null ? { credits: answer.credits, plan } : null;
  if (response.status === 403 && answer.error === ERROR_TEXT.noCredits) {
    return { kind: 'no-credits', rate, balance: plan === null ? null : { credits: await deps.store.credits.balance(owner.accountId), plan } };
  }
  if (platform === null) return { kind: 'finished', update: failure(response), rate, balance };
  if (response.status === 502 && answer.code === UPSTREAM_RATE_LIMITED) return { kind: 'site-limited', platform, rate, message: text(answer.message) };
  if (platform === 'podcast') return { kind: 'finished', update: await podcastOutcome(deps, response), rate, balance };
  if (response.status !== 200) return { kind: 'finished', update: failure(response), rate, balance };

  const cached = await service.cachedTranscript(platform, item.url);
  const fromCache = answer.cached === true;
  const isEmpty = cached !== undefined && cached.text.trim() === '';
  return {
    kind: 'finished',
    update: {
      status: fromCache ? 'cached' : isEmpty ? 'empty' : 'done',
      error: null,
      message: isEmpty ? `${PLATFORMS[platform].uiName} has the video but no captions of its speech (charged, as the API does)` : null,
      httpStatus: 200,
      title: cached?.title ?? null,
      credits: fromCache ? 0 : SYNC_TRANSCRIPT_PRICE,
      transcript: { kind: 'transcript', key: item.canonicalKey ?? cached?.canonicalKey ?? item.url },
    },
    rate,
    balance,
  };
}

/** 202: a job runs (its card shows it); 200 deduped: the episode was transcribed before. */
async function podcastOutcome(deps: DeskDeps, response: ApiResponse): Promise<QueueItemUpdate> {
  const body = (response.body ?? {}) as Record<string, unknown>;
  if (response.status !== 202 && response.status !== 200) return failure(response);
  const jobId = text(body.jobId);
  const job = jobId === null ? undefined : await deps.store.podcastJobs.get(jobId, deps.owner.accountId);
  const credits = jobId === null ? 0 : -(await deps.store.credits.byReference(deps.owner.accountId, jobId)).reserve;
  const episode = (body.episode ?? {}) as Record<string, unknown>;
  const title = job?.episode.title ?? text(episode.title);
  if (response.status === 202 || body.status === 'processing') {
    return { status: 'submitted', jobId, title, credits, httpStatus: response.status, error: null, message: null };
  }
  return {
    status: 'done',
    jobId,
    title,
    credits,
    httpStatus: 200,
    error: null,
    message: body.deduped === true ? 'Transcribed before: served from the finished episode' : null,
    transcript: job === undefined ? null : { kind: 'episode', key: job.episode.key },
  };
}
