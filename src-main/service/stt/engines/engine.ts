import type { Segment } from '#shared/transcript';
import type { EngineId } from '#service/settings';
import type { ChunkingPolicy } from '../chunker';

export interface EngineTranscribeOptions {
  signal: AbortSignal;
  /** 0…1 within this piece of audio, when the engine can tell. */
  onProgress?: (fraction: number) => void;
  /** A directory the engine may write scratch files to (removed by the caller). */
  scratchDir: string;
  /** Names and terms the speech should contain (the vocabulary): whisper's initial prompt, the OpenAI-compatible `prompt`. */
  prompt?: string;
  /** `translate`: whisper's translate-to-English mode; engines without it refuse rather than transcribe. */
  task?: 'transcribe' | 'translate';
  /** A chunk run again because its first output looped: no context carried between windows, this temperature. */
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
  transcribe(pcm: Buffer, options: EngineTranscribeOptions): Promise<Segment[]>;
  close(): Promise<void>;
}

/** Markers engines emit for non-speech, which do not belong in a transcript. */
export const NON_SPEECH = /^\s*[[(](blank_audio|silence|music|noise|inaudible|no speech)[\])]\s*$/i;
