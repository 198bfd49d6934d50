// A podcast's RSS feed (or an Atom feed: a YouTube channel's, a blog's), read as a stream by a SAX parser (htmlparser2 in XML mode): the items with
// what matching and the runner need (guid, enclosure, duration, date, the Podcast Index
// `<podcast:transcript>` links), and nothing else kept. A feed is never held whole: memory stays
// bounded by FEED_LIMITS whatever its size, and its reader (resolve.ts) caps the time it takes.
import { decodeHTMLStrict } from 'entities';
import { Parser } from 'htmlparser2';
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
  /** The item's page: RSS `<link>`, Atom `<link rel="alternate">` (a YouTube feed's watch URL). */
  link: string | undefined;
}

export interface Feed {
  title: string;
  language: string | undefined;
  imageUrl: string | undefined;
  /** `<itunes:new-feed-url>`: the show moved. */
  newFeedUrl: string | undefined;
  episodes: FeedEpisode[];
}

/** `notAFeed`: the document parsed, but as something else than RSS or Atom (an HTML page, say). */
export type FeedParse = { ok: true; feed: Feed } | { ok: false; problem: string; notAFeed?: true };

/**
 * What a feed may cost in memory, whatever its length. The largest real feeds (10,000 episodes,
 * 57 MB) nest 5 deep, have no tag, comment or CDATA section over a few hundred kB, and keep about
 * 5 MB of the texts below; a hostile one (endless, deep, one endless comment) meets one of these.
 */
export const FEED_LIMITS = {
  /** Open elements at once. */
  maxDepth: 64,
  /** One tag (with its attributes), comment or CDATA section, in characters: the parser holds one whole. */
  maxTokenChars: 8 * 1024 * 1024,
  /** Characters of the texts kept (titles, guids, links, dates), plus EPISODE_COST per episode. */
  maxKeptChars: 32 * 1024 * 1024,
};
/** What an episode costs the kept-text budget beyond its texts (the object itself). */
const EPISODE_COST = 256;

/** Raw texts and attributes of one `<item>` (or the channel), first occurrence of each. */
type Fields = Map<string, string | undefined>;
type Attributes = Map<string, Record<string, string>>;
interface Collected {
  /** An `<item>` with neither children nor attributes is no episode. */
  content: boolean;
  texts: Fields;
  attributes: Attributes;
  transcripts: Record<string, string>[];
}

/** Elements whose text is kept, by their parent: item or channel. */
const ITEM_TEXTS = new Set(['guid', 'title', 'itunes:title', 'itunes:duration', 'pubDate', 'link']);
const CHANNEL_TEXTS = new Set(['title', 'language', 'itunes:new-feed-url']);
/** Atom (RFC 4287): `<feed>` is the channel, `<entry>` the item; links are elements with `rel` and `href`. */
const ATOM_ITEM_TEXTS = new Set(['id', 'title', 'published', 'updated']);
const ATOM_CHANNEL_TEXTS = new Set(['title']);
const NO_NAMES = new Set<string>();

/** Where a format keeps its items: RSS `<rss><channel><item>`, Atom `<feed><entry>`. */
type Format = 'rss' | 'atom';
const ITEM_ELEMENT: Readonly<Record<Format, string>> = { rss: 'item', atom: 'entry' };
/** Elements whose attributes are kept (the first of each; every `<podcast:transcript>`). */
const ITEM_ATTRIBUTES = new Set(['enclosure', 'itunes:image']);
const CHANNEL_ATTRIBUTES = new Set(['itunes:image']);

class FeedProblem extends Error {}

/**
 * A copy of a text the parser cut from a piece of the feed. V8 makes such a cut a view into the
 * piece it came from, so one kept title would keep its whole 64 kB piece alive, and 10,000 of them
 * the whole feed.
 */
const own = (text: string): string => (text.length < 16 ? text : Buffer.from(text, 'utf8').toString('utf8'));

const collected = (): Collected => ({ content: false, texts: new Map(), attributes: new Map(), transcripts: [] });

/** Feed it the text in pieces of any size, then `end()`. */
export class FeedReader {
  private readonly parser: Parser;
  /** Names of the open elements, outermost first. */
  private readonly path: string[] = [];
  private written = 0;
  private kept = 0;
  private problem: string | undefined;
  private format: Format | undefined;
  private rootSeen = false;
  private channelDone = false;
  private channel: Collected | undefined;
  /** `<channel><image><url>`, the older way to give the show's artwork. */
  private channelImageUrl: string | undefined;
  private item: Collected | undefined;
  private readonly episodes: FeedEpisode[] = [];
  /** The element whose text is being kept, and that text so far (entities decoded at the end of each run). */
  private capture: { depth: number; name: string; into: Fields; done: string; raw: string; hasAttributes: boolean } | undefined;
  private inCdata = false;

