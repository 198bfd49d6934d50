// YouTube timedtext XML: the default format (srv1, `<transcript><text start dur>` in seconds) and
// srv3 (`<timedtext format="3"><body><p t d>` in ms, ASR words as `<s>` children). Both are a tiny
// grammar, so they are read in one pass over the text with no object tree: a generic XML library
// was the floor of caption speed (research/perf-2026-11.md), ten times under what a 3-hour file needs.
//
// A body cut off mid-way is malformed, not a shorter transcript, so the pass also checks that the
// document is well-formed, by the rules the earlier reader (fast-xml-parser's validator and parser)
// applied: test/unit/captions-oracle.test.ts holds both to the same cues and the same refusals on
// every recorded body and on generated ones. Where that validator was lenient we are too (`<` inside
// an attribute value, a self-closing element after the root, an entity after the root); markup it
// let through only to build a garbled tree is refused here (`<!` that opens no comment, CDATA or
// DOCTYPE; a DOCTYPE inside an element or with declarations; `</a/>`; `<?>`; a quote left open in
// a processing instruction; Unicode spaces inside tag names).
// Text comes out as written (entities and escaped tags included): text.ts cleans it.
import { secondsToMs, wholeMs, type RawCue } from './cues';
import { LT, GT, SLASH, BANG, QUESTION, AMP, EQUALS, DQUOTE, SQUOTE, codeAt, isSpace, isAsciiLetter, isWordChar, isNameAt, rangeIs, rangesEqual, referenceEnd } from './xmlLexis';

export type TimedTextResult = { ok: true; format: 'srv1' | 'srv3'; cues: RawCue[] } | { ok: false; detail: string };

/** The old reader refused deeper nesting; no caption body nests past four. */
const MAX_DEPTH = 101;

class Malformed extends Error {}

export function parseTimedTextXml(body: string): TimedTextResult {
  try {
    return new TimedTextScanner(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body).read();
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    return { ok: false, detail: error.message };
  }
}

class TimedTextScanner {
  private pos = 0;
  /** Open elements, as ranges of their names in the text. */
  private readonly openStart: number[] = [];
  private readonly openEnd: number[] = [];
  private tagFound = false;
  /** Set when a closing tag closes the root; only self-closing elements and spaces may follow. */
  private rootClosed = false;
  /** The next `&` at or after the current text run; -1 before the first search, -2 when none is left. */
  private nextAmp = -1;

  private format: 'srv1' | 'srv3' | undefined;
  /** Depth of the element whose children are cues: the root (srv1) or its first `<body>` (srv3); 0 when not inside it. */
  private cueParentDepth = 0;
  /** Whether the chosen root is the open element at depth 1 (a self-closing root leaves nothing open). */
  private rootOpen = false;
  private bodySeen = false;
  private cueDepth = 0;
  private cueText = '';
  private cueStartMs: number | undefined;
  private cueDurationMs: number | undefined;
  /** Depth of a `<br>` inside a cue: its own content is no text (the old tree walk read a br as "\n" only). */
  private brDepth = 0;
  /** srv3 ASR: the open `<s>` word (its depth, where its text starts in cueText, its offset) and the cue's words so far. */
  private wordDepth = 0;
  private wordTextStart = 0;
  private wordOffsetMs = 0;
  private cueWords: { text: string; startMs: number }[] = [];
  private cueTimesWords = false;
  private readonly cues: RawCue[] = [];
  /** A cue element's start and duration attributes, as written. */
  private startValue: string | undefined;
  private durationValue: string | undefined;
  private readonly names: number[] = [];

  constructor(private readonly xml: string) {}

  read(): TimedTextResult {
    this.prolog();
    while (this.pos < this.xml.length) {
      this.text();
      if (this.pos < this.xml.length) this.markup();
    }
    if (!this.tagFound) this.fail('no element', this.xml.length);
    if (this.openStart.length > 0) this.fail(`unclosed <${this.xml.slice(this.openStart.at(-1), this.openEnd.at(-1))}>`, this.xml.length);
    if (this.format === undefined) return { ok: false, detail: 'XML without a <transcript> or <timedtext> root' };
    return { ok: true, format: this.format, cues: this.cues };
  }

  private fail(reason: string, at: number): never {
    let line = 1;
    for (let i = this.xml.indexOf('\n'); i !== -1 && i < at; i = this.xml.indexOf('\n', i + 1)) line++;
    throw new Malformed(`not well-formed XML (${reason}, line ${line})`);
  }

