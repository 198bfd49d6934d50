// Expanding sources into items, through the desk's `sources.expand` and the fixture upstream:
// a 250-video playlist over three continuation pages, a channel's Videos and Shorts tabs, an Apple
// show, the recorded RSS feeds (the 3,050-episode one included), a Twitch channel's clips; what
// the site says is gone (404), what blocks us (502), library marks.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parseAny } from '#shared/url/parse';
import { fixtureDeskPerTest } from '../helpers/offlineDesk';
import { BIG_FEED_EPISODES, bigFeedDate } from '../upstream/bigFeed';
import { BIG_FEED_URL, PODCAST_IDS, recordedFeedUrl } from '../upstream/hosts/podcasts';
import { TWITCH_CHANNELS } from '../upstream/hosts/twitch';
import { CHANNEL_SHORTS, CHANNEL_TITLE, CHANNEL_VIDEOS, channelShortId, channelVideoId, PLAYLIST_250_TITLE, playlistVideoId, YOUTUBE_SOURCES } from '../upstream/hosts/youtubeBrowse';

const { desk, fixture } = fixtureDeskPerTest();
const playlistUrl = (id: string) => `https://www.youtube.com/playlist?list=${id}`;
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const requestsTo = (path: string) => fixture().requests.filter((r) => r.url.includes(path)).length;

async function refusal(url: string): Promise<{ code: string; message: string }> {
  const result = await desk().desk.call('sources.expand', { url });
  if (result.ok) throw new Error(`expected ${url} to be refused`);
  return result.error;
}

