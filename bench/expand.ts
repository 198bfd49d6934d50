// bench/expand: expanding the two largest sources of the fixture upstream, as `sources.expand` and
// `transcript-desk expand` do: the 250-video playlist (three browse pages) and the 3,050-episode
// feed (17 MB). Each is compared with a baseline measured in the same run over the same loopback
// fixture: the playlist's three pages fetched and JSON-parsed and nothing more; the feed downloaded
// and parsed by the streaming feed reader (what every podcast submit pays). The ratio is what
// expansion adds: walking the pages for rows, listing, de-duplicating, and a library lookup per item.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openService, type OpenedService } from '#service/open';
import { fetchFeed } from '#service/podcast/resolve';
import { expandSource } from '#service/sources/index';
import { BROWSE_URL } from '#service/sources/youtube';
import { BIG_FEED_EPISODES } from '../test/upstream/bigFeed';
import { BIG_FEED_URL } from '../test/upstream/hosts/podcasts';
import { YOUTUBE_SOURCES } from '../test/upstream/hosts/youtubeBrowse';
import { startFixtureUpstream } from '../test/upstream/server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PLAYLIST = `https://www.youtube.com/playlist?list=${YOUTUBE_SOURCES.playlist250}`;

async function seconds(run: () => Promise<void>): Promise<number> {
  await run(); // warm the JIT and the connections
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await run();
  return Number(process.hrtime.bigint() - start) / 1e9 / ROUNDS;
}

async function playlistPages(opened: OpenedService): Promise<void> {
  const ask = async (body: Record<string, unknown>) => {
    const response = await opened.upstream.request({ url: BROWSE_URL, method: 'POST', body: JSON.stringify({ context: { client: { clientName: 'WEB', clientVersion: '2.20261120.01.00' } }, ...body }), headers: { 'content-type': 'application/json' } });
    return response.json();
  };
  await ask({ browseId: `VL${YOUTUBE_SOURCES.playlist250}` });
  await ask({ continuation: 'fixture-pl250:100' });
  await ask({ continuation: 'fixture-pl250:200' });
}

async function expanded(opened: OpenedService, url: string, count: number): Promise<void> {
  const outcome = await expandSource(opened, { url });
  if (!outcome.ok) throw new Error(outcome.failure.message);
  if (outcome.expansion.items.length !== count) throw new Error(`expected ${count} items, got ${outcome.expansion.items.length}`);
}

async function main(): Promise<void> {
  const fixture = await startFixtureUpstream();
  const home = mkdtempSync(join(tmpdir(), 'td-bench-expand-'));
  const opened = await openService(home, {}, { TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  try {
    const pagesOnly = await seconds(() => playlistPages(opened));
    const playlist = await seconds(() => expanded(opened, PLAYLIST, 250));
    const feedOnly = await seconds(async () => {
      const read = await fetchFeed(opened.upstream, BIG_FEED_URL);
      if (!read.ok) throw new Error(read.message);
    });
    const feed = await seconds(() => expanded(opened, BIG_FEED_URL, BIG_FEED_EPISODES));
    console.log(`${ROUNDS} rounds each, fixture upstream on loopback`);
    console.log(`playlist, 250 videos, 3 pages   baseline (fetch + JSON.parse) ${(pagesOnly * 1000).toFixed(0).padStart(5)} ms   expand ${(playlist * 1000).toFixed(0).padStart(5)} ms   ratio ${(playlist / pagesOnly).toFixed(2)}`);
    console.log(`feed, ${BIG_FEED_EPISODES} episodes, 17 MB     baseline (fetch + parseFeed)  ${(feedOnly * 1000).toFixed(0).padStart(5)} ms   expand ${(feed * 1000).toFixed(0).padStart(5)} ms   ratio ${(feed / feedOnly).toFixed(2)}`);
  } finally {
    await opened.close();
    await fixture.close();
    rmSync(home, { recursive: true, force: true });
  }
}

void main();
