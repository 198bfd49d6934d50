// Admission control for synchronous speech-to-text (research F13): every Instagram, X, Kick or
// Twitch request without a cached transcript downloads and transcribes media, which is CPU work
// measured in seconds. Unbounded, 16 requests at once made each wait up to 75 s and kept 16 media
// files on disk. So at most `running` transcriptions run, at most `waiting` more wait their turn in
// arrival order, and a request beyond that is refused at once (the caller answers 503 with
// Retry-After, free) instead of joining an ever longer line.
import { availableParallelism } from 'node:os';
import { cancelled } from './errors';

export interface AdmissionLimits {
  /** Transcriptions at once. */
  running: number;
  /** Admitted requests waiting for a running place. 0: refuse whenever every place is taken. */
  waiting: number;
}

/**
 * One transcription per core but one: the same share `stt.workers` gives one transcription's
 * chunks, leaving a core to the server, ffmpeg and the desk (two cores: one at a time). Eight may
 * wait, so the desk's queue alone (at most 8 items at once, `desk.queue.concurrency`) is never
 * refused. Podcast episodes do not take these places: their runner does one episode at a time,
 * on its own, and never answers a caller while it works.
 */
export function defaultAdmissionLimits(): AdmissionLimits {
  return { running: Math.max(1, availableParallelism() - 1), waiting: 8 };
}

/** What Retry-After says before any transcription has been timed: a short clip on a slow machine. */
const FIRST_ESTIMATE_MS = 10_000;
/** Weight of the newest run in the running average of run times. */
const NEWEST_WEIGHT = 0.3;

type PlaceState = 'waiting' | 'running' | 'left';

/** One admitted request's place: waiting, then running, then left (once, whatever happens). */
export interface AdmissionPlace {
  /** Resolves once this place runs. If `signal` aborts first, the place is given up and this rejects `cancelled`. */
  whenRunning(signal: AbortSignal): Promise<void>;
  /** Gives up the place (running or waiting) and lets the next waiting request run. Idempotent. */
  leave(): void;
}

export interface Refusal {
  running: number;
  waiting: number;
  /** Whole seconds, at least 1: about when a place is likely to be free. */
  retryAfterSeconds: number;
}

export class SttAdmission {
  readonly limits: AdmissionLimits;
  private running = 0;
  private readonly queue: { promote: () => void }[] = [];
  private averageRunMs = FIRST_ESTIMATE_MS;

  constructor(limits: AdmissionLimits = defaultAdmissionLimits(), private readonly now: () => number = Date.now) {
    if (!Number.isInteger(limits.running) || limits.running < 1) throw new RangeError(`running must be a whole number ≥ 1, got ${limits.running}`);
    if (!Number.isInteger(limits.waiting) || limits.waiting < 0) throw new RangeError(`waiting must be a whole number ≥ 0, got ${limits.waiting}`);
    this.limits = { ...limits };
  }

  /** Synchronous, so two requests can never both take the last place. */
  admit(): { ok: true; place: AdmissionPlace } | ({ ok: false } & Refusal) {
    if (this.running < this.limits.running && this.queue.length === 0) return { ok: true, place: this.place('running') };
    if (this.queue.length < this.limits.waiting) return { ok: true, place: this.place('waiting') };
    return { ok: false, running: this.running, waiting: this.queue.length, retryAfterSeconds: Math.max(1, Math.ceil(this.averageRunMs / 1000)) };
  }

  private place(initial: 'waiting' | 'running'): AdmissionPlace {
    let state: PlaceState = initial;
    let startedAt = this.now();
    let onRunning: (() => void) | undefined;
    const entry = {
      promote: () => {
        state = 'running';
        startedAt = this.now();
        onRunning?.();
      },
    };
    if (initial === 'running') this.running++;
    else this.queue.push(entry);

    const leave = () => {
      if (state === 'left') return;
      if (state === 'running') {
        this.running--;
        this.averageRunMs = (1 - NEWEST_WEIGHT) * this.averageRunMs + NEWEST_WEIGHT * (this.now() - startedAt);
        this.promoteNext();
      } else {
        this.queue.splice(this.queue.indexOf(entry), 1);
      }
      state = 'left';
    };

    return {
      leave,
      whenRunning: (signal) =>
        new Promise<void>((resolve, reject) => {
          if (state === 'running') return resolve();
          const giveUp = () => {
            leave();
            reject(cancelled(signal));
          };
          if (state === 'left' || signal.aborted) return giveUp();
          signal.addEventListener('abort', giveUp, { once: true });
          onRunning = () => {
            signal.removeEventListener('abort', giveUp);
            resolve();
          };
        }),
    };
  }

  private promoteNext(): void {
    while (this.running < this.limits.running) {
      const next = this.queue.shift();
      if (next === undefined) return;
      this.running++;
      next.promote();
    }
  }
}
