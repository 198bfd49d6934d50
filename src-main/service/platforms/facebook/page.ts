// What a Facebook video page holds (research/upstream-video.md §4.2): `<script data-sjs>` blobs,
// among them RelayPrefetchedStreamCache results whose `data` holds the video node somewhere, in a
// different place for watch pages, reels and posts. So we look for the node, not for a path.
import type { Provenance } from '#shared/contract/provenance';
import type { VideoUrls } from '../emptyTranscript';
import { HtmlPage } from '../html';
import { asArray, asObject, asString, at, httpUrl, parseJson, type JsonObject } from '../json';

export type FacebookPage =
  | { kind: 'video'; video: JsonObject; page: HtmlPage }
  | { kind: 'unavailable'; message: string }
  | { kind: 'login_wall' }
  | { kind: 'no_video' }
  | { kind: 'no_data' }
  /** Relay data could not be read (every relay blob, or one that may have held the video, is not JSON). */
  | { kind: 'malformed' };

const DELIVERY_KEYS = ['playable_url', 'playable_url_quality_hd', 'browser_native_sd_url', 'browser_native_hd_url', 'videoDeliveryLegacyFields', 'videoDeliveryResponseFragment', 'video_available_captions_locales'];
const LOGIN_MARKERS = ['id="login_form"', 'You must log in to continue', 'id="loginbutton"'];

/** `__bbox.result.data` of every RelayPrefetchedStreamCache entry in a data-sjs blob. */
function relayResults(blob: unknown): JsonObject[] {
  const found: JsonObject[] = [];
  const visit = (value: unknown, inRelay: boolean): void => {
    if (Array.isArray(value)) {
      const relay = inRelay || (typeof value[0] === 'string' && value[0].startsWith('RelayPrefetchedStreamCache'));
      for (const entry of value) visit(entry, relay);
      return;
    }
    const object = asObject(value);
    if (object === undefined) return;
    const data = asObject(at(object, '__bbox', 'result', 'data'));
    if (inRelay && data !== undefined) found.push(data);
    for (const child of Object.values(object)) visit(child, inRelay);
  };
  visit(blob, false);
  return found;
}

/** Video nodes anywhere under the relay data: `__typename: "Video"` or any delivery field. */
function videoNodes(data: unknown, into: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(data)) {
    for (const entry of data) videoNodes(entry, into);
    return into;
  }
  const object = asObject(data);
  if (object === undefined) return into;
  if (object.__typename === 'Video' || DELIVERY_KEYS.some((key) => key in object)) into.push(object);
  for (const child of Object.values(object)) videoNodes(child, into);
  return into;
}

export function readFacebookPage(html: string, videoId: string | undefined): FacebookPage {
  const page = new HtmlPage(html);
  const results: JsonObject[] = [];
  // A page carries dozens of blobs; one that does not parse must not hide the video another one
  // holds (yt-dlp reads them non-fatally too). Only when no video turns up does it count.
  let unreadable = 0;
  for (const blob of page.scriptsWith('data-sjs')) {
    if (!blob.includes('RelayPrefetchedStreamCache')) continue;
    const parsed = parseJson(blob);
    if (parsed.ok) results.push(...relayResults(parsed.value));
    else unreadable += 1;
  }
  if (results.length === 0) {
    if (unreadable > 0) return { kind: 'malformed' };
    return LOGIN_MARKERS.some((marker) => html.includes(marker)) ? { kind: 'login_wall' } : { kind: 'no_data' };
  }

  const interstitial = results.map((data) => asObject(data.uiInterstitialContent)).find((content) => content !== undefined);
  const nodes = results.flatMap((data) => videoNodes(data));
  const matching = videoId === undefined ? undefined : nodes.find((node) => asString(node.id) === videoId || asString(node.videoId) === videoId);
  // The node with delivery data; a page also lists related videos, hence the id first.
  const video = matching ?? nodes.find((node) => DELIVERY_KEYS.some((key) => key in node));
  if (video !== undefined) return { kind: 'video', video, page };
  if (interstitial !== undefined) return { kind: 'unavailable', message: asString(interstitial.title) ?? "This content isn't available right now" };
  // "No video" is only Facebook's word when every relay blob could be read.
  return unreadable > 0 ? { kind: 'malformed' } : { kind: 'no_video' };
}

/** Legacy fields on the node or under `videoDeliveryLegacyFields`, else the newer progressive URLs. */
export function facebookVideoUrls(video: JsonObject, page: HtmlPage): VideoUrls {
  const legacy = { ...video, ...asObject(video.videoDeliveryLegacyFields) };
  const progressive = asArray(at(video, 'videoDeliveryResponseFragment', 'videoDeliveryResponseResult', 'progressive_urls')).map(asObject);
  const byQuality = (quality: string) => httpUrl(progressive.find((p) => asString(at(p, 'metadata', 'quality'))?.toUpperCase() === quality)?.progressive_url);
  return {
    sd: byQuality('SD') ?? httpUrl(legacy.playable_url) ?? httpUrl(legacy.browser_native_sd_url) ?? null,
    hd: byQuality('HD') ?? httpUrl(legacy.playable_url_quality_hd) ?? httpUrl(legacy.browser_native_hd_url) ?? null,
    thumbnail: httpUrl(at(video, 'preferred_thumbnail', 'image', 'uri')) ?? httpUrl(at(video, 'thumbnailImage', 'uri')) ?? httpUrl(page.meta('og:image')) ?? null,
  };
}

/**
 * The captions file: tracks someone wrote before automatic ones, the page's own locale first; else a
 * lone `captions_url` on the node. A track is automatic when `localized_creation_method` is truthy
 * (a JSON null, or no field, is a track someone wrote) or the video is a broadcast, whose captions
 * are always machine-made (the rule yt-dlp applies).
 */
export function facebookCaptionsUrl(video: JsonObject, page: HtmlPage): string | undefined {
  return facebookCaptions(video, page)?.url;
}

/** Facebook writes locales `en_US`; provenance keeps BCP 47's `en-US`. */
const bcp47 = (locale: unknown) => asString(locale)?.replace(/_/g, '-') ?? null;

/**
 * The captions file (as facebookCaptionsUrl chooses it) and what Facebook says of it: a listed
 * track is automatic or someone's by the rule above. A lone `captions_url` says neither: it counts
 * as automatic (Facebook generates captions for most videos; the weaker claim is the honest one),
 * in the page's locale.
 */
export function facebookCaptions(video: JsonObject, page: HtmlPage): { url: string; provenance: Provenance } | undefined {
  const pageLocale = page.meta('og:locale');
  const locales = asArray(video.video_available_captions_locales)
    .map(asObject)
    .filter((entry): entry is JsonObject => entry !== undefined && httpUrl(entry.captions_url) !== undefined);
  const broadcast = video.is_video_broadcast === true;
  const automatic = (entry: JsonObject) => broadcast || Boolean(entry.localized_creation_method);
  const rank = (entry: JsonObject) => (automatic(entry) ? 2 : 0) + (entry.locale === pageLocale ? 0 : 1);
  const best = [...locales].sort((a, b) => rank(a) - rank(b))[0];
  const listed = httpUrl(best?.captions_url);
  if (best !== undefined && listed !== undefined) return { url: listed, provenance: { kind: automatic(best) ? 'auto-captions' : 'creator-captions', language: bcp47(best.locale) } };
  const lone = httpUrl(video.captions_url);
  return lone === undefined ? undefined : { url: lone, provenance: { kind: 'auto-captions', language: bcp47(pageLocale) } };
}
