// The core's outcomes as the spec's REST answers: bodies, statuses and headers, byte for byte what
// clients have always been sent (a hit is the body, then `credits`, then `cached: true`).
import { ERROR_TEXT, errorResponse, type ApiResponse } from './apiResponse';
import type { AdmitDecision, Rate } from './core/admission';
import type { Caller } from './core/caller';
import type { JobOutcome, PodcastOutcome, Refusal, TranscriptOutcome } from './core/outcomes';

export type Admission = { ok: true; caller: Caller; headers: Record<string, string> } | { ok: false; response: ApiResponse };

/** The headers every REST response carries, errors included; a refusal adds `Retry-After`. */
export function rateLimitHeaders(rate: Rate): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(rate.limit),
    'X-RateLimit-Remaining': String(rate.remaining),
    'X-RateLimit-Reset': String(rate.resetAt / 1000),
  };
  if (rate.retryAfterMs !== null) headers['Retry-After'] = String(rate.retryAfterMs / 1000);
  return headers;
}

export function admissionAnswer(decision: AdmitDecision): Admission {
  const headers = rateLimitHeaders(decision.rate);
  if (decision.ok) return { ok: true, caller: decision.caller, headers };
  return { ok: false, response: errorResponse(decision.status, decision.error, decision.message === undefined ? {} : { message: decision.message }, headers) };
}

export function refusalAnswer({ status, error, message, code, retryAfterMs }: Refusal): ApiResponse {
  const headers: Record<string, string> = retryAfterMs === undefined ? {} : { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) };
  return errorResponse(status, error, { ...(message === undefined ? {} : { message }), ...(code === undefined ? {} : { code }) }, headers);
}

export function transcriptAnswer(outcome: TranscriptOutcome): ApiResponse {
  if (outcome.kind === 'refused') return refusalAnswer(outcome);
  const { body } = outcome.transcript;
  if (outcome.kind === 'cached') return { status: 200, headers: {}, body: { ...body, credits: outcome.balance, cached: true } };
  return { status: 200, headers: {}, body: { ...body, credits: outcome.balance } };
}

/** 202 `{jobId, status}` for a job that runs; 200 with the finished record and `deduped` for one done before. */
export function podcastAnswer(outcome: PodcastOutcome): ApiResponse {
  if (outcome.kind === 'refused') return refusalAnswer(outcome);
  if (outcome.kind === 'accepted') return { status: 202, headers: {}, body: { jobId: outcome.jobId, status: 'processing' } };
  return { status: 200, headers: {}, body: { ...outcome.record, deduped: true } };
}

export function jobAnswer(outcome: JobOutcome): ApiResponse {
  return outcome.kind === 'found' ? { status: 200, headers: {}, body: outcome.record } : refusalAnswer(outcome);
}

/** A body with no `url` the platform's rules accept. */
export const invalidUrlAnswer = (text: string, message: string): ApiResponse => errorResponse(400, text, { message });

export const invalidLangAnswer = (message: string): ApiResponse => errorResponse(400, ERROR_TEXT.invalidLang, { message });
