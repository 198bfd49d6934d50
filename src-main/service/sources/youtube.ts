// YouTube playlists and channel tabs through InnerTube's `browse`, as the web page loads them: the
// first page by browse id (`VL<list>` for a playlist, the `UC…` channel id with the tab's params),
// then `continuation` tokens until the end or until enough items were read. Handles, `/c/` and
// `/user/` names become a channel id through `navigation/resolve_url`. The WEB client is used: the
// PO-token gate that keeps WEB from captions (platforms/youtube/clients.ts) does not guard browse.
//
// Rows are found by their renderer's name anywhere in the answer, not by one path from the root:
// YouTube moves them between layouts (playlistVideoRenderer, richItemRenderer > videoRenderer,
// shortsLockupViewModel, lockupViewModel) more often than it renames them.
import type { SourceItem, YoutubeTab } from '#shared/contract/sources';
import type { DetectedSource } from '#shared/sources/detect';
import type { ProfileKey, UpstreamProfile } from '../upstream/profile';
import { asArray, asObject, asString, at, parseJson, type JsonObject } from '../platforms/json';
import { rateLimitedFailure } from '../platforms/failures';
import { isUpstreamError } from '../upstream/errors';
import type { UpstreamClient } from '../upstream/client';
import type { ExpandFailure } from './index';
import { gone, unreadable } from './failures';
import { approximateDate, clockSeconds } from './dates';
import type { PageReader, ReadPage } from './paging';

export const BROWSE_URL = 'https://www.youtube.com/youtubei/v1/browse?prettyPrint=false';
export const RESOLVE_URL = 'https://www.youtube.com/youtubei/v1/navigation/resolve_url?prettyPrint=false';
const WEB_VERSION: ProfileKey = 'youtube.web.version';

/** The `params` of each channel tab's browse request, as the web page sends them. */
export const TAB_PARAMS: Readonly<Record<YoutubeTab, string>> = {
  videos: 'EgZ2aWRlb3PyBgQKAjoA',
  shorts: 'EgZzaG9ydHPyBgUKA5oBAA%3D%3D',
  streams: 'EgdzdHJlYW1z8gYECgJ6AA%3D%3D',
};

/** Answers are walked this deep at most: a hostile or broken answer cannot make the walk run forever. */
const MAX_WALK_DEPTH = 40;

interface Deps {
  upstream: UpstreamClient;
  profile: UpstreamProfile;
}

type Asked = { ok: true; value: unknown } | { ok: false; failure: ExpandFailure };

async function ask(deps: Deps, url: string, body: Record<string, unknown>, what: string, signal?: AbortSignal): Promise<Asked> {
  const version = deps.profile.get(WEB_VERSION);
  const payload = JSON.stringify({ context: { client: { clientName: 'WEB', clientVersion: version, hl: 'en', gl: 'US' } }, ...body });
  let status: number;
  let text: string;
  let headers: Record<string, string>;
  try {
    const response = await deps.upstream.request({
      url,
      method: 'POST',
      scope: 'longform',
      body: payload,
      ...(signal === undefined ? {} : { signal }),
      headers: { 'content-type': 'application/json', 'x-youtube-client-name': '1', 'x-youtube-client-version': version, origin: 'https://www.youtube.com' },
    });
    ({ status, headers } = response);
    text = response.text();
  } catch (error) {
    if (isUpstreamError(error)) return { ok: false, failure: unreadable(`YouTube could not be reached for ${what}: ${error.message}`) };
    throw error;
  }
  if (status === 429) return { ok: false, failure: rateLimitedFailure('YouTube', headers['retry-after']) as ExpandFailure };
  const parsed = parseJson(text);
  // InnerTube says "no such channel" as a 404 with its own error body; only that body counts as its word.
  if (status === 404 && parsed.ok && asString(at(parsed.value, 'error', 'status')) === 'NOT_FOUND') return { ok: false, failure: gone(`YouTube says ${what} does not exist`) };
  if (status < 200 || status > 299) return { ok: false, failure: unreadable(`YouTube answered HTTP ${status} for ${what}`) };
  if (!parsed.ok) return { ok: false, failure: unreadable(`YouTube's answer for ${what} is not JSON (a consent or bot-check page?)`) };
  return { ok: true, value: parsed.value };
}

