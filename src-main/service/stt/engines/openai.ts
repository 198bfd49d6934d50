// Any OpenAI-compatible /v1/audio/transcriptions endpoint: OpenAI, Groq, or a local faster-whisper
// (speaches), whisper.cpp or LocalAI server. The owner configures the endpoint, and it may well be
// on localhost, so it is called directly with undici, not through the upstream client whose address
// guard exists to stop user-supplied URLs from reaching local services.
// A hosted endpoint is reached the way the machine reaches the internet: through HTTPS_PROXY /
// HTTP_PROXY unless NO_PROXY names it (undici's EnvHttpProxyAgent). A loopback endpoint never goes
// through a proxy: a corporate proxy cannot reach the owner's own machine.
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, EnvHttpProxyAgent, FormData, request, type Dispatcher } from 'undici';
import { z } from 'zod';
import type { Segment } from '#shared/transcript';
import { PROMPT_MAX_TOKENS, trimPrompt } from '#shared/vocabulary';
import { isLoopbackHost } from '#service/upstream/addressPolicy';
import { backoffMs, isRetryableStatus, retryAfterMs, type RetryPolicy } from '#service/upstream/retry';
import { wavHeader, BYTES_PER_SECOND } from '../audio/tools';
import { cancelled, SttError } from '../errors';
import { NON_SPEECH, type EngineTranscribeOptions, type SpeechEngine, type SttTask } from './engine';

export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  language: string;
}

const VerboseJson = z.object({
  text: z.string(),
  duration: z.union([z.number(), z.string()]).optional(),
  segments: z
    .array(
      z.object({
        start: z.coerce.number(),
        end: z.coerce.number(),
        text: z.string(),
        avg_logprob: z.number().optional(),
        no_speech_prob: z.number().optional(),
      }),
    )
    .nullish(),
});

/**
 * `https://api.openai.com/v1` and `http://localhost:8000` both name the same API root.
 * Translation to English is its own endpoint, `/audio/translations`, with the same form.
 */
export function transcriptionsUrl(baseUrl: string, task: SttTask = 'transcribe'): URL {
  const base = new URL(baseUrl);
  const path = base.pathname.replace(/\/+$/, '');
  const endpoint = task === 'translate' ? 'audio/translations' : 'audio/transcriptions';
  base.pathname = /\/v1$/.test(path) ? `${path}/${endpoint}` : `${path}/v1/${endpoint}`;
  return base;
}

/**
 * Segment times in ms. The API answers in seconds, but LocalAI's whisper backend has been seen
 * answering nanoseconds and other servers milliseconds; the length of the audio we sent says which.
 */
export function normalizeSegments(segments: { start: number; end: number; text: string; avg_logprob?: number; no_speech_prob?: number }[], audioSeconds: number): Segment[] {
  const maxEnd = Math.max(0, ...segments.map((s) => s.end));
  const fits = (scale: number) => maxEnd / scale <= audioSeconds * 1.2 + 1;
  const scale = [1, 1e3, 1e6, 1e9].find(fits) ?? 1;
  return segments
    .filter((s) => !NON_SPEECH.test(s.text) && s.text.trim() !== '')
    // The API's own quality signals: likely silence that the model filled with words.
    .filter((s) => !(s.no_speech_prob !== undefined && s.no_speech_prob > 0.6 && s.avg_logprob !== undefined && s.avg_logprob < -1))
    .map((s) => ({ text: s.text.trim(), startMs: Math.round((s.start / scale) * 1000), endMs: Math.round((s.end / scale) * 1000) }));
}

/**
 * Attempts and waits for 429s, 5xx and unreachable endpoints: the upstream client's helpers
 * (retry.ts: Retry-After in seconds or as an HTTP date, jittered exponential backoff), with the
 * longer waits a speech API calls for. A Retry-After past a minute is not waited out: the
 * transcription fails at once and says when the endpoint will take work again.
 */
export const OPENAI_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

const CONNECT_TIMEOUT_MS = 10_000;

/** Direct for loopback; otherwise the proxy the environment names, if any, for this host. */
export function dispatcherFor(url: URL): Dispatcher {
  if (isLoopbackHost(url.hostname)) return new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS } });
  return new EnvHttpProxyAgent({ connect: { timeout: CONNECT_TIMEOUT_MS }, connectTimeout: CONNECT_TIMEOUT_MS });
}

export class OpenAiEngine implements SpeechEngine {
  readonly id = 'openai' as const;
  readonly fingerprint: string;
  readonly model: string;
  /** A server on this machine (a local whisper server) keeps the audio here; any other host gets it. */
  readonly sendsTo: string | null;
  // 10 minutes of 16 kHz WAV is 19.2 MB, under the API's 25 MB upload limit.
  readonly chunking = { targetSeconds: 600, windowSeconds: 60, overlapSeconds: 2, minPauseMs: 300 };
  // Remote APIs rate-limit; a local server has few slots anyway.
  readonly maxConcurrency = 3;
  readonly wordLevel = false;
  readonly translates = true;
  readonly loopRetry = true;
  private readonly dispatcher: Dispatcher;
  private readonly url: URL;

