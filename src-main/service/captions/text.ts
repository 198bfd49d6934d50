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

/**
 * Whether a line is already words separated by single spaces: nothing to collapse, trim or remove.
 * Most caption lines are, and this look at each character costs far less than the passes below.
 */
function alreadyClean(text: string): boolean {
  let previousSpace = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (previousSpace) return false;
      previousSpace = true;
    } else if (c <= 13 ? c >= 9 : c >= 0x80 && special(c)) return false;
    else previousSpace = false;
  }
  return !previousSpace || text.length === 0;
}

/** Whitespace that `\s` matches beyond the space, and the invisible characters: either means work. */
const special = (c: number) => c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200f) || (c >= 0x2028 && c <= 0x202f) || c === 0x205f || c === 0x2060 || c === 0x3000 || c === 0xfeff;

function collapse(text: string): string {
  return alreadyClean(text) ? text : text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** One line of caption text as plain words: tags out, entities decoded, whitespace collapsed. */
export function cleanCaptionLine(raw: string): string {
  // Each pass only where it can change something: no `<` means no tag, no `&` no entity.
  const untagged = raw.includes('<') ? raw.replace(TAG, '') : raw;
  const decoded = untagged.includes('&') ? decodeEntities(untagged) : untagged;
  // Escaped markup (`&lt;i&gt;`) only becomes a tag after decoding, and `<<i>i>` after the first pass.
  return collapse(decoded.includes('<') ? decoded.replace(TAG, '') : decoded);
}

/** The lines of a multi-line cue, cleaned; blank lines dropped. */
export function cleanCaptionLines(raw: string): string[] {
  return raw
    .split(/\r\n|\r|\n/)
    .map(cleanCaptionLine)
    .filter((line) => line !== '');
}
