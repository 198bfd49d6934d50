// InnerTube `browse` and `navigation/resolve_url` on www.youtube.com: playlists and channel tabs.
// No browse answer is recorded in ../shared/upstream-samples; these are built from the field paths
// the public parsers read (yt-dlp's youtube/_tab.py, the InnerTube clients of the research notes):
// a playlist page `contents.twoColumnBrowseResultsRenderer.tabs[0].tabRenderer.content
// .sectionListRenderer.contents[0].itemSectionRenderer.contents[0].playlistVideoListRenderer
// .contents[]` of `playlistVideoRenderer` rows (100 a page) closed by a `continuationItemRenderer`;
// continuation pages `onResponseReceivedActions[0].appendContinuationItemsAction.continuationItems`;
// a channel tab's `richGridRenderer.contents[]` of `richItemRenderer.content.videoRenderer` (Videos,
// with "N days ago") or `shortsLockupViewModel` (Shorts); "does not exist" as an ERROR
// `alertRenderer` (playlists) or HTTP 404 `NOT_FOUND` (resolve_url). Every video id starts with
// `ok`, so the player route serves it with captions (youtube.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { html, json, withTransportScenario, type Answer, type FixtureRequest } from '../answers';

export const YOUTUBE_SOURCES = {
  /** 250 videos over three pages (100, 100, 50), in playlist order okP25000000 … okP25000249. */
  playlist250: 'PLtdFixture250Items0000000000000000',
  /** YouTube's alert "The playlist does not exist." */
  missingPlaylist: 'PLtdFixtureMissing00000000000000000',
  /** YouTube's alert "This playlist is private." */
  privatePlaylist: 'PLtdFixturePrivate00000000000000000',
  /** 429 with Retry-After: 120. */
  rateLimitedPlaylist: 'PLtdFixtureRateLimited0000000000000',
  /** The recorded "unusual traffic" HTML page instead of JSON (a block). */
  blockedPlaylist: 'PLtdFixtureBlocked00000000000000000',
  /** 250 pages whose continuation is the same token again: a loop. */
  loopingPlaylist: 'PLtdFixtureLooping00000000000000000',
  channelHandle: '@fixturechannel',
  channelId: 'UCtdFixtureChannel00000A',
  /** A handle resolve_url does not know: HTTP 404 NOT_FOUND. */
  missingHandle: '@nosuchfixturechannel',
} as const;

export const PLAYLIST_250_TITLE = 'Fixture Talks: 250 of them';
export const CHANNEL_TITLE = 'Fixture Channel';
export const PLAYLIST_PAGE_SIZE = 100;
export const CHANNEL_VIDEOS = 40;
export const CHANNEL_SHORTS = 12;
/** The channel's Videos tab comes in pages of 30, as the web page loads it. */
const CHANNEL_PAGE_SIZE = 30;

export const playlistVideoId = (index: number) => `okP250${String(index).padStart(5, '0')}`;
export const channelVideoId = (index: number) => `okCh0v${String(index).padStart(5, '0')}`;
export const channelShortId = (index: number) => `okCh0s${String(index).padStart(5, '0')}`;
/** Video i of the channel was published i + 1 days ago ("1 day ago", "2 days ago" …). */
export const channelVideoAge = (index: number) => `${index + 1} day${index === 0 ? '' : 's'} ago`;

const RECAPTCHA_PAGE = readFileSync(resolve(__dirname, '../../fixtures/youtube/recaptcha-too-many-requests-2021.html'), 'utf8');