  constructor(private readonly config: OpenAiConfig) {
    this.url = transcriptionsUrl(config.baseUrl);
    this.dispatcher = dispatcherFor(this.url);
    this.fingerprint = `openai:${this.url.origin}${this.url.pathname}:${config.model}:${config.language}`;
    this.model = config.model;
    this.sendsTo = isLoopbackHost(this.url.hostname) ? null : this.url.host;
  }

  /**
   * `prompt` goes as the form's `prompt` (cut to the 224 tokens the API reads), a loop retry's
   * temperature as `temperature` (the API has no switch for carried context; a chunk is one
   * request anyway). `translate` posts to /audio/translations, which takes no `language` (it
   * detects the spoken one) and no timestamp granularities.
   */
  async transcribe(pcm: Buffer, { signal, prompt, task = 'transcribe', retry }: EngineTranscribeOptions): Promise<Segment[]> {
    const seconds = pcm.length / BYTES_PER_SECOND;
    const wav = new Blob([wavHeader(pcm.length), pcm], { type: 'audio/wav' });
    const url = task === 'translate' ? transcriptionsUrl(this.config.baseUrl, 'translate') : this.url;
    const trimmed = prompt === undefined ? undefined : trimPrompt(prompt, PROMPT_MAX_TOKENS);
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw cancelled(signal);
      const form = new FormData();
      form.append('file', wav, 'chunk.wav');
      form.append('model', this.config.model);
      form.append('response_format', 'verbose_json');
      form.append('temperature', String(retry?.temperature ?? 0));
      if (trimmed !== undefined) form.append('prompt', trimmed);
      if (task === 'transcribe') {
        form.append('timestamp_granularities[]', 'segment');
        if (this.config.language !== 'auto') form.append('language', this.config.language);
      }
      let status: number;
      let body: string;
      let retryAfter: string | undefined;
      try {
        const response = await request(url, {
          method: 'POST',
          body: form,
          headers: this.config.apiKey === null ? {} : { authorization: `Bearer ${this.config.apiKey}` },
          dispatcher: this.dispatcher,
          signal,
          // A local CPU server may think for minutes before it answers a 10-minute chunk.
          headersTimeout: 15 * 60_000,
          bodyTimeout: 60_000,
        });
        status = response.statusCode;
        body = await response.body.text();
        const header = response.headers['retry-after'];
        retryAfter = Array.isArray(header) ? header[0] : header;
      } catch (error) {
        if (signal.aborted) throw cancelled(signal);
        if (attempt < OPENAI_RETRY.attempts) {
          await sleep(backoffMs(OPENAI_RETRY, attempt - 1), undefined, { signal }).catch(() => undefined);
          continue;
        }
        throw new SttError('engine_failed', `The transcription endpoint ${this.url.origin} could not be reached: ${(error as Error).message}`, { cause: error });
      }
      if (isRetryableStatus(status) && attempt < OPENAI_RETRY.attempts) {
        const wait = retryAfterMs(retryAfter);
        if (wait === undefined || wait <= OPENAI_RETRY.maxRetryAfterMs) {
          await sleep(wait ?? backoffMs(OPENAI_RETRY, attempt - 1), undefined, { signal }).catch(() => undefined);
          continue;
        }
      }
      if (status < 200 || status >= 300) throw this.failure(status, body, retryAfter, url);
      return this.parse(body, seconds);
    }
  }

  private parse(body: string, seconds: number): Segment[] {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new SttError('engine_failed', `The transcription endpoint ${this.url.origin} answered something that is not JSON`);
    }
    const parsed = VerboseJson.safeParse(json);
    if (!parsed.success) throw new SttError('engine_failed', `The transcription endpoint ${this.url.origin} answered JSON without a transcript text`);
    const { text, segments } = parsed.data;
    if (segments !== undefined && segments !== null) return normalizeSegments(segments, seconds);
    // Models that only answer `json` (gpt-4o-transcribe) give text without times: one segment for the chunk.
    return text.trim() === '' || NON_SPEECH.test(text) ? [] : [{ text: text.trim(), startMs: 0, endMs: Math.round(seconds * 1000) }];
  }

  private failure(status: number, body: string, retryAfter: string | undefined, url: URL): SttError {
    let detail = body.slice(0, 300);
    try {
      const message = (JSON.parse(body) as { error?: { message?: string } | string }).error;
      detail = typeof message === 'string' ? message : (message?.message ?? detail);
    } catch {
      // not JSON: the raw text is the best detail there is
    }
    const where = `The transcription endpoint ${this.url.origin}`;
    if (status === 401 || status === 403) return new SttError('engine_failed', `${where} refused the API key (${status}: ${detail}); check stt.openai.apiKey`);
    if (status === 404 && url.pathname.endsWith('/translations')) return new SttError('engine_failed', `${where} has no ${url.pathname} (404): this server does not translate; use whisper or another endpoint`);
    if (status === 404) return new SttError('engine_failed', `${where} has no ${url.pathname} (404); check stt.openai.baseUrl`);
    if (status === 413) return new SttError('engine_failed', `${where} rejected the upload as too large (413)`);
    const wait = status === 429 ? retryAfterMs(retryAfter) : undefined;
    if (wait !== undefined) return new SttError('engine_failed', `${where} is rate-limiting (429: ${detail}) and asks to wait ${Math.ceil(wait / 1000)} s before trying again`);
    return new SttError('engine_failed', `${where} answered ${status}: ${detail}`);
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
