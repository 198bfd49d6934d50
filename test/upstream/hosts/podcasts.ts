// Apple's Lookup API, its episode pages, the feeds, the publishers' transcripts, the audio files and
// the artwork. The lookup rows are built from the feeds the way Apple builds them (guid →
// episodeGuid, enclosure → episodeUrl, itunes:duration → trackTimeMillis), answered as Apple does:
// text/javascript with leading newlines (research/upstream-clips-podcast.md §3.2). The episode
// pages carry their data where and as yt-dlp's applepodcasts.py (2026-07) reads it: the
// `serialized-server-data` script, `data[0].data.headerButtonItems[]` → the share button's
// `EpisodeLockup` model (title, showTitle, releaseDate, duration in s, playAction.episodeOffer.streamUrl).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { file, html, json, notFound, text, withTransportScenario, type Answer, type FixtureRequest } from '../answers';
import { bigFeedXml } from '../bigFeed';
import { mediaFile } from '../media';
import type { HostModule } from './index';

const FIXTURES = resolve(__dirname, '../../fixtures/podcast');
const FEEDS: Readonly<Record<string, string>> = {
  '/fixture-fm.xml': 'fixture-fm.xml',
  '/1865.xml': 'rss-partytime-1865.xml',
  // The other recorded feeds, as any feed URL a person pastes (sources: expand, follow).
  '/changing-the-tide.xml': 'rss-partytime-changing-the-tide.xml',
  '/dk-podcast.xml': 'rss-partytime-dk-podcast.xml',
  '/launched.xml': 'rss-partytime-launched.xml',
  '/natube-test.xml': 'rss-partytime-natube-test.xml',
  '/podverse-test-feed.xml': 'rss-partytime-podverse-test-feed.xml',
  '/podcastindex-namespace-example.xml': 'rss-podcastindex-namespace-example.xml',
};
/** The 3,050-episode feed (bigFeed.ts), at https://feeds.fixture.fm/big-3050.xml. */
export const BIG_FEED_URL = 'https://feeds.fixture.fm/big-3050.xml';
/** Recorded feeds by name, at https://feeds.fixture.fm/<name>.xml. */
export const recordedFeedUrl = (name: string) => `https://feeds.fixture.fm/${name}.xml`;
const feedText = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

export const PODCAST_IDS = {
  /** Fixture FM: the feed of test/fixtures/podcast/fixture-fm.xml. */
  show: '1700000001',
  /** Two minutes of flite speech (four pocketsphinx chunks) behind fifteen tracking redirects. */
  main: '1000700000001',
  /** Its enclosure answers 404 at the end of the redirect chain. */
  failing: '1000700000002',
  /** The feed links a publisher transcript (plain text, a Spanish VTT and an English VTT). */
  publisher: '1000700000003',
  /** No duration anywhere: the reservation comes from the file size. */
  noDuration: '1000700000004',
  /** Older than the lookup lists: found in the feed by the title in the link; a JSON transcript. */
  old: '1000700000005',
  /** The real 1865 feed (partytime's recording); listed in the US store only. */
  realShow: '1700000002',
  realEpisode: '1000186500001',
  unknownShow: '1799999999',
  /** Episode ids of Fixture FM that Apple's page does not know: its not-found page, HTTP 404. */
  pageGone: '1000700000098',
  /** Apple's page answers HTTP 500 without any data (yt-dlp #17266 without the data). */
  pageServerError: '1000700000097',
  /** Apple's page answers 200 with server data that has no EpisodeLockup (a layout change). */
  pageChanged: '1000700000096',
  /** A show whose lookup answers 429 with Retry-After: 120 (Apple's limit of about 20 lookups a minute). */
  rateLimitedShow: '1700000429',
} as const;

/** Slug-less links (`/podcast/id<show>?i=`), as Apple's share sheet and some apps make them. */
export const bareEpisodeLink = (showId: string, episodeId: string, country = 'us') => `https://podcasts.apple.com/${country}/podcast/id${showId}?i=${episodeId}`;

export const episodeLink = (showId: string, episodeId: string, slug = 'episode', country = 'us') => `https://podcasts.apple.com/${country}/podcast/${slug}/id${showId}?i=${episodeId}`;

