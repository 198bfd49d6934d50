// The lexical pieces of the one-pass timedtext reader (timedtext.ts): character classes, XML
// names and references, compared on code units in place. Kept apart so the reader's file holds
// its grammar and cue building, and these stay small, pure and cheap to inline.

export const LT = 60;
export const GT = 62;
export const SLASH = 47;
export const BANG = 33;
export const QUESTION = 63;
export const AMP = 38;
export const EQUALS = 61;
export const DQUOTE = 34;
export const SQUOTE = 39;

// XML names as the validator checked them (code units, no surrogates).
const NAME_START = ':A-Za-z_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
// eslint-disable-next-line no-misleading-character-class -- code-unit ranges of the XML Name production; combining marks are name characters here
const NAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.\\d\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`);

/** The code unit at `i`, or -1 past the end (never NaN, which would slow every comparison after it). */
export const codeAt = (s: string, i: number) => (i < s.length ? s.charCodeAt(i) : -1);

/** Space, tab, line feed, carriage return: the whitespace XML markup allows. */
export const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;
export const isAsciiLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
export const isWordChar = (c: number) => isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 95;
export const isDigit = (c: number) => c >= 48 && c <= 57;
export const isHexDigit = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

export function isNameAt(s: string, start: number, end: number): boolean {
  if (end <= start) return false;
  const first = s.charCodeAt(start);
  if (!(isAsciiLetter(first) || first === 95 || first === 58)) return first >= 0x80 && NAME.test(s.slice(start, end));
  for (let i = start + 1; i < end; i++) {
    const c = s.charCodeAt(i);
    if (isWordChar(c) || c === 58 || c === 45 || c === 46) continue;
    return c >= 0x80 && NAME.test(s.slice(start, end));
  }
  return true;
}

/** `s[start, end)` is exactly `word`, without making a string of the range. */
export function rangeIs(s: string, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (s.charCodeAt(start + i) !== word.charCodeAt(i)) return false;
  return true;
}

export function rangesEqual(s: string, a: number, aEnd: number, b: number, bEnd: number): boolean {
  if (aEnd - a !== bEnd - b) return false;
  for (let i = 0; i < aEnd - a; i++) if (s.charCodeAt(a + i) !== s.charCodeAt(b + i)) return false;
  return true;
}

/**
 * Where a reference starting with `&` at `at` ends (its `;`), or -1 when it is none: `&name;` of
 * 1–20 word characters, `&#digits;`, `&#xhex;`. A bare `&` is not XML.
 */
export function referenceEnd(s: string, at: number): number {
  let i = at + 1;
  if (s.charCodeAt(i) === 59) return -1;
  if (s.charCodeAt(i) === 35) {
    i++;
    const hex = s.charCodeAt(i) === 120;
    if (hex) i++;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 59) return i;
      if (!(hex ? isHexDigit(c) : isDigit(c))) return -1;
    }
    return -1;
  }
  for (let count = 0; i < s.length; i++, count++) {
    const c = s.charCodeAt(i);
    if (isWordChar(c) && count < 20) continue;
    return c === 59 ? i : -1;
  }
  // Cut off inside a name: the unclosed element it is in refuses the body.
  return s.length;
}
