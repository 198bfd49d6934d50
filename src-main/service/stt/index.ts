// The entry point of speech-to-text for everything else: the CLI, the podcast runner, and the
// fetchers of platforms without captions (Instagram, X, Kick, Twitch). Audio in (a local file or a
// URL), timed transcript out.
import { createHash } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import type { Segment } from '#shared/transcript';
import type { Store } from '../store/port';
import { Settings, type EngineId } from '../settings';
import type { UpstreamClient } from '../upstream/client';
import { SttAdmission } from './admission';
import { downloadMedia } from './audio/download';
import { probeMedia, type MediaInfo } from './audio/probe';
import { planChunks, type ChunkPlan } from './chunker';
import type { SpeechEngine, SttTask } from './engines/engine';
import { selectEngine } from './engines/select';
import { cancelled, SttError, throwIfCancelled } from './errors';
import { decodeForChunks } from './prepare';
import { groupWords, mergeChunks } from './merge';
import { runChunks } from './pipeline';
import { createWorkDir, sweepStaleWorkDirs } from './workdir';
import { vocabularyFor, vocabularyPrompt } from '#shared/vocabulary';

export type MediaSource = { file: string } | { url: string };

export interface SttProgress {
  /** The engine the run uses, known from the first report. */
  engine?: EngineId;
  stage: 'downloading' | 'decoding' | 'transcribing';
  /** Known from the moment the audio is decoded and cut, before the first chunk is transcribed; 0 before. */
  chunksTotal: number;
  chunksDone: number;
  /** While downloading. */
  bytesReceived?: number;
}

export interface TranscribeOptions {
  /** Names the persisted chunk set (e.g. `podcast:<episodeId>`); derived from the source when absent. */
  taskKey?: string;
  engine?: EngineId | 'auto';
  /** ISO-639-1, or `auto`; the setting `stt.language` when absent. */
  language?: string;
  signal?: AbortSignal;
  onProgress?: (progress: SttProgress) => void;
  /** Longer audio is refused (`too_long`) before any of it is transcribed. */
  maxDurationSeconds?: number;
  /** Chunks at once; the setting `stt.workers` (cores − 1) when absent. */
  workers?: number;
  /** Largest download accepted for a URL source. */
  maxDownloadBytes?: number;
  /** Extra headers for a URL source's requests (a CDN that wants a Referer). */
  downloadHeaders?: Record<string, string>;
  /**
   * A catalogue whisper model for this run instead of the `stt.whisper.model` setting (the
   * desk's "Transcribe again with …"); ignored by the other engines.
   */
  whisperModel?: string;
  /**
   * `transcribe` (the default): text in the language spoken. `translate`: English text whatever
   * the language spoken, by whisper's translate mode or an OpenAI-compatible /audio/translations;
   * pocketsphinx refuses it (`engine_unavailable`) before any audio is read. A translated run
   * never reuses chunks of a transcribed one (the task is part of the chunk fingerprint).
   */
  task?: SttTask;
  /**
   * Keys of `stt.vocabulary.bySource` this audio belongs to (a podcast's show title, a follow's
   * source URL): their terms go into the engine's prompt before the global `stt.vocabulary`.
   */
  vocabularySources?: string[];
}

export interface TranscriptionResult {
  text: string;
  /** Timed lines (word-level engines' words grouped into lines), for SRT and VTT. */
  segments: Segment[];
  durationSeconds: number;
  engine: EngineId;
  /** The engine's model (SpeechEngine.model). */
  model: string | null;
  chunksTotal: number;
  /** Chunks taken from an earlier, interrupted run of the same task. */
  chunksReused: number;
  /** What the run made of the speech (TranscribeOptions.task). */
  task: SttTask;
}

export interface SpeechToTextDeps {
  store: Store;
  upstream: UpstreamClient;
  home: string;
  /** The host's settings (secret ones from its keychain); the store's when absent. */
  settings?: Settings;
  /** How many synchronous speech requests may run and wait at once (admission.ts); one per core but one, by default. */
  admission?: SttAdmission;
}

const DEFAULT_MAX_DOWNLOAD = 2 * 1024 ** 3;

async function taskKeyFor(source: MediaSource): Promise<string> {
  if ('url' in source) return `url:${source.url}`;
  const path = await realpath(source.file).catch(() => source.file);
  const info = await stat(path).catch(() => undefined);
  return `file:${path}:${info?.size ?? 0}:${Math.round(info?.mtimeMs ?? 0)}`;
}

/**
 * What finished chunks of a task are valid for. Chunks are reused only from a run that asked the
 * same: a translation never takes transcribed chunks, a changed vocabulary transcribes again. (A
 * plain run keeps the fingerprint it always had, so a task interrupted before this existed still
 * resumes.)
 */
export function chunkFingerprint(engine: Pick<SpeechEngine, 'fingerprint' | 'chunking'>, samples: number, task: SttTask, prompt: string | undefined): string {
  const asked = `${task === 'translate' ? '|translate' : ''}${prompt === undefined ? '' : `|prompt:${createHash('sha256').update(prompt).digest('hex').slice(0, 16)}`}`;
  return `${engine.fingerprint}|${samples}|${JSON.stringify(engine.chunking)}${asked}`;
}

