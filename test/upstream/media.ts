// Media the fixture hosts serve, made at run time by flite and ffmpeg from known texts (nothing
// recorded is redistributable): short clips as MP4, MP3 and HLS, a silent clip longer than the
// 2-minute limit, a two-minute podcast episode of three voices, and the show's artwork (the
// episode's waveform on a gradient). Each file is made once per
// directory (tests pass the run's speech cache), concurrently safe: written aside, then renamed.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SPEECH = resolve(__dirname, '../fixtures/speech');

/** What the clips say (about 10 s in flite's `rms` voice). */
export const CLIP_SECONDS = 10;
export const CLIP_TEXT = 'The old lighthouse stood at the edge of the harbor for more than a hundred years. Every night the keeper climbed the narrow stairs and lit the great lamp at the top.';
/** The podcast episode: three voices reading their passages, about two minutes, four speech-to-text chunks. */
export const EPISODE_SECONDS = 120;
export const EPISODE_VOICES = ['rms', 'slt', 'awb'] as const;
export const episodeText = () => EPISODE_VOICES.map((v) => readFileSync(join(SPEECH, `${v}.txt`), 'utf8').trim()).join(' ');

export type MediaName = 'clip.mp4' | 'clip.mp3' | 'clip-hls' | 'long-silent.mp4' | 'episode.mp3' | 'artwork.jpg';

export const defaultMediaDir = () => join(tmpdir(), 'td-fixture-media');

const made = new Map<string, Promise<string>>();

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-y', ...args]);
}

async function speak(dir: string, name: string, voice: string, text: string): Promise<string> {
  const out = join(dir, `${name}.wav`);
  if (existsSync(out)) return out;
  const raw = `${out}.${process.pid}.raw.wav`;
  await run('flite', ['-voice', voice, '-t', text, '-o', raw]);
  const tmp = `${out}.${process.pid}.tmp.wav`;
  await ffmpeg(['-i', raw, '-ac', '1', '-ar', '16000', tmp]);
  rmSync(raw, { force: true });
  renameSync(tmp, out);
  return out;
}

/** A tiny black picture for `seconds`, so the clips are real videos with an audio track. */
const picture = (seconds?: number) => ['-f', 'lavfi', '-i', `color=c=black:s=160x90:r=10${seconds === undefined ? '' : `:d=${seconds}`}`];

async function make(dir: string, name: MediaName): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, name);
  if (existsSync(out)) return out;
  const tmp = `${out}.${process.pid}.tmp`;
  switch (name) {
    case 'clip.mp4': {
      const wav = await speak(dir, 'clip', 'rms', CLIP_TEXT);
      await ffmpeg([...picture(), '-i', wav, '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '48k', '-f', 'mp4', tmp]);
      break;
    }
    case 'clip.mp3': {
      const wav = await speak(dir, 'clip', 'rms', CLIP_TEXT);
      await ffmpeg(['-i', wav, '-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3', tmp]);
      break;
    }
    case 'clip-hls': {
      // A media playlist of 4-second MPEG-TS segments; the host writes the master playlist.
      const wav = await speak(dir, 'clip', 'rms', CLIP_TEXT);
      mkdirSync(tmp, { recursive: true });
      await ffmpeg([...picture(), '-i', wav, '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '48k', '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(tmp, 'seg%03d.ts'), join(tmp, 'playlist.m3u8')]);
      break;
    }
    case 'long-silent.mp4':
      await ffmpeg([...picture(130), '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '130', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '24k', '-f', 'mp4', tmp]);
      break;
    case 'episode.mp3': {
      const parts = await Promise.all(EPISODE_VOICES.map((v) => speak(dir, `episode-${v}`, v, readFileSync(join(SPEECH, `${v}.txt`), 'utf8').trim())));
      const list = join(dir, `episode.${process.pid}.txt`);
      writeFileSync(list, parts.map((p) => `file '${p}'`).join('\n'));
      await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c:a', 'libmp3lame', '-b:a', '48k', '-ac', '1', '-ar', '16000', '-f', 'mp3', tmp]);
      rmSync(list, { force: true });
      break;
    }
    case 'artwork.jpg': {
      // Square like Apple's artwork; no text on it, so no font is needed.
      const episode = await mediaFile(dir, 'episode.mp3');
      const gradient = 'gradients=s=600x600:c0=0x0f766e:c1=0x312e81:x0=0:y0=0:x1=600:y1=600:nb_colors=2:d=1';
      await ffmpeg(['-f', 'lavfi', '-i', gradient, '-i', episode, '-filter_complex', '[1:a]showwavespic=s=520x300:colors=0xf8fafc:scale=sqrt[w];[0:v][w]overlay=40:150,format=yuvj420p', '-frames:v', '1', '-q:v', '3', '-f', 'image2', '-c:v', 'mjpeg', tmp]);
      break;
    }
  }
  try {
    renameSync(tmp, out);
  } catch (error) {
    // Another test file made the same directory first (files are replaced atomically; directories cannot be).
    if (!existsSync(out)) throw error;
    rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}

/** The path of a media file (a directory for `clip-hls`), made on first use. */
export function mediaFile(dir: string, name: MediaName): Promise<string> {
  const key = `${dir}|${name}`;
  let file = made.get(key);
  if (file === undefined) {
    file = make(dir, name);
    made.set(key, file);
    file.catch(() => made.delete(key));
  }
  return file;
}

/** Makes every media file up front, so no fixture request waits on flite (tests call it in beforeAll). */
export async function prepareMedia(dir: string): Promise<void> {
  for (const name of ['clip.mp4', 'clip.mp3', 'clip-hls', 'long-silent.mp4', 'episode.mp3', 'artwork.jpg'] as const) await mediaFile(dir, name);
}