/** The channel id (`UC…`) a handle, `/c/` or `/user/` name stands for. */
async function channelIdOf(deps: Deps, source: DetectedSource, signal?: AbortSignal): Promise<{ ok: true; id: string } | { ok: false; failure: ExpandFailure }> {
  if (source.id.startsWith('UC')) return { ok: true, id: source.id };
  // `@handle`, `c/<name>` and `user/<name>` are all paths under youtube.com.
  const asked = await ask(deps, RESOLVE_URL, { url: `https://www.youtube.com/${source.id}` }, `the channel ${source.id}`, signal);
  if (!asked.ok) return asked;
  const id = asString(at(asked.value, 'endpoint', 'browseEndpoint', 'browseId'));
  if (id === undefined || !/^UC[A-Za-z0-9_-]{22}$/.test(id)) return { ok: false, failure: unreadable(`YouTube's answer does not say which channel ${source.id} is`) };
  return { ok: true, id };
}

const textOf = (value: unknown): string => {
  const simple = asString(at(value, 'simpleText')) ?? asString(at(value, 'content'));
  if (simple !== undefined) return simple;
  return asArray(at(value, 'runs'))
    .map((run) => asString(at(run, 'text')) ?? '')
    .join('');
};

interface Row {
  videoId: string;
  title: string;
  durationSeconds: number | null;
  publishedAt: number | null;
}

/** One list row, whatever renderer YouTube drew it with; undefined for rows that are not a video. */
function rowOf(name: string, node: JsonObject, now: number): Row | undefined {
  switch (name) {
    case 'playlistVideoRenderer':
    case 'videoRenderer':
    case 'gridVideoRenderer': {
      const videoId = asString(node.videoId);
      if (videoId === undefined) return undefined;
      const seconds = Number(asString(node.lengthSeconds));
      const durationSeconds = Number.isFinite(seconds) && seconds > 0 ? seconds : clockSeconds(textOf(node.lengthText));
      return { videoId, title: textOf(node.title), durationSeconds: durationSeconds ?? null, publishedAt: approximateDate(textOf(node.publishedTimeText), now) ?? null };
    }
    case 'reelItemRenderer': {
      const videoId = asString(node.videoId);
      return videoId === undefined ? undefined : { videoId, title: textOf(node.headline), durationSeconds: null, publishedAt: null };
    }
    case 'shortsLockupViewModel': {
      const videoId = asString(at(node, 'onTap', 'innertubeCommand', 'reelWatchEndpoint', 'videoId')) ?? asString(node.entityId)?.replace(/^shorts-shelf-item-/, '');
      return videoId === undefined ? undefined : { videoId, title: textOf(at(node, 'overlayMetadata', 'primaryText')), durationSeconds: null, publishedAt: null };
    }
    case 'lockupViewModel': {
      if (asString(node.contentType) !== 'LOCKUP_CONTENT_TYPE_VIDEO') return undefined;
      const videoId = asString(node.contentId);
      return videoId === undefined ? undefined : { videoId, title: textOf(at(node, 'metadata', 'lockupMetadataViewModel', 'title')), durationSeconds: null, publishedAt: null };
    }
    default:
      return undefined;
  }
}

const ROW_RENDERERS = new Set(['playlistVideoRenderer', 'videoRenderer', 'gridVideoRenderer', 'reelItemRenderer', 'shortsLockupViewModel', 'lockupViewModel']);

interface Page {
  rows: Row[];
  continuation: string | undefined;
  /** YouTube's own ERROR alert ("The playlist does not exist.", "This playlist is private."). */
  error: string | undefined;
  /** The answer has the shape of a list page (so an empty one is a real empty list). */
  listShaped: boolean;
}

