// A team server as the desk and the CLI see it: the same `CoreClient` as this machine's
// `TranscriptCore`, answered over the spec's REST API (§4) with `Authorization: Bearer <key>`.
// Every HTTP answer is validated against the spec's schemas (src-shared/contract/api) and mapped
// back into the core's typed outcomes, so the queue, the job cards and `get` cannot tell the two
// apart except where the REST API offers less:
// - `cached` answers undefined: the remote cache is consulted by the request itself (free on a hit);
// - `transcribeAudio` is refused: it is a desk operation of this machine, not a REST route;
// - a transcript has no title (the spec's bodies carry none) and timed lines only on YouTube
//   (the only platform whose REST body has segments).
// A server that cannot be reached, that stalls, or whose answer does not read as the spec says is
// a 502 refusal naming the server and the cause, never a throw.
import type { z } from 'zod';
import { balanceRecordSchema, dedupedJobSchema, errorBodySchema, jobAcceptedSchema, jobRecordSchema, transcriptResponseSchema, type LongformBody, type PlatformBody, type ReelsBody } from '#shared/contract/api/index';
import type { SyncPlatformToken } from '#shared/platforms';
import type { Segment } from '#shared/transcript';
import type { ParsedItem } from '#shared/url/parse';
import { rateOf, type AdmitDecision, type Rate } from '../core/admission';
import type { AudioPlatform } from '../core/audioTranscript';
import type { Caller } from '../core/caller';
import type { CoreClient } from '../core/client';
import { transcriptCacheKey, type TranscriptRequest } from '../core/fetchTranscript';
import { refused, type BalanceOutcome, type JobOutcome, type PodcastOutcome, type Refusal, type TranscriptOutcome } from '../core/outcomes';
import { transcriptOf, type Transcript } from '../core/transcript';
import { RATE_LIMIT, RATE_WINDOW_MS } from '../rateLimit';
import { provenanceOfLongformBody } from '../platforms/youtube/bodyProvenance';
import { remoteRequest, type RemoteAnswer, type RemoteFailure, type RemoteHttpOptions, type RemoteRequest } from './http';

/** The error text of a refusal this client makes itself (the server said nothing we could read). */
export const TEAM_SERVER_ERROR = 'Team server error';
export const TEAM_SERVER_UNREACHABLE = 'Team server unreachable';
export const NOT_OFFERED = 'Not offered by a team server';

export interface RemoteCoreOptions extends RemoteHttpOptions {
  /** The team server's base URL (http or https; checked by the caller with teamServerUrlProblem). */
  server: string;
  now?: () => number;
}

/** The caller a team server admits: the account lives there, so its id here is 0. */
const REMOTE_ACCOUNT = 0;

export class RemoteCore implements CoreClient {
  readonly server: string;
  private readonly http: RemoteHttpOptions;
  private readonly now: () => number;
  /** Keys by prefix: a `Caller` names its key by prefix, the request needs the key itself. */
  private readonly keys = new Map<string, string>();
  /** The plan each key had at its last balance read: admission asks the server once per key. */
  private readonly plans = new Map<string, string>();
  private rate: Rate;

