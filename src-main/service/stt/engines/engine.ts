import type { Segment } from '#shared/transcript';
import type { EngineId } from '#service/settings';
import type { ChunkingPolicy } from '../chunker';

/** What a run makes of the speech: text in the spoken language, or English text. */
export type SttTask = 'transcribe' | 'translate';

export interface EngineTranscribeOptions {
  signal: AbortSignal;
  /** 0…1 within this piece of audio, when the engine can tell. */
  onProgress?: (fraction: number) => void;
  /** A directory the engine may write scratch files to (removed by the caller). */
  scratchDir: string;
  /**
   * Names and terms the speech should contain (the vocabulary, vocabularyPrompt in
   * src-shared/vocabulary.ts): whisper's initial prompt, the OpenAI-compatible `prompt`. Engines
   * without a prompt (pocketsphinx) ignore it.
   */
  prompt?: string;
  /** `translate`: English text whatever the spoken language (whisper's translate mode, /audio/translations); engines that cannot (`translates` false) refuse. */
  task?: SttTask;
  /** A chunk run again because its first output looped (pipeline.ts): no context carried between windows, this temperature. */
  retry?: { temperature: number };
}

/**
 * One speech-to-text engine. `transcribe` takes 16 kHz mono s16le PCM and returns segments with
 * times relative to the start of that PCM; the pipeline cuts, schedules and merges.
 */
export interface SpeechEngine {
  readonly id: EngineId;
  /** Engine, model and language: a restarted task reuses finished chunks only under the same one. */
  readonly fingerprint: string;
  /** What a transcript names as its model (a local file's provenance): the whisper model file, the endpoint's model, pocketsphinx's en-us. */
  readonly model: string | null;
  /** The host a remote endpoint sends the audio to; null when the audio stays on this machine. */
  readonly sendsTo: string | null;
  readonly chunking: ChunkingPolicy;
  /** Most chunks this engine should run at once (the pipeline also caps at its worker count). */
  readonly maxConcurrency: number;
  /** True when each segment is one word (then overlaps are merged word by word). */
  readonly wordLevel: boolean;
  /** Whether `task: 'translate'` works; when false the engine refuses it (SttError engine_unavailable). */
  readonly translates: boolean;
  /**
   * Whether running a looped chunk again (`retry`) can give another answer. False for a deterministic
   * engine with no temperature (pocketsphinx): its loops are flagged without a second run.
   */
  readonly loopRetry: boolean;
  transcribe(pcm: Buffer, options: EngineTranscribeOptions): Promise<Segment[]>;
  close(): Promise<void>;
}

/** Markers engines emit for non-speech, which do not belong in a transcript. */
export const NON_SPEECH = /^\s*[[(](blank_audio|silence|music|noise|inaudible|no speech)[\])]\s*$/i;
