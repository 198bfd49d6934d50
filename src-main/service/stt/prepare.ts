// The first half of a transcription: a media file decoded to the engines' PCM, measured and
// checked, with the levels the chunk plan is cut from. One machine goes on to transcribe it
// (index.ts); a team server's worker cuts it into chunks for every worker (service/cluster).
import { join } from 'node:path';
import { decodeToPcmFile } from './audio/decode';
import { EnergyMeter } from './audio/energy';
import { probeMedia } from './audio/probe';
import { BYTES_PER_SECOND, SAMPLE_RATE } from './audio/tools';
import { SttError } from './errors';

/** Below this share of its declared length, a decoded file is called truncated. VBR files without a
 * length header can be estimated 10–20 % off, so the bar is well below that. */
const TRUNCATED_BELOW = 0.8;

export interface DecodedAudio {
  /** 16 kHz mono s16le PCM. */
  pcmFile: string;
  samples: number;
  seconds: number;
  /** Loudness per frame, for the chunk plan (chunker.ts). */
  levels: Float32Array;
}

export interface DecodeOptions {
  signal?: AbortSignal | undefined;
  /** Longer audio is refused (`too_long`) before it is transcribed, and while it decodes when its length is not declared. */
  maxDurationSeconds?: number | undefined;
  /** Told when decoding starts (after the probe). */
  onDecoding?: () => void;
}

export function tooLong(seconds: number, max: number): SttError {
  return new SttError('too_long', `The audio is ${Math.round(seconds)} s long; at most ${max} s can be transcribed here`);
}

/** Decodes `file` into `dir/audio.pcm`; refuses silence, truncated files and audio over the limit. */
export async function decodeForChunks(file: string, dir: string, options: DecodeOptions = {}): Promise<DecodedAudio> {
  const { signal } = options;
  const max = options.maxDurationSeconds;
  const info = await probeMedia(file, signal);
  if (max !== undefined && info.durationSeconds !== undefined && info.durationSeconds > max) throw tooLong(info.durationSeconds, max);

  options.onDecoding?.();
  const meter = new EnergyMeter();
  const pcmFile = join(dir, 'audio.pcm');
  const decoding = new AbortController();
  let bytes = 0;
  const { samples } = await decodeToPcmFile(file, pcmFile, {
    signal: signal === undefined ? decoding.signal : AbortSignal.any([signal, decoding.signal]),
    onPcm: (pcm) => {
      meter.push(pcm);
      bytes += pcm.length;
      // A file without a declared length is measured while it decodes; stop as soon as it is too long.
      if (max !== undefined && bytes / BYTES_PER_SECOND > max + 1) decoding.abort(tooLong(bytes / BYTES_PER_SECOND, max));
    },
  }).catch((error: unknown) => {
    throw decoding.signal.aborted && !signal?.aborted ? (decoding.signal.reason as SttError) : error;
  });
  const seconds = samples / SAMPLE_RATE;
  if (samples < SAMPLE_RATE / 10) throw new SttError('no_audio', `The file has no sound to transcribe (${seconds.toFixed(2)} s of audio)`);
  if (info.durationSeconds !== undefined && info.durationSeconds > 1 && seconds < TRUNCATED_BELOW * info.durationSeconds) {
    throw new SttError('bad_media', `The file looks truncated: it declares ${info.durationSeconds.toFixed(1)} s of audio but only ${seconds.toFixed(1)} s could be decoded`);
  }
  if (max !== undefined && seconds > max) throw tooLong(seconds, max);
  return { pcmFile, samples, seconds, levels: meter.finish() };
}
