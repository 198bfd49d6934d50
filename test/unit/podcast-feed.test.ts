// Feed, lookup, matching and publisher transcripts on the real recorded feeds of test/fixtures/podcast.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseItunesDuration } from '#service/podcast/duration';
import { FEED_LIMITS, FeedReader, parseFeed, readFeed, type FeedEpisode } from '#service/podcast/feed';
import { fetchFeed } from '#service/podcast/resolve';
import { UpstreamClient } from '#service/upstream/client';
import { listen } from '../helpers/loopback';
import { parseLookup, type LookupEpisode } from '#service/podcast/lookup';
import { matchEpisode, slugify, withoutTracking } from '#service/podcast/match';
import { chooseTranscript, readPublisherTranscript } from '#service/podcast/publisherTranscript';

const fixture = (name: string) => readFileSync(resolve(__dirname, '../fixtures/podcast', name), 'utf8');
function feed(name: string) {
  const parsed = parseFeed(fixture(name));
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.feed;
}

describe('itunes:duration', () => {
  it.each([
    ['795', 795],
    ['1014.708375', 1014.708375],
    ['07:00', 420],
    ['1:04', 64],
    ['00:38:26', 2306],
    ['2:02:06', 7326],
    [' 45:00 ', 2700],
    ['01:02:03.500', 3723.5],
  ])('%j is %d s', (raw, seconds) => {
    expect(parseItunesDuration(raw)).toBe(seconds);
  });

  it.each(['', 'abc', '1h02m', '-5', '0', '00:00:00', undefined])('%j is unknown', (raw) => {
    expect(parseItunesDuration(raw)).toBeUndefined();
  });
});

describe('real feeds', () => {
  it('1865: 61 items, HH:MM:SS durations, enclosures behind podtrac → chartable → podsights, &amp; decoded', () => {
    const f = feed('rss-partytime-1865.xml');
    expect(f.title).toBe('1865');
    expect(f.episodes).toHaveLength(61);
    const first = f.episodes[0] as FeedEpisode;
    expect(first).toMatchObject({ guid: 'gid://art19-episode-locator/V0/T-ywFiCQHfUv9JLKUSMpo1_zw7dONvCZdtDMuzfQMOs', durationSeconds: 960, published: Date.parse('2021-11-03T08:00:00Z') });
    expect(first.enclosure?.url).toMatch(/^https:\/\/dts\.podtrac\.com\/redirect\.mp3\/chrt\.fm\/track\/9EE2G\/pdst\.fm\/e\/rss\.art19\.com\/episodes\/[\w-]+\.mp3\?rss_browser=/);
    expect(f.episodes.every((e) => e.durationSeconds !== undefined && e.enclosure !== undefined)).toBe(true);
  });

  it('durations in every shape the samples use, and items without one', () => {
    expect(feed('rss-partytime-dk-podcast.xml').episodes.slice(0, 3).map((e) => e.durationSeconds)).toEqual([420, 507, 479]);
    expect(feed('rss-partytime-changing-the-tide.xml').episodes[0]?.durationSeconds).toBe(4385);
    expect(feed('rss-partytime-launched.xml').episodes.slice(0, 2).map((e) => e.durationSeconds)).toEqual([64, 7326]);
    const podverse = feed('rss-partytime-podverse-test-feed.xml').episodes;
    expect(podverse.map((e) => e.durationSeconds)).toContain(1014.708375);
    expect(podverse.some((e) => e.durationSeconds === undefined)).toBe(true);
  });

  it('non-standard and video enclosure types, zero lengths unknown, live streams (podcast:liveItem) are not episodes', () => {
    expect(feed('rss-partytime-changing-the-tide.xml').episodes[0]?.enclosure?.type).toBe('audio/mp3');
    const natube = feed('rss-partytime-natube-test.xml').episodes;
    expect(natube[0]?.enclosure).toMatchObject({ type: 'video/mp4', length: 419484773 });
    const podverse = feed('rss-partytime-podverse-test-feed.xml').episodes;
    expect(podverse).toHaveLength(5);
    expect(podverse.some((e) => e.enclosure?.url.includes('noagendastream.com'))).toBe(false);
    expect(podverse.find((e) => e.enclosure?.url.endsWith('terkel-a0a0i2-a.mp3'))?.enclosure?.length).toBeUndefined();
  });

  it('the Podcast Index example: <podcast:transcript> with type, language and rel', () => {
    const f = feed('rss-podcastindex-namespace-example.xml');
    expect(f.language).toBe('en-us');
    expect(f.episodes[0]?.transcripts).toEqual([
      { url: 'https://example.com/ep3/transcript.txt', type: 'text/plain', language: undefined, rel: undefined },
      { url: 'https://example.com/episode1/transcript.vtt', type: 'text/vtt', language: 'es', rel: 'captions' },
    ]);
  });

  it('refuses entity declarations and what is not RSS, without throwing', () => {
    expect(parseFeed('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><rss><channel><title>&b;</title></channel></rss>')).toEqual({ ok: false, problem: expect.stringMatching(/entities/) as unknown });
    expect(parseFeed('<html><body>Just a moment…</body></html>').ok).toBe(false);
    expect(parseFeed('{"not": "xml"}').ok).toBe(false);
    expect(parseFeed('').ok).toBe(false);
  });
});

