// ffmpeg and ffprobe as child processes: the one place that knows their command lines. Input is
// always a local file, and it may come from anyone (a download, a file the user picked), so both
// tools read it with two whitelists:
// - `-protocol_whitelist file`: nothing is fetched from the network (no http:, tcp:, rtp: ...).
//   This alone does NOT keep ffmpeg to the one file: an HLS playlist or a concat list may name
//   other local files (`/home/user/x.mp3`, `file:...`), and ffmpeg opens them through `file`.
// - `-format_whitelist`: only demuxers that read one self-contained stream, so nothing that names
//   other files or URLs (hls, dash, concat, imf, sdp, image2 sequences, script formats) is ever
//   detected. The mov demuxer's external references (`enable_drefs`) stay off by default.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';

/**
 * The demuxers media may be read with, by their ffmpeg names (a demuxer whose name list holds one of
 * them is allowed: `mov` covers mp4/m4a/3gp, `matroska` covers webm). What people transcribe: MP3,
 * AAC/M4A, WAV/W64/AIFF/CAF/AU, Ogg/Opus, FLAC, AC-3, AMR, MP4/MOV, Matroska/WebM, MPEG-TS (HLS
 * segments are joined into one), MPEG-PS, FLV, ASF (WMA/WMV), AVI. Anything else is refused as not
 * audio or video that can be read; a format missing here is one word to add, after checking that
 * its demuxer never opens another file.
 */
export const MEDIA_DEMUXERS = ['mp3', 'aac', 'ac3', 'eac3', 'flac', 'wav', 'w64', 'aiff', 'caf', 'au', 'amr', 'ogg', 'mov', 'matroska', 'mpegts', 'mpeg', 'flv', 'asf', 'avi'] as const;

const LOCAL_ONLY = ['-protocol_whitelist', 'file', '-format_whitelist', MEDIA_DEMUXERS.join(',')];

/** The sample format every engine receives: 16 kHz, mono, signed 16-bit little-endian. */
export const SAMPLE_RATE = 16_000;
export const BYTES_PER_SAMPLE = 2;
export const BYTES_PER_SECOND = SAMPLE_RATE * BYTES_PER_SAMPLE;

export function ffprobeArgs(file: string): string[] {
  return ['-v', 'error', ...LOCAL_ONLY, '-show_entries', 'format=duration,format_name:format_tags=title:stream=codec_type,duration:stream_disposition=attached_pic', '-of', 'json', file];
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
