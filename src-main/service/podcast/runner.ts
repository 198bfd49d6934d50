// Works through podcast episodes one at a time, in the order they were submitted: each episode
// uses every speech-to-text worker, so running two at once would only make both slower. Progress
// goes to the ledger as chunks finish; a service that stops leaves its episode `processing`, and
// the next start resumes it from the finished chunks (persisted by speech-to-text under the task
// key) and from the downloaded audio when its scratch copy is still there.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { podcastPrice } from '../billing';
import type { EpisodeWork, FinishedEpisode, Store } from '../store/port';
import { isSttError, type SpeechToText } from '../stt/index';
import { downloadMedia } from '../stt/audio/download';
import type { UpstreamClient } from '../upstream/client';
import { isUpstreamError } from '../upstream/errors';
import { publishedTranscript } from './publishedTranscript';
import { isProcessAlive } from '../processes';
import { settingsLanguage, speechProvenance } from '../stt/provenance';

export type PodcastEvent =
  | { type: 'started'; episodeKey: string; title: string }
  | { type: 'progress'; episodeKey: string; chunksDone: number; chunksTotal: number }
  | { type: 'note'; episodeKey: string; message: string }
  | { type: 'done'; episodeKey: string; source: 'publisher' | 'ai'; durationSeconds: number; chunksTotal: number; chunksReused: number }
  | { type: 'failed'; episodeKey: string; message: string };

export interface PodcastRunnerDeps {
  store: Store;
  stt: SpeechToText;
  upstream: UpstreamClient;
  home: string;
}

const CLOSING = 'closing';
const CANCELLED = 'cancelled';
const MAX_AUDIO_BYTES = 4 * 1024 ** 3;

/** Where an episode's downloaded audio waits between runs, until the episode is done or failed. */
export const podcastScratch = (home: string, key: string) => join(home, 'tmp', 'podcast', key.replace(/[^\w-]/g, '_'));