describe('feeds as a stream', () => {
  it('the same feed in 7-byte pieces (entities and multi-byte characters cut in two) reads as the whole', async () => {
    const bytes = Buffer.from(fixture('rss-partytime-1865.xml').replace('<title>1865</title>', '<title>1865 &amp; Ça</title>'));
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const streamed = await readFeed(Readable.from(pieces));
    expect(streamed).toEqual(parseFeed(bytes.toString('utf8')));
    expect(streamed.ok && streamed.feed.title).toBe('1865 & Ça');
  });

  // Each hostile shape is fed until the reader gives up; without the limits these would grow without end.
  const endless = (head: string, piece: string) => {
    const reader = new FeedReader();
    reader.write(head);
    let written = 0;
    while (!reader.failed && written < 4 * FEED_LIMITS.maxKeptChars) {
      reader.write(piece);
      written += piece.length;
    }
    return reader.end();
  };

  it('refuses hostile feeds with a clear problem: too deep, one endless comment, an endless title, endless empty items', () => {
    expect(parseFeed(`<rss><channel>${'<a>'.repeat(FEED_LIMITS.maxDepth)}`)).toEqual({ ok: false, problem: `the feed nests elements more than ${FEED_LIMITS.maxDepth} deep` });
    expect(endless('<rss><channel><!--', 'x'.repeat(65_536))).toEqual({ ok: false, problem: 'the feed has a tag, comment or CDATA section longer than 8 MiB' });
    expect(endless('<rss><channel><item><enclosure url="', 'x'.repeat(65_536))).toMatchObject({ ok: false, problem: expect.stringMatching(/longer than 8 MiB/) as unknown });
    expect(endless('<rss><channel><item><title>', 'x'.repeat(65_536))).toEqual({ ok: false, problem: "the feed's episodes hold more than 32 MiB of titles, links and dates" });
    expect(endless('<rss><channel>', '<item a="1"/>'.repeat(1000))).toMatchObject({ ok: false, problem: expect.stringMatching(/more than 32 MiB/) as unknown });
  });

  it('a feed that never ends is cut at the time cap (the size of a feed is no limit): the user is told, and the download stops', async () => {
    let items = 0;
    let hungUp: () => void = () => undefined;
    const hangUp = new Promise<void>((resolve) => (hungUp = resolve));
    // Never silent for long (the idle timeout is not what stops it), never done.
    const host = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss><channel><title>Endless</title>');
      const timer = setInterval(() => res.write(`<item><title>Episode ${++items}</title><enclosure url="https://cdn.example.com/${items}.mp3" length="1" type="audio/mpeg"/></item>`), 10);
      res.once('close', () => {
        clearInterval(timer);
        hungUp();
      });
    });
    const upstream = new UpstreamClient({ override: new URL(host.url) });
    try {
      const started = Date.now();
      await expect(fetchFeed(upstream, 'https://feeds.example.com/endless.xml', undefined, 1500)).resolves.toEqual({ ok: false, message: "the show's feed took more than 1.5 s to read" });
      expect(Date.now() - started).toBeLessThan(10_000);
      await hangUp; // the connection was closed on the host, not left streaming
      expect(items).toBeGreaterThan(10);
    } finally {
      await upstream.close();
      await host.close();
    }
  });

  it('long texts that are not kept (a 64 MiB description) cost nothing: the episode after them is read', () => {
    const reader = new FeedReader();
    reader.write('<rss><channel><item><description>');
    for (let i = 0; i < 1024; i++) reader.write('y'.repeat(65_536));
    reader.write('</description><title>After</title></item></channel></rss>');
    const read = reader.end();
    expect(read.ok && read.feed.episodes.map((e) => e.title)).toEqual(['After']);
  });
});

