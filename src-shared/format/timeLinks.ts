// Links that open an item at a moment, for the Markdown export's timestamps. Only platforms whose
// pages really start playback at a time a link names get one (README "Time links"):
//   YouTube   watch?v=ID&t=123s (also right for Shorts and live replays: the watch page plays any id)
//   Rumble    the video page with ?start=123 (what Rumble's own "Start at" share option writes)
//   podcasts  an episode's audio file with the media fragment #t=123 (W3C Media Fragments: browsers
//             start a directly opened audio file there); Apple Podcasts episode pages take no time
// TikTok, Instagram, Facebook, LinkedIn, X, Kick clips and Twitch clips have no link that starts
// playback at a time (Twitch's ?t= works on VODs, never clips), nor has a local file: their
// timestamps stay plain text.
import type { LibraryPlatform } from '../platforms';
import { parseForPlatform } from '../url/parse';

export interface TimeLinkTarget {
  platform?: LibraryPlatform;
  /** The page (or, for a podcast episode, the audio file) the transcript came from. */
  sourceUrl?: string;
}

/** Whole seconds from the start: a link that starts a moment early keeps the first word. */
const secondsOf = (ms: number) => Math.max(0, Math.floor(ms / 1000));

function httpUrl(value: string | undefined): URL | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * A function giving the link to a moment of this item, or null when its platform has no time links
 * (or its URL is not one the rule recognises). Parsed once per document, called per paragraph.
 */
export function timeLinker(target: TimeLinkTarget): ((ms: number) => string) | null {
  const url = httpUrl(target.sourceUrl);
  if (url === null) return null;
  switch (target.platform) {
    case 'longform': {
      const parsed = parseForPlatform('longform', url.href);
      if (!parsed.ok) return null;
      const id = encodeURIComponent(parsed.itemId);
      return (ms) => `https://www.youtube.com/watch?v=${id}&t=${secondsOf(ms)}s`;
    }
    case 'openvideo': {
      const parsed = parseForPlatform('openvideo', url.href);
      if (!parsed.ok) return null;
      const page = new URL(parsed.normalizedUrl);
      return (ms) => {
        page.searchParams.set('start', String(secondsOf(ms)));
        return page.href;
      };
    }
    case 'podcast': {
      // An Apple Podcasts page (the episode had no audio URL on record) plays from the start only.
      if (parseForPlatform('podcast', url.href).ok || url.hostname.endsWith('apple.com')) return null;
      return (ms) => {
        url.hash = `t=${secondsOf(ms)}`;
        return url.href;
      };
    }
    case 'shortform':
    case 'reels':
    case 'social':
    case 'professional':
    case 'microblog':
    case 'clips_a':
    case 'clips_b':
    case 'local':
    case undefined:
      return null;
  }
}