/** What a user reads when an episode's work fails: the cause in plain words. */
export function failureReason(error: unknown): string {
  if (isSttError(error)) {
    if (error.code === 'fetch_failed' || error.code === 'blocked_address') return `The episode audio could not be downloaded: ${error.message}`;
    return error.message;
  }
  if (isUpstreamError(error)) return `The episode could not be fetched: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

export class PodcastRunner {
  private readonly queue: string[] = [];
  private current: { key: string; abort: AbortController } | undefined;
  private draining: Promise<void> | undefined;
  private closed = false;
  private readonly listeners = new Set<(event: PodcastEvent) => void>();

  constructor(private readonly deps: PodcastRunnerDeps) {}

  /** Listens to what the runner does (the serve log, the desk's progress bars); returns the unsubscribe. */
  subscribe(listener: (event: PodcastEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  enqueue(key: string): void {
    if (this.closed || this.current?.key === key || this.queue.includes(key)) return;
    this.queue.push(key);
    this.kick();
  }

  /** Queues every episode left `processing` by a process that is gone (a crash, a restart). */
  async resume(): Promise<string[]> {
    const picked = (await this.deps.store.podcastWork.processing())
      .filter((e) => e.runnerPid === null || e.runnerPid === process.pid || !isProcessAlive(e.runnerPid))
      .map((e) => e.key);
    for (const key of picked) this.enqueue(key);
    return picked;
  }

  /** Fails one account's job ("Cancelled", reservation refunded); stops the episode if nobody else waits on it. */
  async cancel(accountId: number, jobId: string): Promise<boolean> {
    const { cancelled, abandonedEpisode } = await this.deps.store.podcastWork.cancel(accountId, jobId);
    if (abandonedEpisode !== null) {
      const queued = this.queue.indexOf(abandonedEpisode);
      if (queued >= 0) this.queue.splice(queued, 1);
      if (this.current?.key === abandonedEpisode) this.current.abort.abort(CANCELLED);
      else void rm(podcastScratch(this.deps.home, abandonedEpisode), { recursive: true, force: true });
      this.emit({ type: 'failed', episodeKey: abandonedEpisode, message: 'Cancelled' });
    }
    return cancelled;
  }

  /** Stops the work in hand; its episode stays `processing` and resumes at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.current?.abort.abort(CLOSING);
    await this.draining;
  }

  private emit(event: PodcastEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's bug must not stop the work.
      }
    }
  }

  private kick(): void {
    if (this.draining !== undefined || this.closed) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    for (let key = this.queue.shift(); key !== undefined && !this.closed; key = this.queue.shift()) {
      const work = this.deps.store.podcastWork;
      // A runner that is gone is named to the store, which takes the episode from it only if it
      // still holds it (another process may have claimed it meanwhile).
      const holder = (await work.episode(key))?.runnerPid ?? null;
      const stale = holder !== null && holder !== process.pid && !isProcessAlive(holder) ? holder : null;
      if (!(await work.claim(key, process.pid, stale))) continue;
      const episode = await work.episode(key);
      if (episode !== undefined) await this.run(episode);
    }
  }

  private async run(episode: EpisodeWork): Promise<void> {
    const { key } = episode;
    const abort = new AbortController();
    this.current = { key, abort };
    const work = this.deps.store.podcastWork;
    this.emit({ type: 'started', episodeKey: key, title: episode.title });
    try {
      const published = episode.transcriptUrl === null ? undefined : await this.fromPublisher(episode, abort.signal);
      const finished = published ?? (await this.fromAudio(episode, abort.signal));
      if (abort.signal.aborted) throw new Error(String(abort.signal.reason));
      await work.finish(key, finished);
      this.emit({ type: 'done', episodeKey: key, source: finished.source, durationSeconds: finished.durationSeconds, chunksTotal: finished.chunksTotal, chunksReused: finished.chunksReused });
      await rm(podcastScratch(this.deps.home, key), { recursive: true, force: true });
    } catch (error) {
      if (abort.signal.aborted && abort.signal.reason === CLOSING) {
        try {
          await work.release(key, process.pid);
        } catch {
          // The ledger closed first; the episode is picked up by the next start all the same.
        }
        return;
      }
      if (!(abort.signal.aborted && abort.signal.reason === CANCELLED)) {
        const message = failureReason(error);
        await work.fail(key, message);
        this.emit({ type: 'failed', episodeKey: key, message });
      }
      await rm(podcastScratch(this.deps.home, key), { recursive: true, force: true });
    } finally {
      this.current = undefined;
    }
  }

  /** The publisher's own transcript; when it cannot be had, speech-to-text takes over if there is audio. */
  private async fromPublisher(episode: EpisodeWork, signal: AbortSignal): Promise<FinishedEpisode | undefined> {
    const published = await publishedTranscript(this.deps.upstream, episode, signal);
    if (published.ok) return published.finished;
    this.emit({ type: 'note', episodeKey: episode.key, message: published.note });
    return undefined;
  }

  private async fromAudio(episode: EpisodeWork, signal: AbortSignal): Promise<FinishedEpisode> {
    const { key } = episode;
    if (episode.audioUrl === null) throw new Error('The episode has no audio file');
    const dir = podcastScratch(this.deps.home, key);
    const audio = join(dir, 'audio');
    if (!existsSync(audio)) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Downloaded aside and renamed when complete: a file named `audio` is always whole.
      const partial = await mkdtemp(join(dir, 'download-'));
      try {
        await rename(await downloadMedia(this.deps.upstream, episode.audioUrl, partial, { signal, maxBytes: MAX_AUDIO_BYTES }), audio);
      } finally {
        await rm(partial, { recursive: true, force: true });
      }
    }
    const info = await this.deps.stt.probeMedia(audio, signal);
    if (info.durationSeconds !== undefined) await this.deps.store.podcastWork.setDuration(key, info.durationSeconds);
    const language = await settingsLanguage(this.deps.stt.settings);
    const result = await this.deps.stt.transcribeMedia(
      { file: audio },
      {
        taskKey: `podcast:${key}`,
        // The show's own vocabulary (stt.vocabulary.bySource, keyed by the show title the desk shows) before the global one.
        vocabularySources: [episode.showTitle],
        signal,
        onProgress: (p) => {
          if (p.stage !== 'transcribing') return;
          // Progress is advisory: a failed write is caught by the next chunk's, never fatal to the work.
          // Told after the write, so a listener that reads the ledger sees it.
          const event = { type: 'progress', episodeKey: key, chunksDone: p.chunksDone, chunksTotal: p.chunksTotal } as const;
          void this.deps.store.podcastWork
            .setProgress(key, p.chunksDone, p.chunksTotal)
            .catch(() => undefined)
            .then(() => this.emit(event));
        },
      },
    );
    return {
      transcript: result.text,
      segments: result.segments,
      source: 'ai',
      provenance: speechProvenance(result, language),
      durationSeconds: result.durationSeconds,
      chunksTotal: result.chunksTotal,
      chunksReused: result.chunksReused,
      price: podcastPrice(result.durationSeconds),
    };
  }
}