describe('lookup answers', () => {
  it("reads Apple's text/javascript framing; the show row's trackTimeMillis is ignored", () => {
    const lookup = parseLookup(
      `\n\n\n${JSON.stringify({
        resultCount: 2,
        results: [
          { wrapperType: 'track', kind: 'podcast', collectionName: 'Show', feedUrl: 'https://feeds.example/show.xml', artworkUrl600: 'https://img.example/600.jpg', trackTimeMillis: 2084 },
          { wrapperType: 'podcastEpisode', kind: 'podcast-episode', trackId: 1000482637777, trackName: 'Ep', collectionName: 'Show', episodeUrl: 'https://x.example/a.mp3', episodeGuid: 'g-1', trackTimeMillis: 1800500, releaseDate: '2020-06-01T10:00:00Z' },
        ],
      })}\n`,
    );
    expect(lookup?.show).toEqual({ title: 'Show', feedUrl: 'https://feeds.example/show.xml', artworkUrl: 'https://img.example/600.jpg' });
    expect(lookup?.episodes).toEqual([
      { trackId: '1000482637777', title: 'Ep', showTitle: 'Show', episodeUrl: 'https://x.example/a.mp3', guid: 'g-1', durationSeconds: 1800.5, artworkUrl: undefined, released: Date.parse('2020-06-01T10:00:00Z') },
    ]);
    expect(parseLookup('<html>')).toBeUndefined();
    expect(parseLookup('{"resultCount":0,"results":[]}')).toEqual({ show: undefined, episodes: [] });
  });
});

