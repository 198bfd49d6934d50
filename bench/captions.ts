// bench/captions: caption parsing and export throughput on a generated 3-hour YouTube timedtext
// file in the srv3 ASR layout the Android/TV clients get (a paragraph per line with a word element
// per word, append paragraphs between them). The baseline, measured in the same run, is what a
// generic XML library (fast-xml-parser, still the podcast feeds' reader) needs for the same bytes
// (validate + parse); the ratio says how far the single-pass reader, cleanup and export are past it.
// Each figure is wall-clock MB/s, then MB/s of this process's CPU time (what the code costs when
// other work shares the cores). Peer: when yt-dlp is installed (Debian's `yt-dlp` package), its own
// TTML → SRT converter (yt_dlp.utils.dfxp2srt) runs in its Python on the same captions as TTML, the
// format it converts, timed inside the interpreter (start-up and imports not counted).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatTranscript } from '#shared/format/formatters';
import { parseCaptions } from '#service/captions/index';

const HOURS = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WORDS = ['so', 'the', 'thing', 'about', 'this', 'device', 'is', "it's", 'really', 'small', '&amp;', 'light', 'but', 'the', 'battery', 'life', 'could', 'be', 'better'];

interface Line {
  startMs: number;
  words: string[];
}

/** One line every 2.4 s, 6 to 10 words each: about 4,500 lines for 3 hours. */
function lines(): Line[] {
  const result: Line[] = [];
  let n = 0;
  for (let t = 0; t < HOURS * 3_600_000; t += 2400) {
    result.push({ startMs: t, words: Array.from({ length: 6 + (n % 5) }, (_, i) => WORDS[(n * 7 + i) % WORDS.length] as string) });
    n++;
  }
  return result;
}

/** The srv3 ASR layout: word elements with offsets inside each paragraph, append paragraphs between them. */
function srv3(all: Line[]): string {
  const parts = ['<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<head>\n<ws id="0"/>\n<ws id="1" mh="2" ju="0" sd="3"/>\n<wp id="0"/>\n<wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>\n</head>\n<body>\n<w t="0" id="1" wp="1" ws="1"/>\n'];
  for (const { startMs, words } of all) {
    const elements = words.map((word, i) => (i === 0 ? `<s ac="0">${word}</s>` : `<s t="${i * 240}" ac="0"> ${word}</s>`));
    parts.push(`<p t="${startMs}" d="4800" w="1">${elements.join('')}</p>\n<p t="${startMs + 2390}" d="2410" w="1" a="1">\n</p>\n`);
  }
  parts.push('</body>\n</timedtext>\n');
  return parts.join('');
}

/** The same lines as json3 (fmt=json3): an event per line, a seg per word, newline events between. */
function json3(all: Line[]): string {
  const events = all.flatMap(({ startMs, words }) => [
    { tStartMs: startMs, dDurationMs: 4800, wWinId: 1, segs: words.map((word, i) => (i === 0 ? { utf8: word.replace('&amp;', '&'), acAsrConf: 0 } : { utf8: ` ${word.replace('&amp;', '&')}`, tOffsetMs: i * 240, acAsrConf: 0 })) },
    { tStartMs: startMs + 2390, dDurationMs: 2410, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] },
  ]);
  return JSON.stringify({ wireMagic: 'pb3', pens: [{}], wsWinStyles: [{}, { mhModeHint: 2 }], wpWinPositions: [{}, { apPoint: 6 }], events });
}

/** The same lines as YouTube's TTML (fmt=ttml), for the peer's converter. */
function ttml(all: Line[]): string {
  const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23);
  const paragraphs = all.map(({ startMs, words }) => `<p begin="${clock(startMs)}" end="${clock(startMs + 4800)}" style="s2">${words.join(' ')}</p>`);
  return `<?xml version="1.0" encoding="utf-8" ?><tt xml:lang="en" xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:timeBase="media" xmlns:tts="http://www.w3.org/ns/ttml#styling"><head><styling><style xml:id="s1" tts:textAlign="center" tts:extent="90% 90%" tts:origin="5% 5%" tts:displayAlign="after"/><style xml:id="s2" tts:fontSize="0.72c" tts:textAlign="center" tts:displayAlign="after"/></styling><layout><region xml:id="r1" tts:origin="5% 5%" tts:extent="90% 90%"/></layout></head><body region="r1"><div>\n${paragraphs.join('\n')}\n</div></body></tt>\n`;
}

interface Throughput {
  wall: number;
  cpu: number;
  msPerFile: number;
}

function throughput(bytes: number, run: () => void): Throughput {
  for (let i = 0; i < 3; i++) run(); // warm the JIT
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { wall: (bytes * ROUNDS) / seconds / 1e6, cpu: (bytes * ROUNDS) / cpuSeconds / 1e6, msPerFile: (seconds / ROUNDS) * 1000 };
}

const PEER = `
import statistics, sys, time
from yt_dlp.utils import dfxp2srt
data = open(sys.argv[1], 'rb').read()
srt = dfxp2srt(data)
times = []
for _ in range(int(sys.argv[2])):
    start = time.perf_counter()
    dfxp2srt(data)
    times.append((time.perf_counter() - start) * 1000)
print(f'{statistics.median(times):.1f} {srt.count(" --> ")}')
`;

