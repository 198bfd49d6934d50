// Which URLs name a source (many items) rather than one item, from their shape alone. Runs in the
// renderer (a pasted playlist opens the picker) and in the service (expansion), so both agree.
// A podcast feed has no shape of its own: any URL no platform owns may be one, and only reading
// it tells (service/sources/podcastSources.ts).
import { CLIP_PERIODS, type ClipPeriod, type SourceKind, type YoutubeTab, YOUTUBE_TABS } from '../contract/sources';
import { hostIn, pathSegments, prepareUrl } from '../url/prepare';

export interface DetectedSource {
  kind: SourceKind;
  /** The source's canonical URL. */
  url: string;
  /** Identity: two forms of one source share it. */
  key: string;
  /** What the site calls it in the URL: a playlist id, `@handle`, `UC…` id, `c/<name>`, `user/<name>`, an Apple show id, a Twitch login. */
  id: string;
  tab: YoutubeTab | ClipPeriod | null;
}

const YOUTUBE_HOSTS = hostIn('youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com');
const PLAYLIST_ID = /^[A-Za-z0-9_-]{10,64}$/;
const HANDLE = /^@[\p{L}\p{N}._-]{1,100}$/u;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const LEGACY_NAME = /^[\p{L}\p{N}._-]{1,100}$/u;
/** Channel pages that list videos; the home page (`/featured`) and no tab mean the Videos tab. */
const CHANNEL_TAB_WORDS: Readonly<Record<string, YoutubeTab>> = { videos: 'videos', shorts: 'shorts', streams: 'streams', live: 'streams', featured: 'videos' };

function youtube(url: URL): DetectedSource | undefined {
  const segments = pathSegments(url);
  const list = url.searchParams.get('list');
  // `watch?v=…&list=…` is one video played inside a playlist: the video, not the list.
  if (segments[0] === 'playlist' && segments.length === 1 && list !== null && PLAYLIST_ID.test(list)) {
    return { kind: 'youtube-playlist', url: `https://www.youtube.com/playlist?list=${list}`, key: `youtube-playlist:${list}`, id: list, tab: null };
  }
  let id: string | undefined;
  let rest: string[];
  const [first = '', second = ''] = segments;
  if (HANDLE.test(decodeURIComponent(first))) {
    id = decodeURIComponent(first);
    rest = segments.slice(1);
  } else if (first === 'channel' && CHANNEL_ID.test(second)) {
    id = second;
    rest = segments.slice(2);
  } else if ((first === 'c' || first === 'user') && LEGACY_NAME.test(decodeURIComponent(second))) {
    id = `${first}/${decodeURIComponent(second)}`;
    rest = segments.slice(2);
  } else {
    return undefined;
  }
  if (rest.length > 1) return undefined;
  const tab = rest.length === 0 ? 'videos' : CHANNEL_TAB_WORDS[rest[0] ?? ''];
  if (tab === undefined) return undefined;
  const path = id.startsWith('@') ? encodeURI(id) : id.startsWith('UC') ? `channel/${id}` : id.split('/').map(encodeURIComponent).join('/');
  const keyId = id.startsWith('@') ? id.toLowerCase() : id;
  return { kind: 'youtube-channel', url: `https://www.youtube.com/${path}/${tab}`, key: `youtube-channel:${keyId}:${tab}`, id, tab };
}

const APPLE_SHOW = /^id(\d{4,12})$/;

function appleShow(url: URL): DetectedSource | undefined {
  if (url.hostname !== 'podcasts.apple.com' || url.searchParams.has('i')) return undefined;
  const segments = pathSegments(url);
  const country = segments[0] !== undefined && /^[a-z]{2}$/i.test(segments[0]) ? segments.shift()?.toLowerCase() : 'us';
  if (segments[0] !== 'podcast' || segments.length < 2 || segments.length > 3) return undefined;
  const match = APPLE_SHOW.exec(segments[segments.length - 1] ?? '');
  if (match === null) return undefined;
  const showId = match[1] as string;
  return { kind: 'apple-show', url: `https://podcasts.apple.com/${country ?? 'us'}/podcast/id${showId}`, key: `apple-show:${showId}`, id: showId, tab: null };
}

const TWITCH_HOSTS = hostIn('twitch.tv', 'www.twitch.tv', 'm.twitch.tv');
const TWITCH_LOGIN = /^[A-Za-z0-9_]{1,25}$/;
/** The clips page's own default period. */
export const DEFAULT_CLIP_PERIOD: ClipPeriod = '7d';

function twitchClips(url: URL): DetectedSource | undefined {
  if (!TWITCH_HOSTS(url.hostname)) return undefined;
  const segments = pathSegments(url);
  if (segments.length !== 2 || segments[1] !== 'clips' || !TWITCH_LOGIN.test(segments[0] ?? '')) return undefined;
  const login = (segments[0] as string).toLowerCase();
  const range = url.searchParams.get('range');
  const period = CLIP_PERIODS.find((p) => p === range) ?? DEFAULT_CLIP_PERIOD;
  return { kind: 'twitch-clips', url: `https://www.twitch.tv/${login}/clips?range=${period}`, key: `twitch-clips:${login}:${period}`, id: login, tab: period };
}

/** The source a URL names by its shape; undefined for items, for other sites and for feeds (which need reading). */
export function detectSource(input: string): DetectedSource | undefined {
  const url = prepareUrl(input);
  if (!(url instanceof URL)) return undefined;
  if (YOUTUBE_HOSTS(url.hostname)) return youtube(url);
  return appleShow(url) ?? twitchClips(url);
}

/** A feed's identity: its URL without the fragment, host lower-cased (the WHATWG parser did that). */
export function feedSource(feedUrl: URL): DetectedSource {
  const url = new URL(feedUrl.href);
  url.hash = '';
  return { kind: 'podcast-feed', url: url.href, key: `podcast-feed:${url.href}`, id: url.href, tab: null };
}

export const isYoutubeTab = (tab: unknown): tab is YoutubeTab => (YOUTUBE_TABS as readonly unknown[]).includes(tab);

const KIND_WORDS: Readonly<Record<SourceKind, string>> = {
  'youtube-playlist': 'a YouTube playlist',
  'youtube-channel': 'a YouTube channel',
  'apple-show': 'an Apple Podcasts show',
  'podcast-feed': 'a feed',
  'twitch-clips': "a Twitch channel's clips",
};

/** Why a source link is no item, and what to do with it (`advice`); undefined when the URL is no source by its shape. */
export function sourceHint(input: string, advice = 'paste it alone to pick its items, or list them with `transcript-desk expand`'): string | undefined {
  const source = detectSource(input);
  return source === undefined ? undefined : `This is ${KIND_WORDS[source.kind]}, not one item: ${advice}`;
}