export class SpeechToText {
  readonly settings: Settings;
  /** Places for the platforms' synchronous transcriptions (platforms/speech.ts); the CLI and podcast jobs do not take them. */
  readonly admission: SttAdmission;

  constructor(private readonly deps: SpeechToTextDeps) {
    this.settings = deps.settings ?? new Settings(deps.store);
    this.admission = deps.admission ?? new SttAdmission();
  }

  /** Duration and format of a local file without transcribing it (the clip fetchers' 2-minute rule). */
  probeMedia(file: string, signal?: AbortSignal): Promise<MediaInfo> {
    return probeMedia(file, signal);
  }

  /**
   * The engine `requested` (the `stt.engine` setting when absent) for the settings' language: a
   * team server's worker opens one and transcribes many chunks with it. The caller closes it.
   */
  async openEngine(requested?: EngineId | 'auto'): Promise<SpeechEngine> {
    const settings = await this.settings.stt();
    return selectEngine(settings, this.deps.home, requested ?? settings.engine, settings.language);
  }

  async transcribeMedia(source: MediaSource, options: TranscribeOptions = {}): Promise<TranscriptionResult> {
    const { signal, onProgress } = options;
    throwIfCancelled(signal);
    const saved = await this.settings.stt();
    // A model chosen for this run wins over the saved file or model, for this run only.
    const settings = options.whisperModel === undefined ? saved : { ...saved, whisper: { model: options.whisperModel, modelPath: null } };
    const language = options.language ?? settings.language;
    const engine = await selectEngine(settings, this.deps.home, options.engine ?? settings.engine, language);
    const task = options.task ?? 'transcribe';
    if (task === 'translate' && !engine.translates) {
      await engine.close();
      throw new SttError('engine_unavailable', `The ${engine.id} engine cannot translate to English; pick whisper or an OpenAI-compatible endpoint`);
    }
    const prompt = vocabularyPrompt(vocabularyFor(settings.vocabulary.global, settings.vocabulary.bySource, options.vocabularySources ?? []));
    const report = (progress: SttProgress) => onProgress?.({ ...progress, engine: engine.id });
    await sweepStaleWorkDirs(this.deps.home);
    const work = await createWorkDir(this.deps.home);
    try {
      let file: string;
      if ('url' in source) {
        report({ stage: 'downloading', chunksDone: 0, chunksTotal: 0, bytesReceived: 0 });
        file = await downloadMedia(this.deps.upstream, source.url, work.dir, {
          signal,
          maxBytes: options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD,
          ...(options.downloadHeaders === undefined ? {} : { headers: options.downloadHeaders }),
          onProgress: (bytesReceived) => report({ stage: 'downloading', chunksDone: 0, chunksTotal: 0, bytesReceived }),
        });
      } else {
        file = source.file;
      }

      const { pcmFile, samples, seconds, levels } = await decodeForChunks(file, work.dir, {
        signal,
        maxDurationSeconds: options.maxDurationSeconds,
        onDecoding: () => report({ stage: 'decoding', chunksDone: 0, chunksTotal: 0 }),
      });

      const taskKey = options.taskKey ?? (await taskKeyFor(source));
      const fingerprint = chunkFingerprint(engine, samples, task, prompt);
      const stored = await this.deps.store.sttTasks.get(taskKey);
      let plan: ChunkPlan;
      let finished = new Map<number, Segment[]>();
      if (stored !== undefined && stored.fingerprint === fingerprint) {
        plan = JSON.parse(stored.plan) as ChunkPlan;
        finished = stored.chunks;
      } else {
        plan = planChunks(samples, levels, engine.chunking);
        await this.deps.store.sttTasks.begin(taskKey, fingerprint, JSON.stringify(plan));
      }
      const chunksTotal = plan.chunks.length;
      report({ stage: 'transcribing', chunksDone: finished.size, chunksTotal });

      const results = await runChunks({
        taskKey,
        chunks: plan.chunks,
        finished,
        pcmFile,
        engine,
        task,
        ...(prompt === undefined ? {} : { prompt }),
        workers: options.workers ?? settings.workers,
        tasks: this.deps.store.sttTasks,
        scratchDir: work.dir,
        signal: signal ?? new AbortController().signal,
        onChunkDone: (p) => report({ stage: 'transcribing', ...p }),
      });
      const merged = mergeChunks(results, engine.wordLevel);
      const segments = engine.wordLevel ? groupWords(merged) : merged;
      await this.deps.store.sttTasks.forget(taskKey);
      return { text: segments.map((s) => s.text).join('\n'), segments, durationSeconds: seconds, engine: engine.id, model: engine.model, chunksTotal, chunksReused: finished.size, task };
    } catch (error) {
      if (signal?.aborted) throw cancelled(signal);
      throw error;
    } finally {
      await engine.close();
      await work.remove();
    }
  }
}


export { SttError, isSttError, type SttErrorCode } from './errors';
export type { SttTask } from './engines/engine';
export type { MediaInfo } from './audio/probe';