  constructor(options: RemoteCoreOptions) {
    this.server = options.server.replace(/\/+$/, '');
    this.http = { ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }), ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }) };
    this.now = options.now ?? Date.now;
    // Before the first answer the window is unknown: one request at a time is what the desk's runner starts with.
    this.rate = { limit: RATE_LIMIT, remaining: 1, resetAt: this.now() + RATE_WINDOW_MS, retryAfterMs: null };
  }

  /** The rate window the server's last answer stated (X-RateLimit-*), as the local admission states it. */
  lastRate(): Rate {
    return { ...this.rate, retryAfterMs: null };
  }

  /**
   * The server admits every request itself, so this only makes sure the key works there: the first
   * time (per key) it reads the balance, which is free, answers 401 for a bad key, and names the
   * plan. After that it answers from memory with the last rate numbers the server sent; a key
   * revoked meanwhile is refused by the next request (401), like any refusal.
   */
  async admitKey(key: string, _client: string): Promise<AdmitDecision> {
    const prefix = key.slice(0, 16);
    this.keys.set(prefix, key);
    const known = this.plans.get(prefix);
    if (known !== undefined) return { ok: true, caller: this.callerOf(prefix, known), rate: this.lastRate() };
    const balance = await this.readBalance(key);
    if ('kind' in balance) {
      const status = balance.status === 401 || balance.status === 429 ? balance.status : 502;
      const error = status === 502 && balance.status !== 502 ? `${balance.status} ${balance.error}` : balance.error;
      return { ok: false, status, error, ...(balance.message === undefined ? {} : { message: balance.message }), rate: { ...this.lastRate(), retryAfterMs: balance.retryAfterMs ?? null } };
    }
    this.plans.set(prefix, balance.plan);
    return { ok: true, caller: this.callerOf(prefix, balance.plan), rate: this.lastRate() };
  }

  async balance(caller: Caller): Promise<BalanceOutcome | Refusal> {
    const outcome = await this.readBalance(this.keyOf(caller));
    if (!('kind' in outcome)) this.plans.set(caller.keyPrefix, outcome.plan);
    return outcome;
  }

  async fetchTranscript(caller: Caller, request: TranscriptRequest, signal?: AbortSignal): Promise<TranscriptOutcome> {
    const { platform, item } = request;
    // Only YouTube honours `lang` (the server ignores it elsewhere); it also keys the local copy.
    const lang = platform === 'longform' ? request.lang : undefined;
    const answer = await this.send({ method: 'POST', path: `/api/${platform}/transcript`, key: this.keyOf(caller), body: { url: item.normalizedUrl, ...(lang === undefined ? {} : { lang }) }, signal });
    if (answer.kind === 'refused') return answer;
    if (answer.status !== 200) return this.refusalOf(answer);
    const parsed = transcriptResponseSchema(platform).safeParse(answer.json);
    if (!parsed.success) return this.unreadable(answer, `${platform} transcript`, parsed.error);
    const { credits, cached, ...body } = parsed.data;
    const transcript = transcriptFromBody(platform, item, lang, body);
    return { kind: cached === true ? 'cached' : 'fresh', transcript, balance: credits };
  }

  cached(): Promise<Transcript | undefined> {
    return Promise.resolve(undefined);
  }

  transcribeAudio(_caller: Caller, _platform: AudioPlatform, _item: ParsedItem, _signal: AbortSignal): Promise<TranscriptOutcome> {
    return Promise.resolve(
      refused(501, NOT_OFFERED, {
        message: `Transcribing a video's audio runs this machine's speech-to-text; the team server ${this.server} offers only the REST API, which has no such route. Turn the team server off in Settings to transcribe it here`,
      }),
    );
  }

  async submitPodcast(caller: Caller, item: ParsedItem): Promise<PodcastOutcome> {
    const answer = await this.send({ method: 'POST', path: '/api/podcast/transcript', key: this.keyOf(caller), body: { url: item.normalizedUrl } });
    if (answer.kind === 'refused') return answer;
    if (answer.status === 202) {
      const accepted = jobAcceptedSchema.safeParse(answer.json);
      return accepted.success ? { kind: 'accepted', jobId: accepted.data.jobId } : this.unreadable(answer, 'podcast submit', accepted.error);
    }
    if (answer.status === 200) {
      const deduped = dedupedJobSchema.safeParse(answer.json);
      if (!deduped.success) return this.unreadable(answer, 'podcast submit', deduped.error);
      const { deduped: _deduped, ...record } = deduped.data;
      return { kind: 'deduped', jobId: record.jobId, record };
    }
    return this.refusalOf(answer);
  }

  async job(caller: Caller, jobId: string): Promise<JobOutcome> {
    const answer = await this.send({ method: 'GET', path: `/api/podcast/jobs/${encodeURIComponent(jobId)}`, key: this.keyOf(caller) });
    if (answer.kind === 'refused') return answer;
    if (answer.status !== 200) return this.refusalOf(answer);
    const record = jobRecordSchema.safeParse(answer.json);
    return record.success ? { kind: 'found', record: record.data } : this.unreadable(answer, 'job record', record.error);
  }

  private callerOf(prefix: string, plan: string): Caller {
    // The plan is the server's word; `Caller.plan` is typed with this machine's plans, and the
    // desk only shows it and compares it with the podcast plans, which the server checks anyway.
    return { accountId: REMOTE_ACCOUNT, plan: plan as Caller['plan'], keyPrefix: prefix };
  }

  private keyOf(caller: Caller): string {
    return this.keys.get(caller.keyPrefix) ?? '';
  }

  private async readBalance(key: string): Promise<BalanceOutcome | Refusal> {
    const answer = await this.send({ method: 'GET', path: '/api/balance', key });
    if (answer.kind === 'refused') return answer;
    if (answer.status !== 200) return this.refusalOf(answer);
    const balance = balanceRecordSchema.safeParse(answer.json);
    return balance.success ? balance.data : this.unreadable(answer, 'balance record', balance.error);
  }

  /** The request, and the rate numbers of its answer remembered; a failure is a 502 refusal. */
  private async send(request: RemoteRequest): Promise<RemoteAnswer | Refusal> {
    const answer: RemoteAnswer | RemoteFailure = await remoteRequest(this.server, request, this.http);
    if (answer.kind === 'failure') return refused(502, TEAM_SERVER_UNREACHABLE, { message: `The team server ${this.server} could not be reached: ${answer.cause}` });
    this.noteRate(answer.headers);
    return answer;
  }

  private noteRate(headers: Headers): void {
    const limit = Number(headers.get('x-ratelimit-limit'));
    const remaining = Number(headers.get('x-ratelimit-remaining'));
    const reset = Number(headers.get('x-ratelimit-reset'));
    if (![limit, remaining, reset].every((n) => Number.isFinite(n) && n >= 0) || headers.get('x-ratelimit-reset') === null) return;
    this.rate = rateOf({ allowed: true, limit, remaining, resetAt: reset * 1000 }, this.now());
  }

  /** A non-2xx answer: the server's own error body (spec §7) with its Retry-After, or a 502 saying what came instead. */
  private refusalOf(answer: RemoteAnswer): Refusal {
    const body = errorBodySchema.loose().safeParse(answer.json);
    if (!body.success) {
      const what = answer.text.trim() === '' ? 'an empty body' : `“${answer.text.trim().slice(0, 80)}”`;
      return refused(502, TEAM_SERVER_ERROR, { message: `The team server ${this.server} answered HTTP ${answer.status} with ${what}, not the API's error body` });
    }
    const retryAfter = retryAfterMs(answer.headers.get('retry-after'), this.now());
    const { error, message, code } = body.data;
    return refused(answer.status, error, { ...(message === undefined ? {} : { message }), ...(code === undefined ? {} : { code }), ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }) });
  }

  private unreadable(answer: RemoteAnswer, what: string, error: z.ZodError): Refusal {
    const issue = error.issues[0];
    const where = issue === undefined ? '' : `: ${issue.path.join('.') || 'body'} ${issue.message}`;
    return refused(502, TEAM_SERVER_ERROR, { message: `The team server ${this.server} answered HTTP ${answer.status} with a ${what} that does not read as the API's${where}` });
  }
}