describe('matching the Apple episode to a feed item', () => {
  const items = feed('rss-partytime-1865.xml').episodes;
  const target = items[5] as FeedEpisode;
  const apple = (overrides: Partial<LookupEpisode>): LookupEpisode => ({ trackId: '1', title: '', showTitle: '1865', episodeUrl: undefined, guid: undefined, durationSeconds: undefined, artworkUrl: undefined, released: undefined, ...overrides });

  it('by guid first', () => {
    expect(matchEpisode(items, apple({ guid: target.guid }), undefined)).toEqual({ episode: target, by: 'guid' });
  });

  it('by enclosure URL, whatever tracking prefixes each side carries', () => {
    const bare = `https://${withoutTracking(target.enclosure?.url ?? '')}`;
    expect(bare).toMatch(/^https:\/\/rss\.art19\.com\/episodes\//);
    expect(matchEpisode(items, apple({ guid: 'changed', episodeUrl: `https://chtbl.com/track/XYZ/${bare.slice(8)}` }), undefined)).toEqual({ episode: target, by: 'enclosure' });
  });

  it('by title and date (within a day and a half) when guid and enclosure changed', () => {
    const released = (target.published ?? 0) + 20 * 3600 * 1000;
    expect(matchEpisode(items, apple({ title: target.title.toUpperCase(), released }), undefined)?.by).toBe('title and date');
    expect(matchEpisode(items, apple({ title: target.title, released: released + 3 * 24 * 3600 * 1000 }), undefined)).toBeUndefined();
  });

  it("by the link's slug alone for episodes the lookup does not list; ambiguity is no match", () => {
    expect(matchEpisode(items, undefined, slugify(target.title))).toEqual({ episode: target, by: 'title' });
    expect(matchEpisode([target, { ...target, guid: 'other' }], undefined, slugify(target.title))).toBeUndefined();
    expect(matchEpisode(items, undefined, undefined)).toBeUndefined();
  });

  it("slugs as Apple writes them: apostrophes dropped, accents folded", () => {
    expect(slugify("The Lighthouse Keeper's Notebook")).toBe('the-lighthouse-keepers-notebook');
    expect(slugify('Ça va? Überall — 2024!')).toBe('ca-va-uberall-2024');
  });
});

describe('publisher transcripts', () => {
  const t = (type: string, language?: string) => ({ url: `https://t.example/${type}/${language ?? ''}`, type, language, rel: undefined });

  it('the feed language first, then VTT > SRT > JSON > HTML > plain text; unknown types skipped', () => {
    expect(chooseTranscript([t('text/plain'), t('text/vtt', 'es'), t('text/html')], 'en')?.type).toBe('text/html');
    expect(chooseTranscript([t('text/plain'), t('application/json'), t('application/x-subrip'), t('text/vtt', 'en-US')], 'en-us')?.type).toBe('text/vtt');
    expect(chooseTranscript([t('application/pdf'), t('text/vtt', 'es')], 'en')?.language).toBe('es');
    expect(chooseTranscript([t('application/pdf')], 'en')).toBeUndefined();
  });

  it('WebVTT with voice tags and entities: clean lines with their times and speakers', () => {
    const read = readPublisherTranscript(fixture('transcript-podcastindex-example.vtt'), 'text/vtt');
    expect(read).toMatchObject({ ok: true });
    if (!read.ok) return;
    expect(read.segments[0]).toEqual({ text: "In today's episode, you'll learn whether or not you", startMs: 0, endMs: 2760, speaker: 'Sarah' });
    expect(read.text).toContain('Welcome to Podcasting Q&A, where you learn');
  });

  it('SubRip, Podcast Index JSON (word-level grouped into lines), HTML (timed by its <time>s) and plain text', () => {
    expect(readPublisherTranscript('1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:03,000 --> 00:00:04,000\nGeneral Kenobi.\n', 'application/x-subrip')).toEqual({
      ok: true,
      text: 'Hello there.\nGeneral Kenobi.',
      segments: [
        { text: 'Hello there.', startMs: 1000, endMs: 2500 },
        { text: 'General Kenobi.', startMs: 3000, endMs: 4000 },
      ],
    });
    const words = ['Every', 'night', 'the', 'keeper', 'climbed.'].map((body, i) => ({ startTime: i * 0.4, endTime: i * 0.4 + 0.3, body, speaker: 'A' }));
    expect(readPublisherTranscript(JSON.stringify({ version: '1.0.0', segments: words }), 'application/json')).toMatchObject({ ok: true, text: 'Every night the keeper climbed.' });
    expect(readPublisherTranscript('<cite>Sarah:</cite><time>0:00</time><p>Hello &amp; welcome.</p><cite>Gillian:</cite><time>0:19</time><p>Hi.</p>', 'text/html')).toEqual({
      ok: true,
      text: 'Hello & welcome.\nHi.',
      segments: [
        { text: 'Hello & welcome.', startMs: 0, endMs: 19_000, speaker: 'Sarah' },
        { text: 'Hi.', startMs: 19_000, endMs: 21_000, speaker: 'Gillian' }, // the last paragraph: 2 s at least
      ],
    });
    expect(readPublisherTranscript('Sarah: Hello.\n\nGillian: Hi.\n', 'text/plain')).toEqual({ ok: true, text: 'Sarah: Hello.\nGillian: Hi.', segments: [] });
  });

  it('unusable bodies are problems, not transcripts', () => {
    expect(readPublisherTranscript('', 'text/plain').ok).toBe(false);
    expect(readPublisherTranscript('{"segments": []}', 'application/json').ok).toBe(false);
    expect(readPublisherTranscript('not json', 'application/json')).toEqual({ ok: false, problem: 'the JSON transcript is not valid JSON' });
    expect(readPublisherTranscript('<html><body></body></html>', 'text/html').ok).toBe(false);
  });
});