  /** Before the first element: spaces, the XML declaration (only at the very start), comments, a DOCTYPE. */
  private prolog(): void {
    const xml = this.xml;
    while (this.pos < xml.length) {
      const c = xml.charCodeAt(this.pos);
      if (isSpace(c)) {
        this.pos++;
        continue;
      }
      if (c !== LT) this.fail(`unexpected text before the root`, this.pos);
      const next = xml.charCodeAt(this.pos + 1);
      if (next === QUESTION) this.instruction(this.pos + 2, true);
      else if (next === BANG) this.declaration(true);
      else return;
    }
  }

  /** Character data up to the next `<`: references checked, kept when it is cue text. */
  private text(): void {
    const xml = this.xml;
    const start = this.pos;
    let end = xml.indexOf('<', start);
    if (end === -1) end = xml.length;
    // One search ahead for `&`, reused by the runs before it: most runs hold none.
    if (this.nextAmp !== -2 && this.nextAmp < start) this.nextAmp = this.ampFrom(start);
    while (this.nextAmp >= 0 && this.nextAmp < end) {
      const after = referenceEnd(xml, this.nextAmp);
      if (after === -1) this.fail(`'&' that starts no reference`, this.nextAmp);
      // A reference never holds `<`, so it ends inside this run (or at the end of a cut-off body).
      this.nextAmp = this.ampFrom(after + 1);
    }
    if (this.rootClosed && end > start) this.spacesOnlyAfterRoot(start, end);
    if (this.cueDepth > 0 && this.brDepth === 0 && end > start) this.cueText += xml.slice(start, end);
    this.pos = end;
  }

  private ampFrom(from: number): number {
    const found = this.xml.indexOf('&', from);
    return found === -1 ? -2 : found;
  }

  private spacesOnlyAfterRoot(start: number, end: number): void {
    for (let i = start; i < end; i++) {
      const c = this.xml.charCodeAt(i);
      if (isSpace(c)) continue;
      // The old validator let references through after the root, and nothing else.
      if (c === AMP) i = Math.min(referenceEnd(this.xml, i), end);
      else this.fail('text after the root element', i);
    }
  }

  /** At a `<`: a tag, a comment, CDATA or a processing instruction. */
  private markup(): void {
    const next = this.xml.charCodeAt(this.pos + 1);
    if (next === SLASH) this.closingTag();
    else if (next === BANG) this.declaration(false);
    else if (next === QUESTION) this.instruction(this.pos + 1, false);
    else this.openingTag();
  }

  private instruction(targetAt: number, inProlog: boolean): void {
    const xml = this.xml;
    const end = xml.indexOf('?>', targetAt);
    // A quote left open inside it would have made the old parser read on past this `?>`.
    if (end === -1 || end !== this.instructionEndOutsideQuotes(this.pos + 1)) this.fail('unclosed processing instruction', this.pos);
    if (inProlog && xml.startsWith('xml', targetAt)) {
      const after = xml.charCodeAt(targetAt + 3);
      if ((after === QUESTION || after === 32) && targetAt + 3 > 5) this.fail('XML declaration not at the start', this.pos);
    }
    this.pos = end + 2;
  }

  private instructionEndOutsideQuotes(from: number): number {
    const xml = this.xml;
    for (let i = from; i < xml.length; i++) {
      const c = xml.charCodeAt(i);
      if (c === DQUOTE || c === SQUOTE) {
        i = xml.indexOf(c === DQUOTE ? '"' : "'", i + 1);
        if (i === -1) return -1;
      } else if (c === QUESTION && xml.charCodeAt(i + 1) === GT) return i;
    }
    return -1;
  }