/** yt-dlp's converter on the TTML file: median ms per file and the cues it wrote, or why it could not run. */
function ytDlpPeer(ttmlText: string): { ms: number; cues: number } | string {
  const which = spawnSync('sh', ['-c', 'command -v yt-dlp'], { encoding: 'utf8' });
  const path = which.stdout.trim();
  if (which.status !== 0 || path === '') return 'yt-dlp is not installed (apt-get install yt-dlp), so its TTML → SRT converter was not timed';
  // Its own interpreter, from the launcher's #! line: the one that has the yt_dlp package.
  const python = /^#!\s*(\S+)/.exec(readFileSync(path, 'utf8').split('\n')[0] ?? '')?.[1] ?? 'python3';
  const dir = mkdtempSync(join(tmpdir(), 'td-bench-captions-'));
  try {
    const file = join(dir, 'captions.ttml');
    writeFileSync(file, ttmlText);
    const run = spawnSync(python, ['-c', PEER, file, String(Math.max(3, Math.ceil(ROUNDS / 3)))], { encoding: 'utf8' });
    const [ms, cues] = run.stdout.trim().split(' ').map(Number);
    if (run.status !== 0 || ms === undefined || cues === undefined || !Number.isFinite(ms)) return `yt-dlp's converter did not run (${run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}`})`;
    return { ms, cues };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const all = lines();
  const xml = srv3(all);
  const bytes = Buffer.byteLength(xml);
  const parsed = parseCaptions(xml);
  if (!parsed.ok) throw new Error(`the generated file did not parse: ${parsed.detail}`);
  const segments = parsed.segments;
  const doc = { title: 'bench', text: segments.map((s) => s.text).join('\n'), segments };

  const library = new XMLParser({ preserveOrder: true, ignoreAttributes: false, trimValues: false, parseTagValue: false, processEntities: false });
  const floor = throughput(bytes, () => {
    if (XMLValidator.validate(xml) !== true) throw new Error('invalid');
    library.parse(xml);
  });
  const parse = throughput(bytes, () => void parseCaptions(xml));
  const txt = throughput(bytes, () => {
    const result = parseCaptions(xml);
    if (!result.ok) throw new Error(result.detail);
    void formatTranscript({ ...doc, text: result.segments.map((s) => s.text).join('\n'), segments: result.segments }, 'txt');
  });
  let srtText = '';
  const srt = throughput(bytes, () => {
    const result = parseCaptions(xml);
    if (!result.ok) throw new Error(result.detail);
    const formatted = formatTranscript({ ...doc, segments: result.segments }, 'srt');
    if (formatted.ok) srtText = formatted.content;
  });

  // json3 stays on JSON.parse (native, one pass, faster than any scanner written in JavaScript).
  const json = json3(all);
  const jsonBytes = Buffer.byteLength(json);
  const jsonSrt = throughput(jsonBytes, () => {
    const result = parseCaptions(json);
    if (!result.ok) throw new Error(result.detail);
    void formatTranscript({ ...doc, segments: result.segments }, 'srt');
  });

  const figure = (t: Throughput) => `${t.wall.toFixed(1).padStart(6)} MB/s  (CPU ${t.cpu.toFixed(1).padStart(6)} MB/s)`;
  console.log(`${HOURS}-hour srv3 timedtext: ${(bytes / 1e6).toFixed(2)} MB, ${segments.length} lines, ${ROUNDS} rounds each`);
  console.log(`baseline: fast-xml-parser validate + parse         ${figure(floor)}`);
  console.log(`parseCaptions (XML → cleaned Segment[])            ${figure(parse)}`);
  console.log(`parseCaptions + formatTranscript txt               ${figure(txt)}`);
  console.log(`parseCaptions + formatTranscript srt               ${figure(srt)}   (${srt.msPerFile.toFixed(0)} ms per 3-hour file)`);
  console.log(`json3 of the same lines (${(jsonBytes / 1e6).toFixed(2)} MB) + srt           ${figure(jsonSrt)}   (${jsonSrt.msPerFile.toFixed(0)} ms per 3-hour file)`);
  console.log(`ratio parse+format srt / baseline: ${(srt.wall / floor.wall).toFixed(2)}  (1.00 = no faster than the XML library alone)`);

  const peer = ytDlpPeer(ttml(all));
  if (typeof peer === 'string') console.log(peer);
  else {
    const ours = srtText.split(' --> ').length - 1;
    console.log(`yt-dlp dfxp2srt (TTML → SRT, Python)               ${peer.ms.toFixed(0).padStart(6)} ms per 3-hour file, ${peer.cues} cues`);
    console.log(`ours srv3 → SRT                                    ${srt.msPerFile.toFixed(0).padStart(6)} ms per 3-hour file, ${ours} cues: ${(peer.ms / srt.msPerFile).toFixed(1)}× yt-dlp's speed`);
  }
}

main();