/** `Retry-After` in seconds or as an HTTP date, in whole seconds of ms (as the local refusals state it). */
function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.ceil(seconds)) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - now) / 1000)) * 1000;
}

/**
 * A REST body as the core's transcript: the text as this machine's fetchers write it (lines joined
 * by newlines), YouTube's timed segments with their times as numbers, no title (the spec's bodies
 * have none), and the cache key this item has here, so the desk's local copy sits where a local
 * fetch of the same item would. The spec's bodies do not say where a transcript came from: only
 * YouTube's names the track it is, which gives its provenance; the others' is unknown.
 */
export function transcriptFromBody(platform: SyncPlatformToken, item: ParsedItem, lang: string | undefined, body: PlatformBody): Transcript {
  let text: string;
  let segments: Segment[] | null = null;
  if (platform === 'longform') {
    const longform = body as LongformBody;
    segments = longform.transcript.map((s) => ({ text: s.text, startMs: Number(s.startMs), endMs: Number(s.endMs) }));
    text = segments.map((s) => s.text).join('\n');
  } else if (platform === 'reels') {
    text = (body as ReelsBody).transcripts.map((t) => t.text).join('\n');
  } else {
    text = (body as { transcript: string }).transcript;
  }
  return transcriptOf({ platform, canonicalKey: transcriptCacheKey(item.canonicalKey, lang), sourceUrl: item.normalizedUrl, title: null, body, text, segments, provenance: platform === 'longform' ? provenanceOfLongformBody(body as LongformBody, lang) : null });
}
