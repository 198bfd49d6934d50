// The platforms without captions (Instagram, X, Kick, Twitch): their media goes through our own
// speech-to-text. This maps what speech-to-text can say to what the caller is told: too long →
// 422 `too_long`; media that cannot be had or read → 502; no engine → 502 `Speech-to-text unavailable` (the spec has
// no other status for a server-side failure); no free place → 503 `Speech-to-text busy` with
// Retry-After (not in the spec: see STT_BUSY_ERROR); all of them free.
import type { SyncPlatformToken } from '#shared/platforms';
import type { Provenance } from '#shared/contract/provenance';
import type { Segment } from '#shared/transcript';
import type { AdmissionPlace, Refusal } from '../stt/admission';
import { isSttError, type SpeechToText } from '../stt/index';
import { settingsLanguage, speechProvenance } from '../stt/provenance';
import type { FetchFailure } from './fetcher';
import { noTranscript, uiName, upstreamFailure } from './failures';

/** The spec's 2-minute rule (§8): X videos and Kick clips without captions. */
export const TWO_MINUTES = 120;

/** The spec gives only `code: too_long` for 422 (§7); this is the `error` text next to it. */
export const TOO_LONG_ERROR = 'Video too long';
export const STT_UNAVAILABLE_ERROR = 'Speech-to-text unavailable';

/**
 * 503, an addition to the spec's statuses: every speech-to-text place is taken (running and
 * waiting, stt/admission.ts), so the request is refused at once, before anything is downloaded,
 * free, with `Retry-After` (whole seconds: about one transcription's time) and `code: stt_busy`.
 * The spec has no status for "come back later"; 503 + Retry-After is what HTTP clients retry on,
 * and 429 would wrongly blame the caller's own rate. A request for an item already being
 * transcribed joins that work and is never refused.
 */
export const STT_BUSY_ERROR = 'Speech-to-text busy';

export const sttBusy = (refusal: Refusal): FetchFailure => ({
  status: 503,
  error: STT_BUSY_ERROR,
  code: 'stt_busy',
  message: `Speech-to-text is busy: ${refusal.running} transcription${refusal.running === 1 ? '' : 's'} running and ${refusal.waiting} waiting, as many as this machine takes. Nothing was charged; retry after ${refusal.retryAfterSeconds} s`,
  retryAfterMs: refusal.retryAfterSeconds * 1000,
});

export type SpokenTranscript = { ok: true; text: string; segments: Segment[]; provenance: Provenance } | { ok: false; failure: FetchFailure };

export const tooLong = (platform: SyncPlatformToken, seconds: number, max: number): FetchFailure => ({
  status: 422,
  error: TOO_LONG_ERROR,
  code: 'too_long',
  message: `This ${uiName(platform)} ${platform.startsWith('clips') ? 'clip' : 'video'} is ${Math.round(seconds)} s long; at most ${max} s can be transcribed (retrying will not change that)`,
});

export interface SpeechRequest {
  mediaUrl: string;
  /** Names the persisted chunk work, so one item's work is never mixed with another's. */
  taskKey: string;
  signal: AbortSignal;
  maxDurationSeconds?: number;
  /** Headers the platform's CDN wants on media requests. */
  headers?: Record<string, string>;
}

interface Flight {
  result: Promise<SpokenTranscript>;
  abort: AbortController;
  waiting: number;
}

// Requests for the same item at the same time share one download and one transcription (same task
// key): cheaper, and two runs of one task would trip over each other's persisted chunks. The work
// is cancelled only when every caller waiting on it has hung up.
const flights = new WeakMap<SpeechToText, Map<string, Flight>>();