interface Show {
  id: string;
  feed: string;
  feedUrl: string;
  countries: readonly string[] | 'all';
  /** Feed items listed by the lookup, by index, and the episode id Apple gives each. */
  listed: readonly { index: number; trackId: string; withDuration: boolean }[];
  /** Feed items Apple has an episode page for (the listed ones and older ones), by episode id. */
  pages: Readonly<Record<string, number>>;
}

const FIXTURE_FM_PAGES = { [PODCAST_IDS.main]: 0, [PODCAST_IDS.failing]: 1, [PODCAST_IDS.publisher]: 2, [PODCAST_IDS.noDuration]: 3, [PODCAST_IDS.old]: 4 } as const;

const SHOWS: readonly Show[] = [
  {
    id: PODCAST_IDS.show,
    feed: 'fixture-fm.xml',
    feedUrl: 'https://feeds.fixture.fm/fixture-fm.xml',
    countries: 'all',
    listed: [
      { index: 0, trackId: PODCAST_IDS.main, withDuration: true },
      { index: 1, trackId: PODCAST_IDS.failing, withDuration: true },
      { index: 2, trackId: PODCAST_IDS.publisher, withDuration: true },
      { index: 3, trackId: PODCAST_IDS.noDuration, withDuration: false },
    ],
    pages: FIXTURE_FM_PAGES,
  },
  {
    id: PODCAST_IDS.realShow,
    feed: 'rss-partytime-1865.xml',
    feedUrl: 'https://feeds.fixture.fm/1865.xml',
    countries: ['us'],
    listed: [0, 1, 2].map((index) => ({ index, trackId: `100018650000${index + 1}`, withDuration: true })),
    pages: { '1000186500001': 0, '1000186500002': 1, '1000186500003': 2 },
  },
];

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => name === 'item' });

type XmlNode = Record<string, unknown>;
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const inner = typeof value === 'object' && value !== null ? (value as XmlNode)['#text'] : undefined;
  return typeof inner === 'string' ? inner : '';
}