const runs = (text: string) => ({ runs: [{ text }] });
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function playlistRow(index: number) {
  const seconds = 120 + ((index * 37) % 3000);
  return {
    playlistVideoRenderer: {
      videoId: playlistVideoId(index),
      thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${playlistVideoId(index)}/hqdefault.jpg`, width: 168, height: 94 }] },
      title: { ...runs(`Fixture talk ${index + 1}`), accessibility: { accessibilityData: { label: `Fixture talk ${index + 1} by Fixture Channel` } } },
      index: { simpleText: String(index + 1) },
      shortBylineText: runs(CHANNEL_TITLE),
      lengthText: { accessibility: { accessibilityData: { label: `${Math.floor(seconds / 60)} minutes` } }, simpleText: clock(seconds) },
      lengthSeconds: String(seconds),
      isPlayable: true,
    },
  };
}

const continuation = (token: string) => ({
  continuationItemRenderer: { trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN', continuationEndpoint: { commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/browse' } }, continuationCommand: { token, request: 'CONTINUATION_REQUEST_TYPE_BROWSE' } } },
});

const appended = (items: unknown[], targetId: string) => ({ responseContext: { visitorData: 'CgtGaXh0dXJlVmlzaXQ%3D' }, onResponseReceivedActions: [{ clickTrackingParams: 'CAAQhGciEwi', appendContinuationItemsAction: { continuationItems: items, targetId } }] });

/** Playlist rows from `start`, one page, with the token of the next page when there is one. */
function playlistRows(start: number, total: number, token: (next: number) => string): unknown[] {
  const end = Math.min(start + PLAYLIST_PAGE_SIZE, total);
  const rows: unknown[] = [];
  for (let i = start; i < end; i++) rows.push(playlistRow(i));
  if (end < total) rows.push(continuation(token(end)));
  return rows;
}

function playlistPage(id: string, title: string, rows: unknown[]) {
  return {
    responseContext: { visitorData: 'CgtGaXh0dXJlVmlzaXQ%3D' },
    contents: {
      twoColumnBrowseResultsRenderer: {
        tabs: [{ tabRenderer: { selected: true, content: { sectionListRenderer: { contents: [{ itemSectionRenderer: { contents: [{ playlistVideoListRenderer: { contents: rows, playlistId: id, isEditable: false, canReorder: false, targetId: `pl-video-list${id}` } }] } }] } } } }],
      },
    },
    header: { pageHeaderRenderer: { pageTitle: title } },
    metadata: { playlistMetadataRenderer: { title, androidAppindexingLink: `android-app://com.google.android.youtube/http/www.youtube.com/playlist?list=${id}` } },
  };
}

const alert = (text: string) => ({ responseContext: { visitorData: 'CgtGaXh0dXJlVmlzaXQ%3D' }, alerts: [{ alertRenderer: { type: 'ERROR', text: runs(text) } }] });

function videoItem(index: number) {
  const seconds = 300 + index * 11;
  return {
    richItemRenderer: {
      content: {
        videoRenderer: {
          videoId: channelVideoId(index),
          title: runs(`Channel video ${index + 1}`),
          publishedTimeText: { simpleText: channelVideoAge(index) },
          lengthText: { simpleText: clock(seconds) },
          viewCountText: { simpleText: `${1000 - index} views` },
        },
      },
    },
  };
}

function shortItem(index: number) {
  const id = channelShortId(index);
  return {
    richItemRenderer: {
      content: {
        shortsLockupViewModel: {
          entityId: `shorts-shelf-item-${id}`,
          overlayMetadata: { primaryText: { content: `Short ${index + 1}` }, secondaryText: { content: `${50 - index} views` } },
          onTap: { innertubeCommand: { reelWatchEndpoint: { videoId: id, playerParams: '8AEB' } } },
        },
      },
    },
  };
}

function channelPage(tab: 'Videos' | 'Shorts', items: unknown[]) {
  const tabs = ['Home', 'Videos', 'Shorts', 'Live', 'Playlists'].map((title) => ({
    tabRenderer: { title, selected: title === tab, ...(title === tab ? { content: { richGridRenderer: { contents: items } } } : {}) },
  }));
  return {
    responseContext: { visitorData: 'CgtGaXh0dXJlVmlzaXQ%3D' },
    contents: { twoColumnBrowseResultsRenderer: { tabs } },
    metadata: { channelMetadataRenderer: { title: CHANNEL_TITLE, externalId: YOUTUBE_SOURCES.channelId, vanityChannelUrl: `http://www.youtube.com/${YOUTUBE_SOURCES.channelHandle}` } },
  };
}

/** The Videos tab from `start`: a page of 30 and the token of the next. */
function channelVideos(start: number): unknown[] {
  const end = Math.min(start + CHANNEL_PAGE_SIZE, CHANNEL_VIDEOS);
  const items: unknown[] = [];
  for (let i = start; i < end; i++) items.push(videoItem(i));
  if (end < CHANNEL_VIDEOS) items.push(continuation(`fixture-channel-videos:${end}`));
  return items;
}

/** The `params` the web page sends for each channel tab. */
const TAB_BY_PARAMS: Readonly<Record<string, 'Videos' | 'Shorts'>> = { EgZ2aWRlb3PyBgQKAjoA: 'Videos', 'EgZzaG9ydHPyBgUKA5oBAA%3D%3D': 'Shorts' };

const invalidArgument = () => json({ error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } }, 400);

