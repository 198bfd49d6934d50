// ffmpeg and ffprobe as child processes: the one place that knows their command lines. Input is
// always a local file, read with `-protocol_whitelist file` so a crafted file (a playlist, a concat
// list) cannot make ffmpeg open network addresses or other files on our behalf.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
const LOCAL_ONLY = ['-protocol_whitelist', 'file'];

/** The sample format every engine receives: 16 kHz, mono, signed 16-bit little-endian. */
export const SAMPLE_RATE = 16_000;
export const BYTES_PER_SAMPLE = 2;
export const BYTES_PER_SECOND = SAMPLE_RATE * BYTES_PER_SAMPLE;

export function ffprobeArgs(file: string): string[] {
  return ['-v', 'error', ...LOCAL_ONLY, '-show_entries', 'format=duration,format_name:stream=codec_type,duration', '-of', 'json', file];
}

/** ffmpeg decoding a local file to raw PCM on stdout. */
export function spawnDecoder(file: string): ChildProcessByStdio<null, Readable, Readable> {
  const args = ['-nostdin', '-v', 'error', ...LOCAL_ONLY, '-i', file, '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'];
  return spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A RIFF/WAVE header for PCM in our sample format, for engines and endpoints that want a .wav file. */
export function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(BYTES_PER_SECOND, 28);
  h.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}
