// bench/scale/feed: reading a podcast feed and matching an old episode in it (what a podcast submit
// does) at about 1k and 10k episodes: the recorded 1865 feed's 61 items repeated (10k episodes is
// 57 MB, a size that real back catalogues reach). The feed is streamed from a file in 64 kB pieces,
// as the upstream client hands it over. Baseline in the same run: fast-xml-parser parsing the whole
// text (how feeds were read before), its time and the memory it needed.
import { closeSync, createReadStream, openSync, readFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { XMLParser } from 'fast-xml-parser';
import { readFeed } from '#service/podcast/feed';
import { matchEpisode, slugify } from '#service/podcast/match';
import { type Curve, median, printCurve, record, scratch, sizes } from '../scaleCurve';

const SIZES = sizes([1_000, 10_000]);
const RUNS = Number(process.env.BENCH_ROUNDS ?? 3);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A feed file of about `episodes` items; returns its size and how many items it has. */
function writeFeed(path: string, episodes: number): { bytes: number; count: number } {
  const xml = readFileSync(resolve(__dirname, '../../test/fixtures/podcast/rss-partytime-1865.xml'), 'utf8');
  const start = xml.indexOf('<item>');
  const end = xml.lastIndexOf('</item>') + '</item>'.length;
  const items = xml.slice(start, end);
  const perCopy = items.split('<item>').length - 1;
  const copies = Math.max(1, Math.round(episodes / perCopy));
  const fd = openSync(path, 'w');
  let bytes = writeSync(fd, xml.slice(0, start));
  // Each copy gets its own guids and titles, so the match has one right answer.
  for (let i = 0; i < copies; i++) bytes += writeSync(fd, items.replaceAll('<guid', `<guid data-copy="${i}"`).replaceAll('<title>', `<title>Part ${i} `) + '\n');
  bytes += writeSync(fd, xml.slice(end));
  closeSync(fd);
  return { bytes, count: copies * perCopy };
}

/** Time of `run`, median of RUNS. */
async function timed(run: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    gc();
    const start = process.hrtime.bigint();
    if ((await run()) === undefined) throw new Error('nothing read');
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

/**
 * How much the live memory (V8 heap plus what it holds outside: buffers, large strings), after a
 * full collection, grows while `read` works, sampled every 1 MB of input: what the reading holds,
 * not the garbage V8 has yet to collect.
 */
async function liveHeapMb(path: string, read: (chunks: AsyncIterable<Buffer>, sample: () => void) => Promise<unknown>): Promise<number> {
  gc();
  const live = () => {
    const { heapUsed, external } = process.memoryUsage();
    return heapUsed + external;
  };
  // Buffers are freed after their owners' collection, once the event loop turns: earlier runs' go first.
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Collections during the read still free some of what was there before (V8's own caches): the
  // growth is measured from the lowest sample, not from the figure before.
  let lowest = live();
  let peak = lowest;
  const sample = () => {
    gc();
    const now = live();
    lowest = Math.min(lowest, now);
    peak = Math.max(peak, now);
  };
  async function* sampled(): AsyncGenerator<Buffer> {
    let sinceSample = 0;
    for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
      yield chunk;
      sinceSample += chunk.length;
      if (sinceSample >= 1024 * 1024) {
        sample();
        sinceSample = 0;
      }
    }
  }
  const result = await read(sampled(), sample);
  sample();
  if (result === undefined) throw new Error('nothing read');
  return (peak - lowest) / 1024 / 1024;
}

/** The old way, for the baseline: the whole text in memory, then an object tree of it. */
async function wholeTree(chunks: AsyncIterable<Buffer>, sample: () => void = () => undefined): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, trimValues: true, processEntities: true, htmlEntities: true });
  const text = Buffer.concat(parts).toString('utf8');
  sample();
  const tree = parser.parse(text) as unknown;
  sample(); // the text and its tree, both live until here
  return text.length > 0 ? tree : undefined;
}

/** Most live memory per size: [ours, baseline] in MB. */
const heaps: [number, number][] = [];

async function measure(episodes: number, curve: Curve): Promise<void> {
  const { dir, remove } = scratch('feed');
  const path = join(dir, 'feed.xml');
  const { bytes, count } = writeFeed(path, episodes);
  const readAndMatch = async (chunks: AsyncIterable<Buffer>) => {
    const read = await readFeed(chunks);
    if (!read.ok) throw new Error(read.problem);
    const oldest = read.feed.episodes.at(-1);
    if (oldest === undefined || read.feed.episodes.length !== count) throw new Error(`read ${read.feed.episodes.length} of ${count} episodes`);
    if (matchEpisode(read.feed.episodes, undefined, slugify(oldest.title))?.episode !== oldest) throw new Error('the slug match found the wrong episode');
    return read.feed.episodes;
  };
  const stream = () => createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>;
  // Memory first: the baseline's large text is freed late, and would count against whatever follows it.
  const heap = await liveHeapMb(path, readAndMatch);
  const ms = await timed(() => readAndMatch(stream()));
  const baseHeap = await liveHeapMb(path, wholeTree);
  const baseMs = await timed(() => wholeTree(stream()));
  record(curve, 'readFeed (streamed) + match, ms', ms);
  record(curve, 'baseline: fast-xml-parser whole text, ms', baseMs);
  heaps.push([heap, baseHeap]);
  console.log(`${count.toLocaleString('en')} episodes, ${(bytes / 1e6).toFixed(1)} MB: ${ms.toFixed(0)} ms (${(bytes / 1e3 / ms).toFixed(0)} MB/s, ${(ms / baseMs).toFixed(2)} × the baseline's time), live memory +${heap.toFixed(1)} MB (baseline +${baseHeap.toFixed(0)} MB)`);
  remove();
}

async function main(): Promise<void> {
  const curve: Curve = new Map();
  for (const episodes of SIZES) await measure(episodes, curve);
  printCurve(`Podcast feed at scale (time: median of ${RUNS})`, SIZES, 'episodes', curve);
  const row = (what: string, values: number[]) => `${what.padEnd(44)}${values.map((mb) => `${mb.toFixed(1)} MB`.padStart(18)).join('')}   ${((values.at(-1) as number) / (values[0] as number)).toFixed(2)}`;
  console.log(row('readFeed + match, most live memory', heaps.map(([ours]) => ours)));
  console.log(row('baseline: most live memory (text + tree)', heaps.map(([, base]) => base)));
}

void main();
