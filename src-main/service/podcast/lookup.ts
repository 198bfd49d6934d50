// Apple's public Lookup API: a show and its newest ≤ 200 episodes, no key needed
// (research/upstream-clips-podcast.md §3.2). Served as text/javascript with leading newlines.
import { asArray, asNumber, asObject, asString, httpUrl, parseJson, type JsonObject } from '../platforms/json';

export interface LookupShow {
  title: string;
  feedUrl: string | undefined;
  artworkUrl: string | undefined;
}

export interface LookupEpisode {
  trackId: string;
  title: string;
  showTitle: string;
  episodeUrl: string | undefined;
  guid: string | undefined;
  durationSeconds: number | undefined;
  artworkUrl: string | undefined;
  released: number | undefined;
}

export interface Lookup {
  show: LookupShow | undefined;
  episodes: LookupEpisode[];
}

export const lookupUrl = (showId: string, country: string) =>
  `https://itunes.apple.com/lookup?id=${encodeURIComponent(showId)}&country=${encodeURIComponent(country)}&media=podcast&entity=podcastEpisode&limit=200`;

const artworkOf = (row: JsonObject) => httpUrl(row.artworkUrl600) ?? httpUrl(row.artworkUrl160) ?? httpUrl(row.artworkUrl100) ?? httpUrl(row.artworkUrl60);

function episodeOf(row: JsonObject): LookupEpisode | undefined {
  const trackId = asNumber(row.trackId) ?? Number(asString(row.trackId));
  if (!Number.isSafeInteger(trackId)) return undefined;
  const millis = asNumber(row.trackTimeMillis);
  const released = Date.parse(asString(row.releaseDate) ?? '');
  return {
    trackId: String(trackId),
    title: asString(row.trackName) ?? '',
    showTitle: asString(row.collectionName) ?? '',
    episodeUrl: httpUrl(row.episodeUrl) ?? httpUrl(row.previewUrl),
    guid: asString(row.episodeGuid),
    durationSeconds: millis !== undefined && millis > 0 ? millis / 1000 : undefined,
    artworkUrl: artworkOf(row),
    released: Number.isFinite(released) ? released : undefined,
  };
}

/** The answer's text as Apple sends it; undefined when it is not the lookup JSON. */
export function parseLookup(text: string): Lookup | undefined {
  const parsed = parseJson(text.trim());
  if (!parsed.ok) return undefined;
  const results = asObject(parsed.value)?.results;
  if (!Array.isArray(results)) return undefined;
  const rows = asArray(results)
    .map(asObject)
    .filter((r): r is JsonObject => r !== undefined);
  const showRow = rows.find((r) => r.kind === 'podcast' || r.wrapperType === 'track');
  // The show row's own trackTimeMillis is meaningless; only episode rows count.
  const episodes = rows.filter((r) => r.wrapperType === 'podcastEpisode' || r.kind === 'podcast-episode').flatMap((r) => episodeOf(r) ?? []);
  return {
    show: showRow === undefined ? undefined : { title: asString(showRow.collectionName) ?? asString(showRow.trackName) ?? '', feedUrl: httpUrl(showRow.feedUrl), artworkUrl: artworkOf(showRow) },
    episodes,
  };
}
