// The canonical stored form of a cached transcript: one zstd-compressed record from which the REST
// answer's body, the plain text and the timed segments (hence every export) are rebuilt, byte for
// byte as they were handed to `encodeRecord`.
//
// What is stored (JSON inside the zstd frame):
//   seg   the segments as columns: texts, gaps (start minus the previous cue's end) and durations,
//         which compress far better than an array of objects; `raw` (the array as given) when the
//         columns would not rebuild it exactly (other keys, another key order, fractional times);
//         absent when the transcript has no timing. Word timing (YouTube ASR json3, whisper) is a
//         column too: per segment its words' texts, gaps (start minus the previous word's end, the
//         first from the segment's start) and durations, null for a segment without words.
//   text  the plain text, absent when it is the segments' texts joined by '\n' (`lines`) or ' '
//         (`spaced`), named by `textFrom`.
//   body  the answer body with every value that is derivable replaced by 0, so its keys keep their
//         order; `from` lists those keys and what rebuilds them: `cues` (YouTube's cue array:
//         string ms and m:ss start text), `text`, `lines`, `spaced`.
//
// `encodeRecord` decodes what it is about to store and compares it with its input (JSON.stringify
// equal, which is what the REST answer, the desk and the exports see); when anything differs it
// stores the body, text and segments whole. So a platform whose answer takes a new shape is stored
// larger, never served differently. The derivations below are frozen copies, not imports of the
// fetchers' code: a later change to how a fetcher shapes its answer must not change the answers of
// transcripts cached before it (the check above catches the new shape instead).
//
// The first byte is the format (1); zstd at level 6: measured on 400-cue talks (32 KB of record
// JSON) 10.9 KB in 0.6–0.9 ms, against 11.5 KB in 0.2–0.5 ms at level 3 and 11.2 KB in 1.4 ms for
// gzip -6; decompressing takes 0.06–0.15 ms at any level. Writes happen once per fetched
// transcript, reads on every cache hit, so the smaller record wins.
import { constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import type { Segment, Word } from '#shared/transcript';

export interface TranscriptContent {
  /** The spec's platform response without `credits` and `cached`. */
  body: Record<string, unknown>;
  text: string;
  segments: Segment[] | null;
}

const FORMAT_ZSTD_JSON = 1;
const ZSTD_LEVEL = 6;

type Derivation = 'cues' | 'text' | 'lines' | 'spaced';
const DERIVATIONS: ReadonlySet<string> = new Set<Derivation>(['cues', 'text', 'lines', 'spaced']);

interface Columns {
  t: string[];
  g: number[];
  d: number[];
  /** Speakers, null where a segment has none; absent when no segment has one. */
  s?: (string | null)[];
  /** Words per segment as [texts, gaps, durations], null where a segment has none; absent when no segment has words. */
  w?: ([string[], number[], number[]] | null)[];
}

interface Packed {
  seg?: Columns | { raw: Segment[] };
  text?: string;
  textFrom?: 'lines' | 'spaced';
  body: Record<string, unknown>;
  from?: [string, Derivation][];
}

/** YouTube's transcript-panel timestamps (m:ss, h:mm:ss from one hour): frozen copy of youtube/shape.ts. */
function startTimeText(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const cuesOf = (segments: readonly Segment[]) => segments.map((s) => ({ text: s.text, startMs: String(s.startMs), endMs: String(s.endMs), startTimeText: startTimeText(s.startMs) }));
const joined = (segments: readonly Segment[] | null, separator: string) => (segments ?? []).map((s) => s.text).join(separator);

function toColumns(segments: readonly Segment[]): Columns {
  const columns: Columns = { t: [], g: [], d: [] };
  let end = 0;
  for (const s of segments) {
    columns.t.push(s.text);
    columns.g.push(s.startMs - end);
    columns.d.push(s.endMs - s.startMs);
    end = s.endMs;
  }
  if (segments.some((s) => s.speaker !== undefined)) columns.s = segments.map((s) => s.speaker ?? null);
  if (segments.some((s) => s.words !== undefined)) columns.w = segments.map((s) => (s.words === undefined ? null : wordColumns(s.words, s.startMs)));
  return columns;
}

function wordColumns(words: readonly Word[], segmentStartMs: number): [string[], number[], number[]] {
  const columns: [string[], number[], number[]] = [[], [], []];
  let end = segmentStartMs;
  for (const w of words) {
    columns[0].push(w.text);
    columns[1].push(w.startMs - end);
    columns[2].push(w.endMs - w.startMs);
    end = w.endMs;
  }
  return columns;
}

function wordsOf([texts, gaps, durations]: [string[], number[], number[]], segmentStartMs: number): Word[] {
  let end = segmentStartMs;
  return texts.map((text, i) => {
    const startMs = end + (gaps[i] ?? 0);
    end = startMs + (durations[i] ?? 0);
    return { text, startMs, endMs: end };
  });
}

function fromColumns(c: Columns): Segment[] {
  let end = 0;
  return c.t.map((text, i) => {
    const startMs = end + (c.g[i] ?? 0);
    const endMs = startMs + (c.d[i] ?? 0);
    end = endMs;
    const speaker = c.s?.[i];
    const words = c.w?.[i];
    // Keys in the order the fetchers write them (text, startMs, endMs, speaker, words): the check in encodeRecord compares JSON.
    return {
      text,
      startMs,
      endMs,
      ...(speaker === null || speaker === undefined ? {} : { speaker }),
      ...(words === null || words === undefined ? {} : { words: wordsOf(words, startMs) }),
    };
  });
}

function derive(how: Derivation, text: string, segments: Segment[] | null): unknown {
  switch (how) {
    case 'cues':
      return cuesOf(segments ?? []);
    case 'text':
      return text;
    case 'lines':
      return joined(segments, '\n');
    case 'spaced':
      return joined(segments, ' ');
  }
}

/** Which derivation rebuilds `value`, if one does. Short strings are left alone: nothing to gain. */
function derivationOf(value: unknown, text: string, segments: Segment[] | null, cuesJson: () => string): Derivation | undefined {
  if (typeof value === 'string') {
    if (value.length < 32) return undefined;
    if (value === text) return 'text';
    if (segments === null) return undefined;
    if (value === joined(segments, '\n')) return 'lines';
    if (value === joined(segments, ' ')) return 'spaced';
    return undefined;
  }
  if (Array.isArray(value) && segments !== null && value.length === segments.length && value.length > 0 && JSON.stringify(value) === cuesJson()) return 'cues';
  return undefined;
}

function pack(content: TranscriptContent): Packed {
  const { body, text, segments } = content;
  const packed: Packed = { body: {} };
  if (segments !== null) {
    const columns = toColumns(segments);
    packed.seg = JSON.stringify(fromColumns(columns)) === JSON.stringify(segments) ? columns : { raw: segments };
  }
  if (segments !== null && segments.length > 0 && text === joined(segments, '\n')) packed.textFrom = 'lines';
  else if (segments !== null && segments.length > 0 && text === joined(segments, ' ')) packed.textFrom = 'spaced';
  else packed.text = text;

  let cues: string | undefined;
  const cuesJson = () => (cues ??= JSON.stringify(cuesOf(segments ?? [])));
  const from: [string, Derivation][] = [];
  packed.body = Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      const how = derivationOf(value, text, segments, cuesJson);
      if (how === undefined) return [key, value];
      from.push([key, how]);
      return [key, 0];
    }),
  );
  if (from.length > 0) packed.from = from;
  return packed;
}

