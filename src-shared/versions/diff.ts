// The difference between two versions of a transcript, as a person reads it: line by line (a
// timed transcript's segments, with their speaker; a free-text one's lines), and word by word
// inside the lines that changed. Pure, for the viewer's compare panel and its tests.
//
// Two passes keep it fast on long transcripts: lines are matched first (a longest common
// subsequence over whole lines), then only each run of changed lines is compared word by word.

export type DiffKind = 'same' | 'added' | 'removed';
export interface DiffPart {
  kind: DiffKind;
  text: string;
}
/** One line of the comparison: an unchanged line, or a run of changed lines with its word changes. */
export interface DiffRow {
  changed: boolean;
  parts: DiffPart[];
}
export interface VersionDiff {
  rows: DiffRow[];
  /** Words (not spaces) added and removed. */
  added: number;
  removed: number;
}

interface Lineable {
  text: string;
  segments: readonly { text: string; speaker?: string }[] | null;
}

/** What the comparison calls a version's lines: a speaker's name is part of its line (a rename shows). */
export function linesOf(version: Lineable): string[] {
  if (version.segments !== null && version.segments.length > 0) return version.segments.map((s) => (s.speaker === undefined ? s.text : `${s.speaker}: ${s.text}`));
  return version.text.split(/\n+/).filter((line) => line.trim() !== '');
}

/** Past this many cells a word comparison gives up on finding common words in one changed run (all removed, all added). */
const MAX_CELLS = 4_000_000;

type Op<T> = { kind: DiffKind; item: T };

/** The longest common subsequence's edit script of `a` into `b`, common ends trimmed first. */
function script<T>(a: readonly T[], b: readonly T[]): Op<T>[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((item): Op<T> => ({ kind: 'same', item }));
  const tail = a.slice(endA).map((item): Op<T> => ({ kind: 'same', item }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS || n === 0 || m === 0) {
    return [...head, ...midA.map((item): Op<T> => ({ kind: 'removed', item })), ...midB.map((item): Op<T> => ({ kind: 'added', item })), ...tail];
  }
  // lengths[i][j]: the LCS of midA[i..] and midB[j..], in one flat array.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] = midA[i] === midB[j] ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1 : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const ops: Op<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const x = midA[i] as T;
    const y = midB[j] as T;
    if (x === y) {
      ops.push({ kind: 'same', item: x });
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      ops.push({ kind: 'removed', item: x });
      i++;
    } else {
      ops.push({ kind: 'added', item: y });
      j++;
    }
  }
  for (; i < n; i++) ops.push({ kind: 'removed', item: midA[i] as T });
  for (; j < m; j++) ops.push({ kind: 'added', item: midB[j] as T });
  return [...head, ...ops, ...tail];
}

const words = (text: string) => text.split(/(\s+)/).filter((t) => t !== '');
const isWord = (token: string) => token.trim() !== '';

/** Adjacent parts of one kind as one. */
function joined(ops: readonly Op<string>[]): DiffPart[] {
  const parts: DiffPart[] = [];
  for (const op of ops) {
    const last = parts.at(-1);
    if (last?.kind === op.kind) last.text += op.item;
    else parts.push({ kind: op.kind, text: op.item });
  }
  return parts;
}

export function diffVersions(a: Lineable, b: Lineable): VersionDiff {
  const rows: DiffRow[] = [];
  let added = 0;
  let removed = 0;
  let run: { removed: string[]; added: string[] } = { removed: [], added: [] };
  const flush = () => {
    if (run.removed.length === 0 && run.added.length === 0) return;
    const ops = script(words(run.removed.join('\n')), words(run.added.join('\n')));
    for (const op of ops) {
      if (!isWord(op.item)) continue;
      if (op.kind === 'added') added++;
      else if (op.kind === 'removed') removed++;
    }
    rows.push({ changed: true, parts: joined(ops) });
    run = { removed: [], added: [] };
  };
  for (const op of script(linesOf(a), linesOf(b))) {
    if (op.kind === 'same') {
      flush();
      rows.push({ changed: false, parts: [{ kind: 'same', text: op.item }] });
    } else run[op.kind].push(op.item);
  }
  flush();
  return { rows, added, removed };
}