export function browse(req: FixtureRequest): Answer {
  let body: { browseId?: unknown; params?: unknown; continuation?: unknown; context?: { client?: { clientName?: unknown } } };
  try {
    body = JSON.parse(req.body) as typeof body;
  } catch {
    return json({ error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } }, 400);
  }
  if (body.context?.client?.clientName !== 'WEB') return invalidArgument();
  const token = typeof body.continuation === 'string' ? body.continuation : undefined;
  if (token !== undefined) {
    const [kind, at] = token.split(':');
    const start = Number(at);
    if (kind === 'fixture-pl250' && Number.isInteger(start)) return json(appended(playlistRows(start, 250, (next) => `fixture-pl250:${next}`), `pl-video-list${YOUTUBE_SOURCES.playlist250}`));
    if (kind === 'fixture-channel-videos' && Number.isInteger(start)) return json(appended(channelVideos(start), 'browse-feedUCtdFixture'));
    if (kind === 'fixture-loop') return json(appended([playlistRow(0), continuation('fixture-loop:0')], 'loop'));
    return invalidArgument();
  }
  const browseId = typeof body.browseId === 'string' ? body.browseId : '';
  switch (browseId) {
    case `VL${YOUTUBE_SOURCES.playlist250}`:
      return json(playlistPage(YOUTUBE_SOURCES.playlist250, PLAYLIST_250_TITLE, playlistRows(0, 250, (next) => `fixture-pl250:${next}`)));
    case `VL${YOUTUBE_SOURCES.missingPlaylist}`:
      return json(alert('The playlist does not exist.'));
    case `VL${YOUTUBE_SOURCES.privatePlaylist}`:
      return json(alert('This playlist is private.'));
    case `VL${YOUTUBE_SOURCES.rateLimitedPlaylist}`:
      return withTransportScenario('rate-limited', req, browseId, () => json({}));
    case `VL${YOUTUBE_SOURCES.blockedPlaylist}`:
      return html(RECAPTCHA_PAGE);
    case `VL${YOUTUBE_SOURCES.loopingPlaylist}`:
      return json(playlistPage(YOUTUBE_SOURCES.loopingPlaylist, 'Looping', [playlistRow(0), continuation('fixture-loop:0')]));
    case YOUTUBE_SOURCES.channelId: {
      const tab = TAB_BY_PARAMS[typeof body.params === 'string' ? body.params : ''];
      if (tab === 'Shorts') return json(channelPage('Shorts', Array.from({ length: CHANNEL_SHORTS }, (_, i) => shortItem(i))));
      if (tab === 'Videos') return json(channelPage('Videos', channelVideos(0)));
      return invalidArgument();
    }
    default:
      return browseId.startsWith('UC') ? json({ error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } }, 404) : json(alert('The playlist does not exist.'));
  }
}

export function resolveUrl(req: FixtureRequest): Answer {
  let body: { url?: unknown };
  try {
    body = JSON.parse(req.body) as typeof body;
  } catch {
    return json({ error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } }, 400);
  }
  const path = typeof body.url === 'string' ? new URL(body.url).pathname.replace(/^\//, '') : '';
  if (path === YOUTUBE_SOURCES.channelHandle || path === 'c/FixtureChannel' || path === 'user/fixturechannel') {
    return json({
      responseContext: { visitorData: 'CgtGaXh0dXJlVmlzaXQ%3D' },
      endpoint: { commandMetadata: { webCommandMetadata: { url: `/${YOUTUBE_SOURCES.channelHandle}`, webPageType: 'WEB_PAGE_TYPE_CHANNEL', rootVe: 3611, apiUrl: '/youtubei/v1/browse' } }, browseEndpoint: { browseId: YOUTUBE_SOURCES.channelId, canonicalBaseUrl: `/${YOUTUBE_SOURCES.channelHandle}` } },
    });
  }
  return json({ error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } }, 404);
}

/**
 * A channel's Atom feed (`/feeds/videos.xml?channel_id=`), the shape YouTube serves: its 15 newest
 * videos as `<entry>` with `<yt:videoId>`, `<link rel="alternate">` to the watch page, `<published>`.
 * Video i is dated i + 1 days before `now`, as on the Videos tab.
 */
export function channelFeed(req: FixtureRequest, now = Date.now()): Answer {
  if (req.url.searchParams.get('channel_id') !== YOUTUBE_SOURCES.channelId) return { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html><body>Not Found</body></html>' };
  const entries = Array.from({ length: 15 }, (_, i) => {
    const id = channelVideoId(i);
    const published = new Date(now - (i + 1) * 86_400_000).toISOString().replace('.000Z', '+00:00');
    return `<entry><id>yt:video:${id}</id><yt:videoId>${id}</yt:videoId><yt:channelId>${YOUTUBE_SOURCES.channelId}</yt:channelId><title>Channel video ${i + 1}</title><link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/><author><name>${CHANNEL_TITLE}</name><uri>https://www.youtube.com/channel/${YOUTUBE_SOURCES.channelId}</uri></author><published>${published}</published><updated>${published}</updated><media:group><media:title>Channel video ${i + 1}</media:title></media:group></entry>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${YOUTUBE_SOURCES.channelId}"/><id>yt:channel:${YOUTUBE_SOURCES.channelId.slice(2)}</id><yt:channelId>${YOUTUBE_SOURCES.channelId}</yt:channelId><title>${CHANNEL_TITLE}</title><link rel="alternate" href="https://www.youtube.com/channel/${YOUTUBE_SOURCES.channelId}"/>${entries.join('')}</feed>`;
  return { status: 200, headers: { 'content-type': 'text/xml; charset=UTF-8' }, body };
}
