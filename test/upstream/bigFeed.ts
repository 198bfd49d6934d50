// The 3,050-episode feed of the benches and the fixture upstream: the recorded 1865 feed's 61 items
// repeated 50 times (about 17 MB, five times the largest feed of the research). Each copy gets its
// own guids and titles, and item k (document order) is dated k days before 2026-11-01, so the feed
// is newest first and every episode is told apart by guid and by date.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const BIG_FEED_COPIES = 50;
export const BIG_FEED_EPISODES = 61 * BIG_FEED_COPIES;
const NEWEST = Date.UTC(2026, 10, 1, 8);
const DAY_MS = 86_400_000;

/** Episode k's date (ms), k counted from the top of the feed. */
export const bigFeedDate = (k: number) => NEWEST - k * DAY_MS;

let built: string | undefined;

export function bigFeedXml(): string {
  if (built !== undefined) return built;
  const xml = readFileSync(resolve(__dirname, '../fixtures/podcast/rss-partytime-1865.xml'), 'utf8');
  const start = xml.indexOf('<item>');
  const end = xml.lastIndexOf('</item>') + '</item>'.length;
  const items = xml.slice(start, end).split('</item>').slice(0, -1);
  let k = 0;
  const copies: string[] = [];
  for (let copy = 0; copy < BIG_FEED_COPIES; copy++) {
    for (const item of items) {
      const date = new Date(bigFeedDate(k++)).toUTCString().replace('GMT', '-0000');
      copies.push(
        `${item
          .replace(/(<guid[^>]*>)([^<]*)(<\/guid>)/, `$1$2-copy-${copy}$3`)
          .replace('<title>', `<title>Part ${copy} `)
          .replace(/<pubDate>[^<]*<\/pubDate>/, `<pubDate>${date}</pubDate>`)}</item>`,
      );
    }
  }
  built = xml.slice(0, start) + copies.join('\n') + xml.slice(end);
  return built;
}