function seconds(duration: string): number | undefined {
  if (duration === '') return undefined;
  return duration.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

function lookupRows(show: Show): Record<string, unknown>[] {
  const channel = feedChannel(show);
  const items = channel.item as XmlNode[];
  const title = textOf(channel.title);
  const art = (size: number) => `https://is1-ssl.mzstatic.com/image/thumb/Podcasts/fixture/${show.id}/${size}x${size}bb.jpg`;
  const showRow = {
    wrapperType: 'track',
    kind: 'podcast',
    collectionId: Number(show.id),
    trackId: Number(show.id),
    artistName: title,
    collectionName: title,
    trackName: title,
    feedUrl: show.feedUrl,
    trackViewUrl: `https://podcasts.apple.com/us/podcast/fixture/id${show.id}?uo=4`,
    artworkUrl30: art(30),
    artworkUrl60: art(60),
    artworkUrl100: art(100),
    artworkUrl600: art(600),
    releaseDate: '2026-06-08T06:00:00Z',
    trackCount: items.length,
    trackTimeMillis: 2084,
    country: 'USA',
    primaryGenreName: 'Fiction',
    genres: ['Fiction', 'Podcasts'],
  };
  const episodes = show.listed.map(({ index, trackId, withDuration }) => {
    const item = items[index] as XmlNode;
    const duration = seconds(textOf(item['itunes:duration']).trim());
    const enclosure = String((item.enclosure as XmlNode)['@_url']).replaceAll('&amp;', '&');
    return {
      wrapperType: 'podcastEpisode',
      kind: 'podcast-episode',
      trackId: Number(trackId),
      trackName: textOf(item.title).replaceAll('&amp;', '&'),
      collectionId: Number(show.id),
      collectionName: title,
      episodeUrl: enclosure,
      previewUrl: enclosure,
      episodeGuid: textOf(item.guid),
      ...(withDuration && duration !== undefined ? { trackTimeMillis: Math.round(duration * 1000) } : {}),
      releaseDate: new Date(Date.parse(textOf(item.pubDate))).toISOString().replace('.000', ''),
      artworkUrl60: art(60),
      artworkUrl160: art(160),
      artworkUrl600: art(600),
      episodeFileExtension: 'mp3',
      episodeContentType: 'audio',
      closedCaptioning: 'none',
      feedUrl: show.feedUrl,
      trackViewUrl: `https://podcasts.apple.com/us/podcast/episode/id${show.id}?i=${trackId}&uo=4`,
      country: 'USA',
      description: '',
      shortDescription: '',
    };
  });
  return [showRow, ...episodes];
}

function lookupAnswer(req: FixtureRequest): Answer {
  const query = req.url.searchParams;
  if (query.get('id') === PODCAST_IDS.rateLimitedShow) return withTransportScenario('rate-limited', req, PODCAST_IDS.rateLimitedShow, () => json({}));
  const show = SHOWS.find((s) => s.id === query.get('id'));
  const country = (query.get('country') ?? 'us').toLowerCase();
  const listed = show !== undefined && query.get('entity') === 'podcastEpisode' && (show.countries === 'all' || show.countries.includes(country));
  const results = listed ? lookupRows(show) : [];
  // Apple's exact framing: JavaScript content type, three newlines, then the JSON.
  return text(`\n\n\n${JSON.stringify({ resultCount: results.length, results }, null, 1)}\n`, 'text/javascript; charset=utf-8');
}

const feedChannel = (show: Show) => (parser.parse(feedText(show.feed)) as { rss: { channel: XmlNode } }).rss.channel;

/** The page data Apple embeds, with the episode as the share button's EpisodeLockup model. */
function episodeServerData(show: Show, episodeId: string, index: number): unknown {
  const channel = feedChannel(show);
  const item = (channel.item as XmlNode[])[index] as XmlNode;
  const title = textOf(item.title).replaceAll('&amp;', '&');
  const duration = seconds(textOf(item['itunes:duration']).trim());
  const model = {
    title,
    showTitle: textOf(channel.title),
    summary: '',
    releaseDate: new Date(Date.parse(textOf(item.pubDate))).toISOString().replace('.000', ''),
    ...(duration === undefined ? {} : { duration }),
    playAction: {
      $kind: 'playEpisode',
      episodeOffer: { $kind: 'episodeOffer', mediaType: 'audio', streamUrl: String((item.enclosure as XmlNode)['@_url']).replaceAll('&amp;', '&') },
    },
  };
  return {
    data: [
      {
        intent: { $kind: 'EpisodePageIntent', id: episodeId, podcastId: show.id, storefront: 'us' },
        data: {
          headerButtonItems: [
            { $kind: 'follow', modelType: 'ShowLockup', model: { id: show.id, title: textOf(channel.title) } },
            { $kind: 'share', modelType: 'EpisodeLockup', model },
          ],
          shelves: [],
        },
      },
    ],
  };
}

const applePage = (title: string, serverData: unknown, artwork?: string) =>
  `<!DOCTYPE html><html dir="ltr" lang="en-US"><head><meta charset="utf-8"><title>${title} - Apple Podcasts</title>` +
  (artwork === undefined ? '' : `<meta property="og:image" content="${artwork}">`) +
  `<script type="module" crossorigin src="/assets/index~3f1c9a7e2b.js"></script></head><body><div id="app"></div>` +
  (serverData === undefined ? '' : `<script type="application/json" id="serialized-server-data">${JSON.stringify(serverData)}</script>`) +
  `</body></html>`;

/** Fixture FM's episode page as Apple serves it: for the parser's own tests (test/unit/podcast-page.test.ts). */
export const fixtureEpisodePage = (episodeId: keyof typeof FIXTURE_FM_PAGES) =>
  applePage('Episode', episodeServerData(SHOWS[0] as Show, episodeId, FIXTURE_FM_PAGES[episodeId]), `https://is1-ssl.mzstatic.com/image/thumb/Podcasts/fixture/${PODCAST_IDS.show}/600x600bb.jpg`);

/** podcasts.apple.com/<cc>/podcast[/<slug>]/id<show>?i=<episode>: the episode's page, or Apple's not-found page. */
function episodePageAnswer(req: FixtureRequest): Answer {
  const m = /^\/(?:[a-z]{2}\/)?podcast\/(?:[^/]+\/)?id(\d+)\/?$/.exec(req.url.pathname);
  const show = SHOWS.find((s) => s.id === m?.[1]);
  const episodeId = req.url.searchParams.get('i') ?? '';
  if (episodeId === PODCAST_IDS.pageServerError) return html('<!DOCTYPE html><html><head><title>Apple Podcasts</title></head><body>Internal Server Error</body></html>', 500);
  if (episodeId === PODCAST_IDS.pageChanged) return html(applePage('Fixture FM', { data: [{ intent: { $kind: 'EpisodePageIntent', id: episodeId }, data: { shelves: [] } }] }));
  const index = show?.pages[episodeId];
  if (show === undefined || index === undefined) return html(applePage('Page Not Found', undefined), 404);
  const artwork = `https://is1-ssl.mzstatic.com/image/thumb/Podcasts/fixture/${show.id}/600x600bb.jpg`;
  return html(applePage('Episode', episodeServerData(show, episodeId, index), artwork));
}

const TRANSCRIPTS: Readonly<Record<string, { body: () => string; type: string }>> = {
  '/ep3/transcript.vtt': { body: () => feedText('transcript-podcastindex-example.vtt'), type: 'text/vtt' },
  '/ep3/transcript.es.vtt': { body: () => 'WEBVTT\n\n00:00:00.000 --> 00:00:02.760\n<v Sarah>En el episodio de hoy aprenderás si deberías\n', type: 'text/vtt' },
  '/ep3/transcript.txt': { body: () => "Sarah: In today's episode, you'll learn whether or not you should have a podcast trailer.\n", type: 'text/plain' },
  '/ep5/transcript.json': {
    body: () =>
      JSON.stringify({
        version: '1.0.0',
        segments: [
          { speaker: 'Keeper', startTime: 0.5, endTime: 4.2, body: 'Every night I climbed the narrow stairs.' },
          { speaker: 'Keeper', startTime: 4.4, endTime: 8.9, body: 'I wrote down the weather and the ships I saw.' },
          { speaker: 'Keeper', startTime: 9.3, endTime: 12.0, body: 'And the birds that rested on the rail.' },
        ],
      }),
    type: 'application/json',
  },
};

async function mediaAnswer(req: FixtureRequest): Promise<Answer> {
  const path = req.url.pathname;
  if (path === '/episodes/main.mp3') return file(await readFile(await mediaFile(req.mediaDir, 'episode.mp3')), 'audio/mpeg');
  if (/^\/episodes\/(short|ep3|ep5)\.mp3$/.test(path) || (req.host === 'rss.art19.com' && path.endsWith('.mp3'))) return file(await readFile(await mediaFile(req.mediaDir, 'clip.mp3')), 'audio/mpeg');
  return notFound(`episode audio ${path}`);
}

/** The artwork URLs of the lookup rows (any listed size of a known show): one generated JPEG. */
async function artworkAnswer(req: FixtureRequest): Promise<Answer> {
  const m = /^\/image\/thumb\/Podcasts\/fixture\/(\d+)\/(\d+)x\2bb\.jpg$/.exec(req.url.pathname);
  if (m === null || !SHOWS.some((s) => s.id === m[1])) return notFound(`artwork ${req.url.pathname}`);
  return file(await readFile(await mediaFile(req.mediaDir, 'artwork.jpg')), 'image/jpeg');
}

export const podcasts: HostModule = {
  hosts: ['itunes.apple.com', 'podcasts.apple.com', 'feeds.fixture.fm', 'transcripts.fixture.fm', 'media.fixture.fm', 'rss.art19.com', 'is1-ssl.mzstatic.com'],
  handle(req) {
    const path = req.url.pathname;
    switch (req.host) {
      case 'itunes.apple.com':
        return path === '/lookup' ? lookupAnswer(req) : json({ errorMessage: 'Invalid request' }, 400);
      case 'podcasts.apple.com':
        return episodePageAnswer(req);
      case 'feeds.fixture.fm': {
        if (path === new URL(BIG_FEED_URL).pathname) return text(bigFeedXml(), 'application/rss+xml; charset=utf-8');
        const name = FEEDS[path];
        return name === undefined ? notFound(`feed ${path}`) : text(feedText(name), 'application/rss+xml; charset=utf-8');
      }
      case 'transcripts.fixture.fm': {
        const transcript = TRANSCRIPTS[path];
        return transcript === undefined ? notFound(`transcript ${path}`) : text(transcript.body(), `${transcript.type}; charset=utf-8`);
      }
      case 'is1-ssl.mzstatic.com':
        return artworkAnswer(req);
      default:
        return mediaAnswer(req);
    }
  },
};