  constructor() {
    this.parser = new Parser(
      {
        onopentag: (name, attributes) => this.open(name, attributes),
        onclosetag: () => this.close(),
        ontext: (text) => this.text(text),
        oncdatastart: () => this.cdata(true),
        oncdataend: () => this.cdata(false),
        onprocessinginstruction: (name, data) => {
          // Entity definitions are how "billion laughs" bombs work; real feeds never need them.
          if (/^!(doctype|entity)/i.test(name) && /<!ENTITY|^!ENTITY/i.test(data)) throw new FeedProblem('the feed declares XML entities, which are refused');
        },
      },
      // Entities are decoded here, per whole text: a chunk may end inside one.
      { xmlMode: true, decodeEntities: false, recognizeSelfClosing: true },
    );
  }

  get failed(): boolean {
    return this.problem !== undefined;
  }

  write(chunk: string): void {
    if (this.problem !== undefined || chunk === '') return;
    this.written += chunk.length;
    this.guard(() => this.parser.write(chunk));
    // The parser keeps every character since the start of the token it is in (a tag, a comment).
    if (this.problem === undefined && this.written - this.parser.startIndex > FEED_LIMITS.maxTokenChars) {
      this.problem = `the feed has a tag, comment or CDATA section longer than ${FEED_LIMITS.maxTokenChars / 1024 / 1024} MiB`;
    }
  }

  end(): FeedParse {
    if (this.problem === undefined) this.guard(() => this.parser.end());
    if (this.problem !== undefined) return { ok: false, problem: this.problem };
    const channel = this.channel;
    if (this.format === undefined || channel === undefined) return { ok: false, problem: 'the document is not an RSS or Atom feed (no <rss><channel> or <feed>)', notAFeed: true };
    return {
      ok: true,
      feed: {
        title: cleanTitle(channel.texts.get('title')),
        language: channel.texts.get('language')?.trim().toLowerCase() || undefined,
        imageUrl: httpUrl(channel.attributes.get('itunes:image')?.href) ?? httpUrl(this.channelImageUrl),
        newFeedUrl: httpUrl(channel.texts.get('itunes:new-feed-url')?.trim()),
        episodes: this.episodes,
      },
    };
  }

  private guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      if (!(error instanceof FeedProblem)) throw error;
      this.problem = error.message;
    }
  }

  private keep(chars: number): void {
    this.kept += chars;
    if (this.kept > FEED_LIMITS.maxKeptChars) throw new FeedProblem(`the feed's episodes hold more than ${FEED_LIMITS.maxKeptChars / 1024 / 1024} MiB of titles, links and dates`);
  }

  private open(name: string, attributes: Record<string, string>): void {
    const depth = this.path.push(name);
    if (depth > FEED_LIMITS.maxDepth) throw new FeedProblem(`the feed nests elements more than ${FEED_LIMITS.maxDepth} deep`);
    if (depth === 1) {
      if (!this.rootSeen) {
        this.format = name === 'rss' ? 'rss' : name === 'feed' ? 'atom' : undefined;
        if (this.format === 'atom') this.channel = collected();
      }
      this.rootSeen = true;
      return;
    }
    if (this.format === undefined || this.channelDone) return;
    const atom = this.format === 'atom';
    // The depth in RSS terms: an Atom `<entry>` (depth 2) sits where an RSS `<item>` (depth 3) does.
    const level = atom ? depth + 1 : depth;
    const parent = this.path[depth - 2];
    if (level === 2) {
      if (name === 'channel' && this.path[0] === 'rss' && this.channel === undefined) this.channel = collected();
      return;
    }
    if (this.channel === undefined || (!atom && this.path[1] !== 'channel')) return;
    const hasAttributes = Object.keys(attributes).length > 0;
    if (level === 3) {
      if (name === ITEM_ELEMENT[this.format]) {
        this.keep(EPISODE_COST);
        this.item = collected();
        this.item.content = hasAttributes;
      } else {
        this.collect(this.channel, name, attributes, hasAttributes, atom ? ATOM_CHANNEL_TEXTS : CHANNEL_TEXTS, atom ? NO_NAMES : CHANNEL_ATTRIBUTES);
      }
      return;
    }
    if (level === 4 && parent === ITEM_ELEMENT[this.format] && this.item !== undefined) {
      this.item.content = true;
      if (name === 'podcast:transcript') {
        this.item.transcripts.push(this.decoded(attributes));
        return;
      }
      if (atom && name === 'link') {
        // One `<link>` per relation: `alternate` (the default) is the page, `enclosure` the audio.
        const rel = `link@${attributes.rel?.trim().toLowerCase() || 'alternate'}`;
        if (!this.item.attributes.has(rel)) this.item.attributes.set(rel, this.decoded(attributes));
        return;
      }
      this.collect(this.item, name, attributes, hasAttributes, atom ? ATOM_ITEM_TEXTS : ITEM_TEXTS, ITEM_ATTRIBUTES);
      return;
    }
    if (!atom && depth === 4 && parent === 'image' && name === 'url' && this.channelImageUrl === undefined) {
      this.capture = { depth, name: '', into: new Map(), done: '', raw: '', hasAttributes };
    }
  }

  private collect(into: Collected, name: string, attributes: Record<string, string>, hasAttributes: boolean, texts: Set<string>, attributed: Set<string>): void {
    if (texts.has(name) && !into.texts.has(name)) this.capture = { depth: this.path.length, name, into: into.texts, done: '', raw: '', hasAttributes };
    if (attributed.has(name) && !into.attributes.has(name)) into.attributes.set(name, this.decoded(attributes));
  }

  private decoded(attributes: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(attributes)) {
      this.keep(key.length + value.length);
      out[key] = own(decodeHTMLStrict(value));
    }
    return out;
  }

  private text(text: string): void {
    const capture = this.capture;
    // Only the element's own text, as an XML object tree's `#text` would have it.
    if (capture === undefined || capture.depth !== this.path.length) return;
    this.keep(text.length);
    if (this.inCdata) capture.done += text;
    else capture.raw += text;
  }

  private cdata(starts: boolean): void {
    // CDATA is literal: the text before it is decoded now, what is inside never.
    const capture = this.capture;
    if (starts && capture !== undefined) {
      capture.done += decodeHTMLStrict(capture.raw);
      capture.raw = '';
    }
    this.inCdata = starts;
  }

  private close(): void {
    const depth = this.path.length;
    const capture = this.capture;
    if (capture !== undefined && capture.depth === depth) {
      const text = own((capture.done + decodeHTMLStrict(capture.raw)).trim());
      // `<guid isPermaLink="false"/>` has no text; `<title></title>` has an empty one.
      const value = text === '' && capture.hasAttributes ? undefined : text;
      if (capture.name === '') this.channelImageUrl = value;
      else capture.into.set(capture.name, value);
      this.capture = undefined;
    }
    const level = this.format === 'atom' ? depth + 1 : depth;
    if (level === 3 && this.format !== undefined && this.path[depth - 1] === ITEM_ELEMENT[this.format] && this.item !== undefined) {
      if (this.item.content) this.episodes.push(episodeOf(this.item));
      this.item = undefined;
    }
    if (depth === 2 && this.channel !== undefined && this.path[1] === 'channel') this.channelDone = true;
    this.path.pop();
  }
}

