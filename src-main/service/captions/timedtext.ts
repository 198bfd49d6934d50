// YouTube timedtext XML: the default format (srv1, `<transcript><text start dur>` in seconds) and
// srv3 (`<timedtext format="3"><body><p t d>` in ms, ASR words as `<s>` children). One XML parse
// in document order serves both, since srv3 mixes text and word elements inside a paragraph.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { secondsToMs, wholeMs, type RawCue } from './cues';

/** A node of fast-xml-parser's ordered output: `{ tag: children, ':@': attributes }` or `{ '#text': … }`. */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Text stays text ("007" is not 7), and the spaces that separate srv3 words stay.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities stay as written: the cleanup decodes XML and HTML ones (and double escaping) in one
  // place, and leaving them out here makes parsing about 40% faster.
  processEntities: false,
  htmlEntities: false,
});

const tagOf = (node: XmlNode) => Object.keys(node).find((key) => key !== ':@');
const childrenOf = (node: XmlNode): XmlNode[] => {
  const tag = tagOf(node);
  const value = tag === undefined ? undefined : node[tag];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};
const attributesOf = (node: XmlNode) => (node[':@'] ?? {}) as Record<string, string | undefined>;

/** Text of a node and its descendants in order; `<br/>` is a line break. */
function textOf(nodes: readonly XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === '#text') text += String(node['#text']);
    else if (tag === 'br') text += '\n';
    else text += textOf(childrenOf(node));
  }
  return text;
}

export type TimedTextResult = { ok: true; format: 'srv1' | 'srv3'; cues: RawCue[] } | { ok: false; detail: string };

export function parseTimedTextXml(xml: string): TimedTextResult {
  // A body cut off mid-way is malformed, not a shorter transcript: validate before reading.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, detail: `not well-formed XML (${valid.err.msg}, line ${valid.err.line})` };
  let document: XmlNode[];
  try {
    document = parser.parse(xml) as XmlNode[];
  } catch (error) {
    return { ok: false, detail: `unreadable XML (${error instanceof Error ? error.message : String(error)})` };
  }
  const root = document.find((node) => tagOf(node) === 'transcript' || tagOf(node) === 'timedtext');
  if (root === undefined) return { ok: false, detail: `XML without a <transcript> or <timedtext> root` };

  if (tagOf(root) === 'transcript') {
    const cues: RawCue[] = [];
    for (const node of childrenOf(root)) {
      if (tagOf(node) !== 'text') continue;
      const { start, dur } = attributesOf(node);
      const startMs = secondsToMs(start);
      if (startMs !== undefined) cues.push({ startMs, durationMs: secondsToMs(dur), text: textOf(childrenOf(node)) });
    }
    return { ok: true, format: 'srv1', cues };
  }

  const body = childrenOf(root).find((node) => tagOf(node) === 'body');
  const cues: RawCue[] = [];
  for (const node of body === undefined ? [] : childrenOf(body)) {
    if (tagOf(node) !== 'p') continue;
    const { t, d } = attributesOf(node);
    const startMs = wholeMs(t);
    if (startMs !== undefined) cues.push({ startMs, durationMs: wholeMs(d), text: textOf(childrenOf(node)) });
  }
  return { ok: true, format: 'srv3', cues };
}