describe('YouTube playlists', () => {
  it('reads all 250 videos of a playlist over its three pages, in playlist order', async () => {
    const before = requestsTo('/youtubei/v1/browse');
    const expansion = await desk().call('sources.expand', { url: playlistUrl(YOUTUBE_SOURCES.playlist250) });
    expect(expansion.source).toEqual({ kind: 'youtube-playlist', url: playlistUrl(YOUTUBE_SOURCES.playlist250), key: `youtube-playlist:${YOUTUBE_SOURCES.playlist250}`, title: PLAYLIST_250_TITLE, tab: null });
    expect(expansion.items.map((i) => i.url)).toEqual(Array.from({ length: 250 }, (_, i) => watch(playlistVideoId(i))));
    expect(expansion.items[41]).toMatchObject({ platform: 'longform', itemId: playlistVideoId(41), title: 'Fixture talk 42', publishedAt: null, inLibrary: false });
    expect(expansion.items[0]?.durationSeconds).toBe(120);
    expect(expansion).toMatchObject({ complete: true, note: null });
    expect(requestsTo('/youtubei/v1/browse') - before).toBe(3);
  });

  it('stops paging once the newest N were read, and says there is more', async () => {
    const before = requestsTo('/youtubei/v1/browse');
    const expansion = await desk().call('sources.expand', { url: `youtube.com/playlist?list=${YOUTUBE_SOURCES.playlist250}&si=abc`, newest: 20 });
    expect(expansion.items.map((i) => i.itemId)).toEqual(Array.from({ length: 20 }, (_, i) => playlistVideoId(i)));
    expect(expansion.complete).toBe(false);
    expect(expansion.note).toMatch(/newest 20/);
    expect(requestsTo('/youtubei/v1/browse') - before).toBe(1);
  });

  it('marks the videos whose transcripts the library has', async () => {
    const owner = desk();
    await owner.call('queue.enqueue', { entries: [{ url: watch(playlistVideoId(1)) }, { url: watch(playlistVideoId(3)) }] });
    await owner.call('queue.run', {});
    await expect.poll(async () => (await owner.call('queue.list', {})).items.map((i) => i.status), { timeout: 20_000 }).toEqual(['done', 'done']);
    const expansion = await owner.call('sources.expand', { url: playlistUrl(YOUTUBE_SOURCES.playlist250), newest: 5 });
    expect(expansion.items.map((i) => i.inLibrary)).toEqual([false, true, false, true, false]);
  });

  it('says what YouTube says of a playlist that does not exist or is private (404), and what blocked it (502)', async () => {
    expect(await refusal(playlistUrl(YOUTUBE_SOURCES.missingPlaylist))).toEqual({ code: 'not_found', message: 'YouTube says: The playlist does not exist.' });
    expect(await refusal(playlistUrl(YOUTUBE_SOURCES.privatePlaylist))).toEqual({ code: 'not_found', message: 'YouTube says: This playlist is private.' });
    expect(await refusal(playlistUrl(YOUTUBE_SOURCES.rateLimitedPlaylist))).toEqual({ code: 'refused', message: 'YouTube is rate-limiting requests from this machine (HTTP 429, retry after 120 s)' });
    expect(await refusal(playlistUrl(YOUTUBE_SOURCES.blockedPlaylist))).toEqual({ code: 'refused', message: expect.stringMatching(/^YouTube's answer for the playlist \S+ is not JSON/) as string });
  });

  it('stops a list whose next page is the same page again', async () => {
    const expansion = await desk().call('sources.expand', { url: playlistUrl(YOUTUBE_SOURCES.loopingPlaylist) });
    expect(expansion.items.map((i) => i.itemId)).toEqual([playlistVideoId(0)]);
    expect(expansion).toMatchObject({ complete: false, note: 'The site kept answering with the same page; stopped there' });
  });
});

describe('YouTube channels', () => {
  it("reads a channel's Videos tab over two pages, newest first, with dates", async () => {
    const before = Date.now();
    const expansion = await desk().call('sources.expand', { url: 'https://www.youtube.com/@fixturechannel' });
    expect(expansion.source).toMatchObject({ kind: 'youtube-channel', url: 'https://www.youtube.com/@fixturechannel/videos', key: 'youtube-channel:@fixturechannel:videos', title: CHANNEL_TITLE, tab: 'videos' });
    expect(expansion.items.map((i) => i.itemId)).toEqual(Array.from({ length: CHANNEL_VIDEOS }, (_, i) => channelVideoId(i)));
    // "3 days ago": the date is counted back from now.
    const third = expansion.items[2]?.publishedAt ?? 0;
    expect(before - third).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
    expect(before - third).toBeLessThan(3 * 86_400_000 + 60_000);
    expect(expansion.items[0]?.durationSeconds).toBe(300);
  });

  it("reads the Shorts tab, and the channel by its /channel/ id and /c/ name", async () => {
    const shorts = await desk().call('sources.expand', { url: `https://www.youtube.com/channel/${YOUTUBE_SOURCES.channelId}/shorts` });
    expect(shorts.items.map((i) => i.url)).toEqual(Array.from({ length: CHANNEL_SHORTS }, (_, i) => watch(channelShortId(i))));
    expect(shorts.items[0]?.title).toBe('Short 1');
    const legacy = await desk().call('sources.expand', { url: 'https://www.youtube.com/c/FixtureChannel/videos', newest: 3 });
    expect(legacy.items.map((i) => i.itemId)).toEqual([0, 1, 2].map(channelVideoId));
  });

  it('keeps only what was published since a date (and stops paging there)', async () => {
    const since = Date.now() - 10.5 * 86_400_000;
    const expansion = await desk().call('sources.expand', { url: 'https://www.youtube.com/@fixturechannel/videos', since });
    expect(expansion.items.map((i) => i.itemId)).toEqual(Array.from({ length: 10 }, (_, i) => channelVideoId(i)));
  });

  it("reads a channel's Atom feed: its entries are the videos themselves", async () => {
    const expansion = await desk().call('sources.expand', { url: `https://www.youtube.com/feeds/videos.xml?channel_id=${YOUTUBE_SOURCES.channelId}` });
    expect(expansion.source).toMatchObject({ kind: 'podcast-feed', title: CHANNEL_TITLE });
    expect(expansion.items.map((i) => [i.platform, i.url, i.title])).toEqual(Array.from({ length: 15 }, (_, i) => ['longform', watch(channelVideoId(i)), `Channel video ${i + 1}`]));
  });

  it('a handle YouTube does not know is a 404 in its words', async () => {
    expect(await refusal(`https://www.youtube.com/${YOUTUBE_SOURCES.missingHandle}`)).toEqual({ code: 'not_found', message: `YouTube says the channel ${YOUTUBE_SOURCES.missingHandle} does not exist` });
  });
});

describe('podcasts', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'item' });
  /** The recorded feed read by another parser: title, guid and date of each item, newest first. */
  function recordedItems(name: string) {
    const channel = (parser.parse(readFileSync(resolve(__dirname, '../fixtures/podcast', name), 'utf8')) as { rss: { channel: { item: Record<string, unknown>[] } } }).rss.channel;
    const guidOf = (item: Record<string, unknown>) => {
      const g = item.guid as string | { '#text': string } | undefined;
      // `<guid isPermaLink="false"/>` has no text: the enclosure URL names the episode then.
      return (typeof g === 'object' ? g['#text'] : g) ?? (item.enclosure as { '@_url': string })['@_url'];
    };
    return channel.item.map((item, order) => ({ guid: String(guidOf(item)).trim(), date: Date.parse(String(item.pubDate)), order })).sort((a, b) => b.date - a.date || a.order - b.order);
  }

  it.each([['dk-podcast', 'rss-partytime-dk-podcast.xml'], ['launched', 'rss-partytime-launched.xml'], ['podverse-test-feed', 'rss-partytime-podverse-test-feed.xml']])('reads every episode of the recorded %s feed, newest first, as feed episode links', async (name, file) => {
    const expansion = await desk().call('sources.expand', { url: recordedFeedUrl(name) });
    const expected = recordedItems(file);
    expect(expansion.source.kind).toBe('podcast-feed');
    expect(expansion.items.map((i) => i.itemId)).toEqual(expected.map((e) => e.guid));
    for (const item of expansion.items) {
      expect(item.platform).toBe('podcast');
      expect(item.url.startsWith(`${recordedFeedUrl(name)}#guid=`)).toBe(true);
      // What expand prints, the service takes.
      expect(parseAny(item.url)).toMatchObject({ ok: true, platform: 'podcast', itemId: item.itemId });
    }
  });

  it('reads the 3,050-episode feed whole, and its newest 20', async () => {
    const all = await desk().call('sources.expand', { url: BIG_FEED_URL });
    expect(all.items).toHaveLength(BIG_FEED_EPISODES);
    expect(all.items.map((i) => i.publishedAt)).toEqual(Array.from({ length: BIG_FEED_EPISODES }, (_, k) => bigFeedDate(k)));
    expect(new Set(all.items.map((i) => i.url)).size).toBe(BIG_FEED_EPISODES);
    const newest = await desk().call('sources.expand', { url: BIG_FEED_URL, newest: 20 });
    expect(newest.items).toEqual(all.items.slice(0, 20));
    expect(newest).toMatchObject({ complete: false, note: `The newest 20 of ${BIG_FEED_EPISODES} were asked for` });
  });

  it("reads an Apple show's feed, with Apple's links for the episodes its lookup lists", async () => {
    const expansion = await desk().call('sources.expand', { url: `https://podcasts.apple.com/us/podcast/the-1865/id${PODCAST_IDS.realShow}` });
    const expected = recordedItems('rss-partytime-1865.xml');
    expect(expansion.source).toMatchObject({ kind: 'apple-show', key: `apple-show:${PODCAST_IDS.realShow}`, url: `https://podcasts.apple.com/us/podcast/id${PODCAST_IDS.realShow}` });
    expect(expansion.items).toHaveLength(61);
    // The lookup lists the feed's first three items (hosts/podcasts.ts): those have Apple's `?i=` links.
    const apple = expansion.items.filter((i) => i.url.startsWith('https://podcasts.apple.com/'));
    expect(apple.map((i) => i.itemId).sort()).toEqual(['1000186500001', '1000186500002', '1000186500003']);
    const rest = expansion.items.filter((i) => !i.url.startsWith('https://podcasts.apple.com/'));
    expect(rest.map((i) => i.itemId)).toEqual(expected.filter((e) => e.order > 2).map((e) => e.guid));
  });

  it('a URL that answers HTML is no feed (400), one that answers 404 is gone', async () => {
    expect(await refusal('https://www.rumble.com/')).toMatchObject({ code: 'invalid_input' });
    expect(await refusal('https://feeds.fixture.fm/no-such-feed.xml')).toEqual({ code: 'not_found', message: 'feeds.fixture.fm says this feed does not exist (HTTP 404)' });
  });
});