/** Downloads the media through the upstream client and transcribes it; failures come back classified. */
export function transcribeSpeech(stt: SpeechToText, platform: SyncPlatformToken, request: SpeechRequest): Promise<SpokenTranscript> {
  const table = flights.get(stt) ?? new Map<string, Flight>();
  flights.set(stt, table);
  let flight = table.get(request.taskKey);
  if (flight === undefined) {
    // Only new work asks for a place; joining work already admitted costs nothing more.
    const admitted = stt.admission.admit();
    if (!admitted.ok) return Promise.resolve({ ok: false, failure: sttBusy(admitted) });
    const abort = new AbortController();
    const started: Flight = { abort, waiting: 0, result: transcribeInPlace(stt, platform, { ...request, signal: abort.signal }, admitted.place) };
    const forget = () => {
      if (table.get(request.taskKey) === started) table.delete(request.taskKey);
    };
    started.result.then(forget, forget);
    table.set(request.taskKey, started);
    flight = started;
  }
  const joined = flight;
  joined.waiting++;
  return new Promise<SpokenTranscript>((resolve, reject) => {
    let left = false;
    const leave = (settle: () => void) => {
      if (left) return;
      left = true;
      request.signal.removeEventListener('abort', hangUp);
      joined.waiting--;
      settle();
    };
    function hangUp(): void {
      leave(() => resolve({ ok: false, failure: upstreamFailure(`${uiName(platform)} media: the request was cancelled`) }));
      if (joined.waiting === 0) {
        // A request arriving after this starts afresh instead of joining work being torn down.
        if (table.get(request.taskKey) === joined) table.delete(request.taskKey);
        joined.abort.abort();
      }
    }
    if (request.signal.aborted) return hangUp();
    request.signal.addEventListener('abort', hangUp, { once: true });
    joined.result.then(
      (result) => leave(() => resolve(result)),
      (error: unknown) => leave(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

/** Waits for the place to run (in arrival order), transcribes, and gives the place up whatever happens. */
async function transcribeInPlace(stt: SpeechToText, platform: SyncPlatformToken, request: SpeechRequest, place: AdmissionPlace): Promise<SpokenTranscript> {
  try {
    await place.whenRunning(request.signal);
  } catch {
    return { ok: false, failure: upstreamFailure(`${uiName(platform)} media: the request was cancelled`) };
  }
  try {
    return await transcribeOnce(stt, platform, request);
  } finally {
    place.leave();
  }
}

async function transcribeOnce(stt: SpeechToText, platform: SyncPlatformToken, request: SpeechRequest): Promise<SpokenTranscript> {
  const name = uiName(platform);
  try {
    // Read with the run's settings: the language the engine was told is what it heard in.
    const language = await settingsLanguage(stt.settings);
    const result = await stt.transcribeMedia(
      { url: request.mediaUrl },
      {
        taskKey: request.taskKey,
        signal: request.signal,
        ...(request.maxDurationSeconds === undefined ? {} : { maxDurationSeconds: request.maxDurationSeconds }),
        ...(request.headers === undefined ? {} : { downloadHeaders: request.headers }),
      },
    );
    // Music or silence: there is nothing to read, and nothing to charge for.
    if (result.text.trim() === '') return { ok: false, failure: noTranscript(platform, `No speech was recognized in this ${name} video`) };
    return { ok: true, text: result.text, segments: result.segments, provenance: speechProvenance(result, language) };
  } catch (error) {
    if (!isSttError(error)) throw error;
    switch (error.code) {
      case 'too_long': {
        const seconds = /(\d+) s long/.exec(error.message)?.[1];
        const max = request.maxDurationSeconds;
        if (seconds !== undefined && max !== undefined) return { ok: false, failure: tooLong(platform, Number(seconds), max) };
        return { ok: false, failure: { status: 422, error: TOO_LONG_ERROR, code: 'too_long', message: error.message } };
      }
      case 'no_audio':
        return { ok: false, failure: noTranscript(platform, `This ${name} video has no sound to transcribe (${error.message})`) };
      case 'engine_unavailable':
      case 'checksum_mismatch':
        return { ok: false, failure: { status: 502, error: STT_UNAVAILABLE_ERROR, message: error.message } };
      case 'engine_failed':
        return { ok: false, failure: { status: 502, error: STT_UNAVAILABLE_ERROR, message: `Speech-to-text failed on this ${name} video: ${error.message}` } };
      case 'fetch_failed':
      case 'blocked_address':
      case 'bad_media':
      case 'cancelled':
        return { ok: false, failure: upstreamFailure(`${name} media: ${error.message}`) };
    }
  }
}