function unpack(packed: Packed): TranscriptContent {
  const seg = packed.seg;
  const segments = seg === undefined ? null : 'raw' in seg ? seg.raw : fromColumns(seg);
  const text = packed.textFrom === undefined ? (packed.text ?? '') : joined(segments, packed.textFrom === 'lines' ? '\n' : ' ');
  const from = new Map(packed.from ?? []);
  // fromEntries defines own properties, so even a key named __proto__ comes back as a plain key.
  const body = Object.fromEntries(Object.entries(packed.body).map(([key, value]) => [key, from.has(key) ? derive(from.get(key) as Derivation, text, segments) : value]));
  return { body, text, segments };
}

function compress(packed: Packed): Buffer {
  const json = Buffer.from(JSON.stringify(packed), 'utf8');
  const frame = zstdCompressSync(json, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  return Buffer.concat([Buffer.of(FORMAT_ZSTD_JSON), frame]);
}

export class RecordFormatError extends Error {
  constructor(detail: string) {
    super(`A stored transcript record is unreadable (${detail})`);
    this.name = 'RecordFormatError';
  }
}

function read(record: Uint8Array): Packed {
  if (record[0] !== FORMAT_ZSTD_JSON) throw new RecordFormatError(`format ${String(record[0])}`);
  const packed = JSON.parse(zstdDecompressSync(record.subarray(1)).toString('utf8')) as Packed;
  if (packed.from?.some(([, how]) => !DERIVATIONS.has(how)) === true) throw new RecordFormatError('unknown derivation');
  return packed;
}

const sameContent = (a: TranscriptContent, b: TranscriptContent) =>
  a.text === b.text && JSON.stringify(a.segments) === JSON.stringify(b.segments) && JSON.stringify(a.body) === JSON.stringify(b.body);

/** The record to store; rebuilds to `content` exactly (checked here, see the top of this file). */
export function encodeRecord(content: TranscriptContent): Buffer {
  const record = compress(pack(content));
  if (sameContent(decodeRecord(record), content)) return record;
  return compress({ body: content.body, text: content.text, ...(content.segments === null ? {} : { seg: { raw: content.segments } }) });
}

export function decodeRecord(record: Uint8Array): TranscriptContent {
  return unpack(read(record));
}

/** Only the plain text: what the library's full-text index reads. */
export function recordText(record: Uint8Array): string {
  const packed = read(record);
  if (packed.textFrom === undefined) return packed.text ?? '';
  const seg = packed.seg;
  const texts = seg === undefined ? [] : 'raw' in seg ? seg.raw.map((s) => s.text) : seg.t;
  return texts.join(packed.textFrom === 'lines' ? '\n' : ' ');
}