const cleanTitle = (raw: string | undefined) => decodeEntities(raw ?? '').replace(/\s+/g, ' ').trim();

function parseDate(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  // RFC 2822 with a wrong day name still has a good date; `Date` gives up on the name alone.
  const ms = Date.parse(raw) || Date.parse(raw.replace(/^[A-Za-z]{3,},?\s*/, ''));
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

function episodeOf(item: Collected): FeedEpisode {
  const atomEnclosure = item.attributes.get('link@enclosure');
  const enclosure = item.attributes.get('enclosure') ?? (atomEnclosure === undefined ? undefined : { ...atomEnclosure, url: atomEnclosure.href ?? '' });
  const enclosureUrl = httpUrl(enclosure?.url?.trim());
  const length = Number(enclosure?.length);
  const transcripts = item.transcripts.flatMap((node): FeedTranscript[] => {
    const url = httpUrl(node.url?.trim());
    const type = node.type?.trim().toLowerCase();
    return url === undefined || type === undefined ? [] : [{ url, type, language: node.language?.trim().toLowerCase(), rel: node.rel?.trim().toLowerCase() }];
  });
  const { texts } = item;
  return {
    guid: texts.get('guid')?.trim() || texts.get('id')?.trim() || undefined,
    title: cleanTitle(texts.get('title') ?? texts.get('itunes:title')),
    enclosure: enclosureUrl === undefined ? undefined : { url: enclosureUrl, type: enclosure?.type?.trim().toLowerCase() ?? '', length: Number.isFinite(length) && length > 0 ? length : undefined },
    durationSeconds: parseItunesDuration(texts.get('itunes:duration')),
    published: parseDate(texts.get('pubDate') ?? texts.get('published') ?? texts.get('updated')),
    imageUrl: httpUrl(item.attributes.get('itunes:image')?.href),
    transcripts,
    link: httpUrl(texts.get('link')?.trim()) ?? httpUrl(item.attributes.get('link@alternate')?.href?.trim()),
  };
}

/** A feed already in memory (tests, benches); `readFeed` is how the service reads one. */
export function parseFeed(xml: string): FeedParse {
  const reader = new FeedReader();
  reader.write(xml);
  return reader.end();
}

/**
 * A feed as its bytes arrive: decoded and parsed piece by piece, so memory stays bounded however
 * long it is. Stops at the first problem (the caller cancels the download).
 */
export async function readFeed(body: AsyncIterable<Uint8Array>): Promise<FeedParse> {
  const decoder = new TextDecoder('utf-8');
  const reader = new FeedReader();
  for await (const chunk of body) {
    reader.write(decoder.decode(chunk, { stream: true }));
    if (reader.failed) break;
  }
  reader.write(decoder.decode());
  return reader.end();
}
