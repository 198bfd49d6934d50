// A podcast's RSS feed, read with a real XML parser: the items with what matching and the runner
// need (guid, enclosure, duration, date, the Podcast Index `<podcast:transcript>` links).
import { XMLParser } from 'fast-xml-parser';
import { decodeEntities } from '../captions/text';
import { httpUrl } from '../platforms/json';
import { parseItunesDuration } from './duration';

export interface FeedTranscript {
  url: string;
  type: string;
  language: string | undefined;
  rel: string | undefined;
}

export interface FeedEpisode {
  guid: string | undefined;
  title: string;
  enclosure: { url: string; type: string; length: number | undefined } | undefined;
  durationSeconds: number | undefined;
  published: number | undefined;
  imageUrl: string | undefined;
  transcripts: FeedTranscript[];
}

export interface Feed {
  title: string;
  language: string | undefined;
  imageUrl: string | undefined;
  /** `<itunes:new-feed-url>`: the show moved. */
  newFeedUrl: string | undefined;
  episodes: FeedEpisode[];
}

export type FeedParse = { ok: true; feed: Feed } | { ok: false; problem: string };

const ARRAYS = new Set(['rss.channel.item', 'rss.channel.item.enclosure', 'rss.channel.item.podcast:transcript', 'rss.channel.item.guid', 'rss.channel.item.title', 'rss.channel.item.itunes:duration']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Values stay text: a guid "0123" is not a number, a duration "07:00" is not a time.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (_name, jpath) => ARRAYS.has(String(jpath)),
});

type Node = Record<string, unknown>;

/** Text of an element that may carry attributes (`<guid isPermaLink="false">…</guid>`) or be repeated. */
function textOf(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  if (typeof first === 'number') return String(first);
  if (typeof first === 'object' && first !== null && '#text' in first) return String((first as Node)['#text']);
  return undefined;
}

const attr = (node: unknown, name: string): string | undefined => {
  if (typeof node !== 'object' || node === null) return undefined;
  const value = (node as Node)[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
};

const cleanTitle = (raw: string | undefined) => decodeEntities(raw ?? '').replace(/\s+/g, ' ').trim();

function parseDate(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  // RFC 2822 with a wrong day name still has a good date; `Date` gives up on the name alone.
  const ms = Date.parse(raw) || Date.parse(raw.replace(/^[A-Za-z]{3,},?\s*/, ''));
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

function episodeOf(item: Node): FeedEpisode {
  const enclosureNode = (item.enclosure as unknown[] | undefined)?.[0];
  const enclosureUrl = httpUrl(attr(enclosureNode, 'url')?.trim());
  const length = Number(attr(enclosureNode, 'length'));
  const transcripts = ((item['podcast:transcript'] as unknown[] | undefined) ?? []).flatMap((node): FeedTranscript[] => {
    const url = httpUrl(attr(node, 'url')?.trim());
    const type = attr(node, 'type')?.trim().toLowerCase();
    return url === undefined || type === undefined ? [] : [{ url, type, language: attr(node, 'language')?.trim().toLowerCase(), rel: attr(node, 'rel')?.trim().toLowerCase() }];
  });
  const itunesTitle = textOf(item['itunes:title']);
  return {
    guid: textOf(item.guid)?.trim() || undefined,
    title: cleanTitle(textOf(item.title) ?? itunesTitle),
    enclosure: enclosureUrl === undefined ? undefined : { url: enclosureUrl, type: attr(enclosureNode, 'type')?.trim().toLowerCase() ?? '', length: Number.isFinite(length) && length > 0 ? length : undefined },
    durationSeconds: parseItunesDuration(textOf(item['itunes:duration'])),
    published: parseDate(textOf(item.pubDate)),
    imageUrl: httpUrl(attr(item['itunes:image'], 'href')),
    transcripts,
  };
}

export function parseFeed(xml: string): FeedParse {
  // Entity definitions are how "billion laughs" bombs work; real feeds never need them.
  if (/<!ENTITY/i.test(xml.slice(0, 65_536))) return { ok: false, problem: 'the feed declares XML entities, which are refused' };
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    return { ok: false, problem: `the feed is not readable XML (${error instanceof Error ? error.message : String(error)})` };
  }
  const channel = (doc.rss as Node | undefined)?.channel as Node | undefined;
  if (typeof channel !== 'object' || channel === null) return { ok: false, problem: 'the document is not an RSS feed (no <rss><channel>)' };
  const items = (channel.item as Node[] | undefined) ?? [];
  const image = (channel.image as Node | undefined)?.url;
  return {
    ok: true,
    feed: {
      title: cleanTitle(textOf(channel.title)),
      language: textOf(channel.language)?.trim().toLowerCase() || undefined,
      imageUrl: httpUrl(attr(channel['itunes:image'], 'href')) ?? httpUrl(textOf(image)),
      newFeedUrl: httpUrl(textOf(channel['itunes:new-feed-url'])?.trim()),
      episodes: items.filter((item) => typeof item === 'object' && item !== null).map(episodeOf),
    },
  };
}
