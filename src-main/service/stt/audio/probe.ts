import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { SttError } from '../errors';
import { FFPROBE, ffprobeArgs } from './tools';

const run = promisify(execFile);

export interface MediaInfo {
  /** From the container or the audio stream; undefined when the file does not say (raw streams, some WAVs). */
  durationSeconds: number | undefined;
  formatName: string;
  /** The container's title tag, where it has one. */
  title?: string;
  /** A picture stream that is not cover art: the desk plays it in a <video>. */
  hasVideo?: boolean;
}

interface ProbeJson {
  streams?: { codec_type?: string; duration?: string; disposition?: { attached_pic?: number } }[];
  format?: { duration?: string; format_name?: string; tags?: { title?: string } };
}

/** Demuxers of lists that name other files or URLs, as the user is told about them. */
const LISTS: Readonly<Record<string, string>> = { hls: 'an HLS playlist', concat: 'an ffconcat list', dash: 'a DASH manifest', imf: 'an IMF composition' };

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/**
 * What ffprobe says about a local file, without decoding it. Rejects what is not audio or video,
 * or has no audio stream, with a message that says which. The clip fetchers use it for the
 * 2-minute rule before transcribing anything.
 */
export async function probeMedia(file: string, signal?: AbortSignal): Promise<MediaInfo> {
  const size = await stat(file).then(
    (s) => (s.isFile() ? s.size : -1),
    () => undefined,
  );
  if (size === undefined) throw new SttError('bad_media', `The file ${file} does not exist or cannot be read`);
  if (size < 0) throw new SttError('bad_media', `${file} is not a file`);
  if (size === 0) throw new SttError('bad_media', 'The file is empty (0 bytes)');

  let json: ProbeJson;
  try {
    const { stdout } = await run(FFPROBE, ffprobeArgs(file), { signal, maxBuffer: 1024 * 1024 });
    json = JSON.parse(stdout) as ProbeJson;
  } catch (error) {
    if (signal?.aborted) throw new SttError('cancelled', 'The transcription was cancelled');
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new SttError('engine_unavailable', 'ffprobe is not installed; install ffmpeg (Debian/Ubuntu: apt install ffmpeg)');
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    // A playlist, a list of files or a picture: detected, but not a format we read (tools.ts).
    const refused = /\[(\w+) @ [^\]]*\] Format not on whitelist/.exec(stderr)?.[1];
    if (refused !== undefined) {
      const what = LISTS[refused] === undefined ? `in the "${refused}" format, which is not an audio or video format read here` : `${LISTS[refused]}, which is never followed to the files it names`;
      throw new SttError('bad_media', `The file is not audio or video that can be transcribed: it is ${what}`, { cause: error });
    }
    const detail = stderr.split('\n').at(-1) ?? '';
    throw new SttError('bad_media', `The file is not audio or video that ffmpeg can read${detail ? ` (${detail.replace(/^.*?: /, '')})` : ''}`, { cause: error });
  }
  const streams = json.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (streams.length === 0) throw new SttError('bad_media', 'The file is not audio or video (ffprobe found no streams)');
  if (audio === undefined) throw new SttError('no_audio', 'The file has no sound: ffprobe found no audio stream in it');
  const title = json.format?.tags?.title?.trim().slice(0, 300);
  const hasVideo = streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  return { durationSeconds: seconds(audio.duration) ?? seconds(json.format?.duration), formatName: json.format?.format_name ?? 'unknown', ...(title ? { title } : {}), hasVideo };
}
