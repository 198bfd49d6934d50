// The recordings the local-media spec drops on the desk, made by flite and ffmpeg from the known
// passages of test/fixtures/speech (nothing recorded is redistributable). Cached in the system's
// temporary folder across runs: each file is written aside and renamed, so a half-made one is
// never read.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpeg, opening, passage, speak } from '../helpers/speech';

const DIR = join(tmpdir(), 'td-e2e-local-media');

/** The file `name` in the cache, made by `make(tmp)` when missing. */
function once(name: string, make: (tmp: string) => void): string {
  mkdirSync(DIR, { recursive: true });
  const out = join(DIR, name);
  if (existsSync(out)) return out;
  const tmp = join(DIR, `${process.pid}.tmp.${name}`);
  make(tmp);
  renameSync(tmp, out);
  return out;
}

/** A picture for a video: a flat colour, small, at a low frame rate (the audio is what matters). */
const picture = (colour: string, seconds: number) => ['-f', 'lavfi', '-i', `color=c=${colour}:s=320x180:r=10:d=${seconds}`];

/** Seconds of a media file, as ffprobe reads its container. */
export function lengthOf(file: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
}

export interface Recording {
  file: string;
  /** The name the desk shows. */
  name: string;
  /** What is said. */
  text: string;
  seconds: number;
}

/** 45 s: flite's `rms` voice reads the lighthouse passage (about 43 s), then a little silence. A WAV, as a recorder writes it. */
export function lighthouseWav(): Recording {
  const speech = speak(DIR, 'rms');
  const file = once('lighthouse-keeper.wav', (tmp) => ffmpeg(['-i', speech, '-af', 'apad', '-t', '45', '-ac', '1', '-ar', '16000', '-f', 'wav', tmp]));
  return { file, name: 'lighthouse-keeper.wav', text: passage('rms'), seconds: 45 };
}

/** The title tag of the two-minute video: the card and the library show it instead of the file's name. */
export const VIDEO_TITLE = 'Gardens, Trains and Kitchens';

/** 2 min: three voices read their passages (about 113 s) over a coloured picture; H.264 and AAC in MP4, with a title tag. */
export function threeVoicesMp4(): Recording {
  const voices = ['slt', 'awb', 'kal16'] as const;
  const file = once('three-voices.mp4', (tmp) => {
    const parts = voices.map((voice) => speak(DIR, voice));
    const inputs = parts.flatMap((p) => ['-i', p]);
    const filter = `${parts.map((_, i) => `[${i}:a]`).join('')}concat=n=${parts.length}:v=0:a=1,apad[a]`;
    ffmpeg([...inputs, ...picture('0x1e3a5f', 120), '-filter_complex', filter, '-map', `${parts.length}:v`, '-map', '[a]', '-t', '120', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', '-metadata', `title=${VIDEO_TITLE}`, '-f', 'mp4', tmp]);
  });
  return { file, name: 'three-voices.mp4', text: voices.map((v) => passage(v)).join(' '), seconds: 120 };
}

/** About 12 s of `slt` in MP3: the third file of the batch in the screenshot. */
export function gardenMp3(): Recording {
  const text = opening('slt', 2);
  const speech = speak(DIR, 'slt', text, 'slt-two');
  const file = once('garden-note.mp3', (tmp) => ffmpeg(['-i', speech, '-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3', tmp]));
  return { file, name: 'garden-note.mp3', text, seconds: lengthOf(file) };
}

/** About 10 s of `kal16`: the good file dropped among the bad ones. */
export function cookingWav(): Recording {
  const text = opening('kal16', 2);
  const file = speak(DIR, 'kal16', text, 'cooking-tip');
  return { file, name: 'cooking-tip.wav', text, seconds: lengthOf(file) };
}

/** A text file named like audio: the desk decides by probing, not by the name. */
export function renamedText(): string {
  return once('notes.mp3', (tmp) => writeFileSync(tmp, 'Meeting notes: these are words, not audio.\n'.repeat(50)));
}

/** The first 30 % of a real MP4's bytes: its index (moov, written last) is missing. */
export function truncatedMp4(): string {
  const whole = once('whole-clip.mp4', (tmp) => ffmpeg([...picture('navy', 10), '-i', cookingWav().file, '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4', tmp]));
  return once('cut-off.mp4', (tmp) => writeFileSync(tmp, readFileSync(whole).subarray(0, Math.floor(statSync(whole).size * 0.3))));
}