  /** `<!--…-->`, `<![CDATA[…]]>` (cue text as it stands), or a DOCTYPE before the root. */
  private declaration(inProlog: boolean): void {
    const xml = this.xml;
    const at = this.pos;
    if (xml.startsWith('<!--', at)) {
      const end = xml.indexOf('-->', at + 4);
      if (end === -1) this.fail('unclosed comment', at);
      this.pos = end + 3;
    } else if (xml.startsWith('<![CDATA[', at)) {
      const end = xml.indexOf(']]>', at + 9);
      if (end === -1) this.fail('unclosed CDATA section', at);
      if (this.cueDepth > 0 && this.brDepth === 0) this.cueText += xml.slice(at + 9, end);
      this.pos = end + 3;
    } else if (inProlog && xml.startsWith('<!DOCTYPE', at)) {
      // Only the plain form (`<!DOCTYPE name>`): no caption body declares more, and the old parser
      // refused most internal subsets and quoted identifiers anyway.
      const end = xml.indexOf('>', at + 9);
      if (end === -1 || /[<"'[]/.test(xml.slice(at + 9, end))) this.fail('a DOCTYPE with declarations', at);
      this.pos = end + 1;
    } else this.fail(`unknown markup '<!'`, at);
  }

  /**
   * The end of the element name at `from`, which must be a valid XML name ending at `>`, `/` or
   * whitespace. ASCII names are checked as they are read; others go through the full pattern.
   */
  private tagNameEnd(from: number): number {
    const xml = this.xml;
    let c = codeAt(xml, from);
    if (!(isAsciiLetter(c) || c === 95 || c === 58)) return this.unusualTagNameEnd(from);
    let i = from + 1;
    for (c = codeAt(xml, i); isWordChar(c) || c === 58 || c === 45 || c === 46; c = codeAt(xml, ++i));
    if (c === GT || c === SLASH || isSpace(c)) return i;
    return this.unusualTagNameEnd(from);
  }

  /** A name with characters past ASCII, or none at all: read up to `>` or whitespace, as the validator did. */
  private unusualTagNameEnd(from: number): number {
    const xml = this.xml;
    let end = from;
    while (end < xml.length && xml.charCodeAt(end) !== GT && !isSpace(xml.charCodeAt(end))) end++;
    if (end === xml.length) this.fail('tag cut off', from);
    if (end > from && xml.charCodeAt(end - 1) === SLASH) end--;
    if (!isNameAt(xml, from, end)) this.fail('invalid tag name', from);
    return end;
  }

  private openingTag(): void {
    const xml = this.xml;
    const at = this.pos;
    const nameStart = at + 1;
    const nameEnd = this.tagNameEnd(nameStart);
    const depth = this.openStart.length;
    const cueElement = this.cueParentDepth > 0 && depth === this.cueParentDepth && rangeIs(xml, nameStart, nameEnd, this.format === 'srv1' ? 'text' : 'p');
    const wordElement = this.format === 'srv3' && this.cueDepth > 0 && depth === this.cueDepth && this.wordDepth === 0 && rangeIs(xml, nameStart, nameEnd, 's');
    const gt = this.readAttributes(nameEnd, cueElement, wordElement);
    const selfClosing = gt > nameEnd && xml.charCodeAt(gt - 1) === SLASH;
    if (!selfClosing && this.rootClosed) this.fail('a second root element', at);
    this.tagFound = true;
    this.pos = gt + 1;
    if (depth === 0 && this.format === undefined) {
      if (rangeIs(xml, nameStart, nameEnd, 'transcript')) this.format = 'srv1';
      else if (rangeIs(xml, nameStart, nameEnd, 'timedtext')) this.format = 'srv3';
      this.rootOpen = this.format !== undefined && !selfClosing;
      if (this.format === 'srv1' && this.rootOpen) this.cueParentDepth = 1;
    } else if (depth === 1 && this.rootOpen && this.format === 'srv3' && !this.bodySeen && rangeIs(xml, nameStart, nameEnd, 'body')) {
      this.bodySeen = true;
      if (!selfClosing) this.cueParentDepth = 2;
    } else if (cueElement) {
      this.cueStartMs = this.format === 'srv1' ? secondsToMs(this.startValue) : wholeMs(this.startValue);
      this.cueDurationMs = this.format === 'srv1' ? secondsToMs(this.durationValue) : wholeMs(this.durationValue);
      this.cueText = '';
      this.cueWords = [];
      this.cueTimesWords = false;
      if (selfClosing) this.endCue();
      else this.cueDepth = depth + 1;
    } else if (wordElement) {
      // An ASR word: its `t` is its start from the cue's (the first word's is left out: 0).
      const offset = wholeMs(this.startValue);
      if (offset !== undefined) this.cueTimesWords = true;
      this.wordOffsetMs = offset ?? 0;
      this.wordTextStart = this.cueText.length;
      if (!selfClosing) this.wordDepth = depth + 1;
    } else if (this.cueDepth > 0 && this.brDepth === 0 && rangeIs(xml, nameStart, nameEnd, 'br')) {
      this.cueText += '\n';
      if (!selfClosing) this.brDepth = depth + 1;
    }

    if (!selfClosing) {
      if (depth + 1 > MAX_DEPTH) this.fail('elements nested too deep', at);
      this.openStart.push(nameStart);
      this.openEnd.push(nameEnd);
    }
  }

  private endCue(): void {
    if (this.cueStartMs !== undefined) {
      const words = this.cueTimesWords ? { words: this.cueWords } : {};
      this.cues.push({ startMs: this.cueStartMs, durationMs: this.cueDurationMs, text: this.cueText, ...words });
    }
    this.cueText = '';
    this.cueWords = [];
    this.cueTimesWords = false;
  }

  private closingTag(): void {
    const xml = this.xml;
    const at = this.pos;
    const nameStart = at + 2;
    let nameEnd = nameStart;
    while (nameEnd < xml.length && xml.charCodeAt(nameEnd) !== GT && !isSpace(xml.charCodeAt(nameEnd))) nameEnd++;
    const depth = this.openStart.length;
    if (depth === 0) this.fail('a closing tag with nothing open', at);
    const openStart = this.openStart[depth - 1] as number;
    const openEnd = this.openEnd[depth - 1] as number;
    let gt = nameEnd;
    if (!(xml.charCodeAt(nameEnd) === GT && rangesEqual(xml, nameStart, nameEnd, openStart, openEnd))) {
      // The slow way, as the validator read it: the name trimmed, only spaces before the `>`.
      const name = xml.slice(nameStart, nameEnd).trim();
      gt = xml.indexOf('>', nameEnd);
      if (gt === -1 || xml.slice(nameEnd, gt).trim() !== '' || name !== xml.slice(openStart, openEnd)) this.fail(`a closing tag that does not match <${xml.slice(openStart, openEnd)}>`, at);
    }
    this.openStart.pop();
    this.openEnd.pop();
    if (depth === this.brDepth) this.brDepth = 0;
    if (depth === this.wordDepth) {
      this.wordDepth = 0;
      if (this.cueStartMs !== undefined) this.cueWords.push({ text: this.cueText.slice(this.wordTextStart), startMs: this.cueStartMs + this.wordOffsetMs });
    }
    if (depth === this.cueDepth) {
      this.cueDepth = 0;
      this.endCue();
    }
    if (depth === this.cueParentDepth) this.cueParentDepth = 0;
    if (depth === 1) {
      this.rootClosed = true;
      this.rootOpen = false;
    }
    this.pos = gt + 1;
  }

  /**
   * Reads the attributes after an element name up to the tag's `>` (returned) and checks them as
   * the validator did: whitespace before each, a quoted value after `=`, valid and distinct names; a
   * stray `=` is stepped over. For a cue element it keeps the start and the duration; for an srv3
   * word (`<s t>`) its offset, in startValue.
   */
  private readAttributes(from: number, cueElement: boolean, wordElement = false): number {
    const xml = this.xml;
    const names = this.names;
    let count = 0;
    this.startValue = undefined;
    this.durationValue = undefined;
    let i = from;
    for (;;) {
      const tokenStart = i;
      let c = codeAt(xml, i);
      while (isSpace(c)) c = codeAt(xml, ++i);
      if (c === GT) return i;
      if (c === SLASH && codeAt(xml, i + 1) === GT) return i + 1;
      if (c === -1) this.fail('tag cut off', from);
      if (c === EQUALS) {
        i++;
        continue;
      }
      if (i === tokenStart) this.fail('attributes without a space between them', i);
      const nameStart = i;
      // An ASCII name is checked as it is read; anything else goes through the full pattern after.
      let plainName = isAsciiLetter(c) || c === 95 || c === 58;
      for (c = codeAt(xml, ++i); c !== -1 && !isSpace(c) && c !== EQUALS && c !== GT; c = codeAt(xml, ++i)) {
        if (plainName && !(isWordChar(c) || c === 58 || c === 45 || c === 46)) plainName = false;
      }
      const nameEnd = i;
      while (isSpace(c)) c = codeAt(xml, ++i);
      if (c !== EQUALS) this.fail('an attribute without a value', nameStart);
      c = codeAt(xml, ++i);
      while (isSpace(c)) c = codeAt(xml, ++i);
      if (c !== DQUOTE && c !== SQUOTE) this.fail('an attribute value without quotes', nameStart);
      const close = xml.indexOf(c === DQUOTE ? '"' : "'", i + 1);
      if (close === -1) this.fail('attribute value cut off', nameStart);
      const valueStart = i + 1;
      i = close + 1;
      if (!plainName && !isNameAt(xml, nameStart, nameEnd)) this.fail('invalid attribute name', nameStart);
      for (let n = 0; n < count; n += 2) {
        if (rangesEqual(xml, names[n] as number, names[n + 1] as number, nameStart, nameEnd)) this.fail('a repeated attribute', nameStart);
      }
      names[count++] = nameStart;
      names[count++] = nameEnd;
      if (wordElement && rangeIs(xml, nameStart, nameEnd, 't')) this.startValue = xml.slice(valueStart, close);
      if (cueElement) {
        const srv1 = this.format === 'srv1';
        if (rangeIs(xml, nameStart, nameEnd, srv1 ? 'start' : 't')) this.startValue = xml.slice(valueStart, close);
        else if (rangeIs(xml, nameStart, nameEnd, srv1 ? 'dur' : 'd')) this.durationValue = xml.slice(valueStart, close);
      }
    }
  }
}
