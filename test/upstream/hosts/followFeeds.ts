// Podcast feeds that change while a test runs, for follows (desk/follows): `feeds.follow.example`
// serves RSS feeds whose episodes a test publishes at run time (`publishEpisode`), each with a
// `<podcast:transcript>` (the publisher's transcript, a WebVTT file this host serves) and an
// enclosure (the fixture's spoken clip) of a stated duration, in the shape of the recorded feeds of
// test/fixtures/podcast (fixture-fm.xml's episode 3). A feed can be switched to answer 429 with a
// Retry-After, like a feed host limiting a poller.
//
// Episodes of a feed are found by the follow as `<feedUrl>#guid=<encodeURIComponent(guid)>`.
import { readFile } from 'node:fs/promises';
import { file, notFound, text, type Answer } from '../answers';
import { mediaFile } from '../media';
import type { HostModule } from './index';

export const FOLLOW_FEED_HOST = 'feeds.follow.example';

export const followFeedUrl = (feed: string) => `https://${FOLLOW_FEED_HOST}/${feed}.xml`;
export const followEpisodeUrl = (feed: string, guid: string) => `${followFeedUrl(feed)}#guid=${encodeURIComponent(guid)}`;

export interface FollowEpisode {
  guid: string;
  title: string;
  /** ms since epoch */
  publishedAt: number;
  durationSeconds: number;
  /** The publisher's transcript: one cue per line; null: the episode has none (speech-to-text). */
  transcript: string[] | null;
}

interface FeedState {
  title: string;
  /** Newest first, as feeds list them. */
  episodes: FollowEpisode[];
  /** While set, the feed answers 429 with this Retry-After (seconds). */
  retryAfterSeconds: number | null;
}

const FEEDS = new Map<string, FeedState>();

/** A feed with these episodes (replacing any of that name). */
export function createFollowFeed(feed: string, title: string, episodes: readonly FollowEpisode[] = []): void {
  FEEDS.set(feed, { title, episodes: [...episodes].sort((a, b) => b.publishedAt - a.publishedAt), retryAfterSeconds: null });
}

/** The feed lists one more episode from now on. */
export function publishEpisode(feed: string, episode: FollowEpisode): void {
  const state = FEEDS.get(feed);
  if (state === undefined) throw new Error(`no follow feed ${feed}`);
  state.episodes = [episode, ...state.episodes].sort((a, b) => b.publishedAt - a.publishedAt);
}

/** From now on the feed answers 429 with this Retry-After (null: it answers again). */
export function rateLimitFollowFeed(feed: string, retryAfterSeconds: number | null): void {
  const state = FEEDS.get(feed);
  if (state === undefined) throw new Error(`no follow feed ${feed}`);
  state.retryAfterSeconds = retryAfterSeconds;
}

/** An episode of `minutes` with a publisher transcript of two cues naming it. */
export function episode(guid: string, title: string, publishedAt: number, minutes = 30): FollowEpisode {
  return { guid, title, publishedAt, durationSeconds: minutes * 60, transcript: [`Welcome to ${title}.`, `This is the publisher's own transcript of ${guid}.`] };
}

/** The publisher's transcript text as the library should hold it (one line per cue). */
export const publisherText = (ep: FollowEpisode) => (ep.transcript ?? []).join('\n');

const escapeXml = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const hms = (seconds: number) => [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');
const vttTime = (seconds: number) => `${hms(seconds)}.000`;

function feedXml(name: string, state: FeedState): string {
  const items = state.episodes.map((ep) => {
    const base = `https://${FOLLOW_FEED_HOST}/${name}`;
    const guid = encodeURIComponent(ep.guid);
    return `    <item>
      <title>${escapeXml(ep.title)}</title>
      <guid isPermaLink="false">${escapeXml(ep.guid)}</guid>
      <pubDate>${new Date(ep.publishedAt).toUTCString()}</pubDate>
      <itunes:duration>${hms(ep.durationSeconds)}</itunes:duration>
${ep.transcript === null ? '' : `      <podcast:transcript url="${base}/transcripts/${guid}.vtt" type="text/vtt" rel="captions"/>\n`}      <enclosure url="${base}/audio/${guid}.mp3" length="${ep.durationSeconds * 16_000}" type="audio/mpeg"/>
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <atom:link href="${followFeedUrl(name)}" rel="self" type="application/rss+xml"/>
    <title>${escapeXml(state.title)}</title>
    <link>https://${FOLLOW_FEED_HOST}/</link>
    <language>en</language>
    <description>A feed that changes while a test runs.</description>
${items.join('\n')}
  </channel>
</rss>
`;
}

function transcriptVtt(ep: FollowEpisode): string {
  const cues = (ep.transcript ?? []).map((line, i) => `${vttTime(i * 3)} --> ${vttTime(i * 3 + 3)}\n${line}\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}

export const followFeeds: HostModule = {
  hosts: [FOLLOW_FEED_HOST],
  async handle(req): Promise<Answer> {
    const path = req.url.pathname;
    const feedMatch = /^\/([\w-]+)\.xml$/.exec(path);
    if (feedMatch !== null) {
      const name = feedMatch[1] as string;
      const state = FEEDS.get(name);
      if (state === undefined) return notFound(`feed ${path}`);
      if (state.retryAfterSeconds !== null) return { status: 429, headers: { 'retry-after': String(state.retryAfterSeconds), 'content-type': 'text/html' }, body: '<html><body>Too Many Requests</body></html>' };
      return text(feedXml(name, state), 'application/rss+xml; charset=utf-8');
    }
    const m = /^\/([\w-]+)\/(transcripts|audio)\/([^/]+)\.(vtt|mp3)$/.exec(path);
    const ep = m === null ? undefined : FEEDS.get(m[1] as string)?.episodes.find((e) => e.guid === decodeURIComponent(m[3] as string));
    if (m === null || ep === undefined) return notFound(`${path}`);
    if (m[2] === 'transcripts') return ep.transcript === null ? notFound(path) : text(transcriptVtt(ep), 'text/vtt; charset=utf-8');
    return file(await readFile(await mediaFile(req.mediaDir, 'clip.mp3')), 'audio/mpeg');
  },
};
