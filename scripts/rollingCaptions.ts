// Writes test/fixtures/captions/rolling-slt.vtt and growing-awb.srt from the speech texts in
// test/fixtures/speech: the same words laid out as rolling captions, so tests know exactly which
// words were spoken. Run it again only to change the layouts: `npx tsx scripts/rollingCaptions.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'captions');
const speech = (name: string) => readFileSync(join(here, '..', 'speech', name), 'utf8').trim().split(/\s+/);
const WORD_MS = 380;
const clock = (ms: number, comma = false) => {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const s = `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  return comma ? s.replace('.', ',') : s;
};

interface Timed {
  text: string;
  startMs: number;
}

/** Words with times: 380 ms each, and a pause after every second sentence (1.5 s). */
function timed(words: readonly string[]): Timed[] {
  let t = 120;
  let sentences = 0;
  return words.map((text) => {
    const word = { text, startMs: t };
    t += WORD_MS;
    if (/[.!?]$/.test(text) && ++sentences % 2 === 0) t += 1500;
    return word;
  });
}

/** Lines of up to `width` characters. */
function lines(words: readonly Timed[], width: number): Timed[][] {
  const out: Timed[][] = [[]];
  for (const w of words) {
    const line = out[out.length - 1] as Timed[];
    if (line.length > 0 && [...line, w].map((x) => x.text).join(' ').length > width) out.push([w]);
    else line.push(w);
  }
  return out;
}

// YouTube fmt=vtt auto-captions: lowercase, no punctuation; each cue shows the previous line above
// the new one (whose words carry inline times), then a 10 ms cue repeats the finished line alone.
function youtubeRolling(words: readonly string[]): string {
  const auto = timed(words).map((w) => ({ ...w, text: w.text.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '') }));
  const rows = lines(auto, 32);
  let out = 'WEBVTT\nKind: captions\nLanguage: en\n\n';
  rows.forEach((row, i) => {
    const start = (row[0] as Timed).startMs;
    const next = rows[i + 1]?.[0]?.startMs ?? (row[row.length - 1] as Timed).startMs + 2000;
    const above = i === 0 ? ' ' : (rows[i - 1] as Timed[]).map((w) => w.text).join(' ');
    const spoken = row.map((w, j) => (j === 0 ? w.text : `<${clock(w.startMs)}><c> ${w.text}</c>`)).join('');
    out += `${clock(start)} --> ${clock(next - 10)} align:start position:0%\n${above}\n${spoken}\n\n`;
    out += `${clock(next - 10)} --> ${clock(next)} align:start position:0%\n${row.map((w) => w.text).join(' ')}\n \n\n`;
  });
  return out;
}

// A creator tool's SRT (as Facebook and TikTok pages serve): a line grows two words per cue, and
// the next line starts afresh; punctuated.
function growingSrt(words: readonly string[]): string {
  const rows = lines(timed(words), 40);
  const cues: { startMs: number; endMs: number; text: string }[] = [];
  for (const row of rows) {
    for (let n = 2; n < row.length + 2; n += 2) {
      const shown = row.slice(0, Math.min(n, row.length));
      const last = shown[shown.length - 1] as Timed;
      cues.push({ startMs: (shown[Math.max(0, shown.length - 2)] as Timed).startMs, endMs: last.startMs + WORD_MS, text: shown.map((w) => w.text).join(' ') });
    }
  }
  // A cue stays until the next one replaces it, unless the speaker pauses.
  cues.forEach((cue, i) => {
    const next = cues[i + 1];
    if (next !== undefined && next.startMs - cue.endMs < 400) cue.endMs = next.startMs;
  });
  return cues.map((c, i) => `${i + 1}\n${clock(c.startMs, true)} --> ${clock(c.endMs, true)}\n${c.text}\n`).join('\n');
}

writeFileSync(join(here, 'rolling-slt.vtt'), youtubeRolling(speech('slt.txt')));
writeFileSync(join(here, 'growing-awb.srt'), growingSrt(speech('awb.txt')));