/** Every row and the last continuation token of one answer, in document order. */
function readPage(value: unknown, now: number): Page {
  const page: Page = { rows: [], continuation: undefined, error: undefined, listShaped: false };
  const walk = (node: unknown, depth: number): void => {
    if (depth > MAX_WALK_DEPTH) return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, depth + 1);
      return;
    }
    const object = asObject(node);
    if (object === undefined) return;
    for (const [key, child] of Object.entries(object)) {
      const inner = asObject(child);
      if (ROW_RENDERERS.has(key) && inner !== undefined) {
        const row = rowOf(key, inner, now);
        if (row !== undefined) {
          page.rows.push(row);
          continue;
        }
      }
      if (key === 'continuationItemRenderer' && inner !== undefined) {
        const token = asString(at(inner, 'continuationEndpoint', 'continuationCommand', 'token')) ?? findToken(inner, depth);
        if (token !== undefined) page.continuation = token;
        continue;
      }
      if (key === 'alertRenderer' && inner !== undefined && asString(inner.type) === 'ERROR') page.error ??= textOf(inner.text);
      if (key === 'playlistVideoListRenderer' || key === 'richGridRenderer' || key === 'appendContinuationItemsAction' || key === 'playlistMetadataRenderer') page.listShaped = true;
      walk(child, depth + 1);
    }
  };
  walk(value, 0);
  return page;
}

/** A continuation command nested deeper (newer layouts wrap it in a `commandExecutorCommand`). */
function findToken(node: unknown, depth: number): string | undefined {
  if (depth > MAX_WALK_DEPTH) return undefined;
  const object = asObject(node);
  if (object === undefined) return Array.isArray(node) ? node.map((n) => findToken(n, depth + 1)).find((t) => t !== undefined) : undefined;
  const token = asString(at(object, 'continuationCommand', 'token'));
  if (token !== undefined) return token;
  for (const child of Object.values(object)) {
    const found = findToken(child, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Messages of YouTube's that mean the list is gone or shut, not that we were refused. */
const GONE_ALERT = /does not exist|is private|unavailable|has been (removed|terminated)|no longer available/i;

const itemOf = (row: Row): SourceItem => ({
  url: `https://www.youtube.com/watch?v=${row.videoId}`,
  platform: 'longform',
  itemId: row.videoId,
  title: row.title,
  publishedAt: row.publishedAt,
  durationSeconds: row.durationSeconds,
  inLibrary: false,
});

/** The reader of a playlist or a channel tab: the first page names the list, the next ones continue it. */
export function youtubeReader(deps: Deps, source: DetectedSource, now: () => number): PageReader {
  let title = source.kind === 'youtube-playlist' ? `Playlist ${source.id}` : source.id;
  const what = source.kind === 'youtube-playlist' ? `the playlist ${source.id}` : `the ${source.tab ?? 'videos'} of ${source.id}`;
  const read: ReadPage = async (cursor, signal) => {
    let asked: Asked;
    if (cursor === undefined) {
      let body: Record<string, unknown>;
      if (source.kind === 'youtube-playlist') {
        body = { browseId: `VL${source.id}` };
      } else {
        const channel = await channelIdOf(deps, source, signal);
        if (!channel.ok) return channel;
        body = { browseId: channel.id, params: TAB_PARAMS[(source.tab ?? 'videos') as YoutubeTab] };
      }
      asked = await ask(deps, BROWSE_URL, body, what, signal);
    } else {
      asked = await ask(deps, BROWSE_URL, { continuation: cursor }, `more of ${what}`, signal);
    }
    if (!asked.ok) return asked;
    const page = readPage(asked.value, now());
    if (cursor === undefined) {
      title = asString(at(asked.value, 'metadata', 'playlistMetadataRenderer', 'title')) ?? asString(at(asked.value, 'metadata', 'channelMetadataRenderer', 'title')) ?? title;
      if (page.rows.length === 0 && page.error !== undefined) {
        return { ok: false, failure: GONE_ALERT.test(page.error) ? gone(`YouTube says: ${page.error}`) : unreadable(`YouTube did not list ${what}: ${page.error}`) };
      }
      if (page.rows.length === 0 && !page.listShaped) return { ok: false, failure: unreadable(`YouTube's answer for ${what} holds no list (a changed layout or a block)`) };
    }
    return { ok: true, title, items: page.rows.map(itemOf), next: page.continuation };
  };
  return { read };
}
