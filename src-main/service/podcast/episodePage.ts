// Apple's own web page of an episode (podcasts.apple.com/…?i=<episode>): the fallback for an
// episode the lookup API does not list (it gives only a show's newest 200) when the link has no
// title slug to find it in the feed by. The page embeds its data as JSON in
// `<script id="serialized-server-data">`; the episode is the share button's `EpisodeLockup` model
// of the first page data (research/upstream-clips-podcast.md §3.3 item 2, yt-dlp applepodcasts.py
// as of 2026-07). Apple sometimes answers the page with HTTP 500 and the data intact (yt-dlp
// #17266), so the data is read whatever the status; only a 404/410 says the episode is not there.
import { asArray, asNumber, asObject, asString, httpUrl, parseJson, type JsonObject } from '../platforms/json';
import { HtmlPage } from '../platforms/html';

export interface PageEpisode {
  title: string;
  showTitle: string;
  /** The audio Apple plays: the feed's enclosure URL, tracking prefixes and all. */
  streamUrl: string | undefined;
  durationSeconds: number | undefined;
  released: number | undefined;
  artworkUrl: string | undefined;
}

export type PageReading =
  | { kind: 'episode'; episode: PageEpisode }
  /** Apple says there is no such page: the episode does not exist (any more). */
  | { kind: 'gone'; status: number }
  /** No episode data could be read: a layout change, a bot wall or a server error. */
  | { kind: 'unreadable'; problem: string };

/** The page's data object; older pages sent the list of page data itself instead of `{data: [...]}`. */
function pageData(json: unknown): JsonObject | undefined {
  const list = Array.isArray(json) ? json : asObject(json)?.data;
  return asObject(asObject(asArray(list)[0])?.data);
}

function lockupOf(data: JsonObject): JsonObject | undefined {
  const buttons = asArray(data.headerButtonItems).map(asObject);
  return asObject(buttons.find((b) => b?.$kind === 'share' && b.modelType === 'EpisodeLockup')?.model);
}

function episodeOf(model: JsonObject, page: HtmlPage): PageEpisode {
  const offer = asObject(asObject(model.playAction)?.episodeOffer);
  const duration = asNumber(model.duration);
  const released = Date.parse(asString(model.releaseDate) ?? '');
  return {
    title: asString(model.title) ?? '',
    showTitle: asString(model.showTitle) ?? '',
    streamUrl: httpUrl(offer?.streamUrl),
    durationSeconds: duration !== undefined && duration > 0 ? duration : undefined,
    released: Number.isFinite(released) ? released : undefined,
    artworkUrl: httpUrl(page.meta('og:image')),
  };
}

export function readEpisodePage(status: number, html: string): PageReading {
  if (status === 404 || status === 410) return { kind: 'gone', status };
  const page = new HtmlPage(html);
  const script = page.scriptById('serialized-server-data');
  const parsed = script === undefined ? undefined : parseJson(script.trim());
  const data = parsed?.ok === true ? pageData(parsed.value) : undefined;
  const model = data === undefined ? undefined : lockupOf(data);
  if (model !== undefined) return { kind: 'episode', episode: episodeOf(model, page) };
  const why = script === undefined ? 'has no serialized-server-data' : parsed?.ok !== true ? 'has serialized-server-data that is not JSON' : 'has no EpisodeLockup in its data (a layout change?)';
  return { kind: 'unreadable', problem: `the episode page ${why} (HTTP ${status})` };
}
