// bench/podcast-feed: reading a big podcast feed and finding an old episode in it, what every
// podcast submit does. The feed is the recorded 1865 feed's 61 items repeated to ~3,000 episodes
// (about 17 MB, past the largest real feeds of the research, 3.2 MB). The baseline, measured in the
// same run, is fast-xml-parser alone parsing the same bytes with the same options (how feeds were
// read until the streaming reader of issue 16); below 1.00 our reading and the match beat it.
// bench/scale/feed.ts has the 1k/10k-episode curve and the memory.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseFeed } from '#service/podcast/feed';
import { matchEpisode } from '#service/podcast/match';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const COPIES = 50;

function bigFeed(): { xml: string; lastTitle: string } {
  const xml = readFileSync(resolve(__dirname, '../test/fixtures/podcast/rss-partytime-1865.xml'), 'utf8');
  const start = xml.indexOf('<item>');
  const end = xml.lastIndexOf('</item>') + '</item>'.length;
  const items = xml.slice(start, end);
  // Each copy gets its own guids and titles, so the match below has one right answer.
  const copies = Array.from({ length: COPIES }, (_, i) => items.replaceAll('<guid', `<guid data-copy="${i}"`).replaceAll('<title>', `<title>Part ${i} `));
  return { xml: xml.slice(0, start) + copies.join('\n') + xml.slice(end), lastTitle: `Part ${COPIES - 1} ` };
}

function seconds(run: () => void): number {
  run(); // warm the JIT
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) run();
  return Number(process.hrtime.bigint() - start) / 1e9 / ROUNDS;
}

function main(): void {
  const { xml } = bigFeed();
  const mb = Buffer.byteLength(xml) / 1e6;
  const parsed = parseFeed(xml);
  if (!parsed.ok) throw new Error(parsed.problem);
  const episodes = parsed.feed.episodes;
  const oldest = episodes.at(-1);
  if (oldest === undefined) throw new Error('no episodes');
  const slug = oldest.title.toLowerCase().replace(/['\u2019]/g, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');

  const library = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, trimValues: true, processEntities: true, htmlEntities: true });
  const floor = seconds(() => void library.parse(xml));
  const ours = seconds(() => {
    const feed = parseFeed(xml);
    if (!feed.ok) throw new Error(feed.problem);
    if (matchEpisode(feed.feed.episodes, undefined, slug)?.episode.guid !== oldest.guid) throw new Error('the slug match found the wrong episode');
  });
  console.log(`feed: ${mb.toFixed(1)} MB, ${episodes.length} episodes, ${ROUNDS} rounds each`);
  console.log(`baseline: fast-xml-parser parse                 ${(floor * 1000).toFixed(0).padStart(6)} ms  ${(mb / floor).toFixed(1)} MB/s`);
  console.log(`parseFeed + match the oldest episode by slug    ${(ours * 1000).toFixed(0).padStart(6)} ms  ${(mb / ours).toFixed(1)} MB/s`);
  console.log(`ratio ours / baseline: ${(ours / floor).toFixed(2)}  (below 1.00: faster than the XML library alone)`);
}

main();