describe('Twitch channel clips', () => {
  it("reads the channel's top clips of the week; Twitch's integrity check past the first page keeps the 20 read", async () => {
    const recorded = JSON.parse(readFileSync(resolve(__dirname, '../fixtures/clips_b/gql-ClipsCards__User.1.json'), 'utf8')) as { data: { user: { clips: { edges: { node: { slug: string; title: string; durationSeconds: number; createdAt: string } }[] } } } };
    const expansion = await desk().call('sources.expand', { url: `https://www.twitch.tv/${TWITCH_CHANNELS.recorded}/clips?filter=clips&range=7d` });
    expect(expansion.source).toMatchObject({ kind: 'twitch-clips', key: 'twitch-clips:xqc:7d', tab: '7d', title: 'xqc: top clips, last 7 days' });
    expect(expansion.items.map((i) => [i.url, i.title, i.durationSeconds, i.publishedAt])).toEqual(
      recorded.data.user.clips.edges.map((e) => [`https://clips.twitch.tv/${e.node.slug}`, e.node.title, e.node.durationSeconds, Date.parse(e.node.createdAt)]),
    );
    expect(expansion.complete).toBe(false);
    expect(expansion.note).toMatch(/^Only the first 20 items could be read: Twitch asked for a Client-Integrity check/);
  });

  it('a channel Twitch does not have is a 404; a rate limit a 502', async () => {
    expect(await refusal(`https://www.twitch.tv/${TWITCH_CHANNELS.missing}/clips`)).toEqual({ code: 'not_found', message: `Twitch has no channel named ${TWITCH_CHANNELS.missing}` });
    expect(await refusal(`https://www.twitch.tv/${TWITCH_CHANNELS.rateLimited}/clips`)).toMatchObject({ code: 'refused', message: expect.stringMatching(/^Twitch is rate-limiting/) as string });
  });
});

describe('not a source', () => {
  it('one video, a bare channel page of another site, or garbage: 400 in words', async () => {
    expect(await refusal(watch('GJLlxj_dtq8'))).toEqual({ code: 'invalid_input', message: 'This is a link to one YouTube item, not a playlist, channel, show or feed: add it to the queue as it is' });
    expect((await refusal('https://www.tiktok.com/@someone')).code).toBe('invalid_input');
    expect((await refusal('not a url at all')).code).toBe('invalid_input');
  });
});
