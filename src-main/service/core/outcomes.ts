// What the core answers, as values: the REST adapter renders them into the spec's bodies and
// headers (restAnswers.ts), the desk and the CLI read them directly.
import type { BalanceRecord, JobRecord } from '#shared/contract/api/index';
import type { FetchFailure } from '../platforms/fetcher';
import type { Transcript } from './transcript';

/** A request the core did not carry out; every one of these is free for the caller. */
export interface Refusal {
  kind: 'refused';
  /** The spec's status (§7) or one of ours (422 too long, 503 busy, 409 conflict). */
  status: number;
  /** The spec's text (`ERROR_TEXT`), or ours where the spec has none. */
  error: string;
  message?: string;
  /** A machine code (`upstream_rate_limited`, `stt_busy`, `too_long` …). */
  code?: string;
  /** When asking again may succeed (REST: `Retry-After`), whole seconds in ms. */
  retryAfterMs?: number;
}

export function refused(status: number, error: string, extra: { message?: string; code?: string; retryAfterMs?: number } = {}): Refusal {
  return { kind: 'refused', status, error, ...extra };
}

/** A fetcher's failure as a refusal: the same status, texts and wait. */
export function fromFailure({ status, error, message, code, retryAfterMs }: FetchFailure): Refusal {
  return { kind: 'refused', status, error, ...(message === undefined ? {} : { message }), ...(code === undefined ? {} : { code }), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

/**
 * A synchronous transcript: `fresh` was fetched and charged, `cached` came from the shared cache
 * for free. `balance` is the caller's credits after the call.
 */
export type TranscriptOutcome = { kind: 'fresh' | 'cached'; transcript: Transcript; balance: number } | Refusal;

/**
 * A podcast submit: `accepted` runs a job (or joins the work already running on the episode);
 * `deduped` is an episode transcribed before, answered with its finished record.
 */
export type PodcastOutcome = { kind: 'accepted'; jobId: string } | { kind: 'deduped'; jobId: string; record: JobRecord } | Refusal;

export type JobOutcome = { kind: 'found'; record: JobRecord } | Refusal;

export type BalanceOutcome = BalanceRecord;
