// Caption text arrives HTML-escaped (YouTube sometimes escapes twice: `&amp;#39;`), with styling
// tags (<i>, <b>, <font>), and in WebVTT with voice and class spans and inline word timestamps.
// A reader wants the words, so all of that goes; the words themselves are never touched.
import { decodeHTMLStrict } from 'entities';

// Only real tags: a letter right after `<` or `</`, so "a < b" and "<3" survive. WebVTT's inline
// timestamps (`<00:00:01.500>`) count as tags.
const TAG = /<\/?[A-Za-z][^<>]*>|<(?:\d+:)?\d{2}:\d{2}[.,]\d{3}>/g;
const ENTITY_LEFT = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
// Direction marks and zero-width characters that &lrm; and friends decode to: invisible noise in text.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g;

/** Decodes HTML entities; a second round when the first one revealed another entity (double escaping). */
export function decodeEntities(text: string): string {
  const once = decodeHTMLStrict(text);
  return ENTITY_LEFT.test(once) ? decodeHTMLStrict(once) : once;
}

/** One line of caption text as plain words: tags out, entities decoded, whitespace collapsed. */
export function cleanCaptionLine(raw: string): string {
  const decoded = decodeEntities(raw.replace(TAG, ''));
  // Escaped markup (`&lt;i&gt;`) only becomes a tag after decoding.
  return decoded.replace(TAG, '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** The lines of a multi-line cue, cleaned; blank lines dropped. */
export function cleanCaptionLines(raw: string): string[] {
  return raw
    .split(/\r\n|\r|\n/)
    .map(cleanCaptionLine)
    .filter((line) => line !== '');
}
