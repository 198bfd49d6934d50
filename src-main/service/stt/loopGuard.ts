// Finds the way speech models fail on a stretch of audio they cannot read (music, noise, a long
// silence, a cut mid-word): the decoder falls into a loop and writes one phrase, or one whole line,
// over and over. Pure: it reads one chunk's segments and says which of them look looped and why.
//
// The thresholds are set so that people repeating themselves stays clean ("no, no, no", "ha ha ha
// ha", a chorus line sung three times): a 1-word phrase must repeat 16 times in a row, a 2-word one
// 8 times, a 3-word one 6 times, a 4- to 8-word one 4 times. Checked on the recorded caption files
// in test/fixtures (test/unit/stt-loop-guard.test.ts) and on pocketsphinx's output for flite speech
// (test/integration/stt-pipeline.test.ts).
import type { Segment } from '#shared/transcript';

export interface LoopFinding {
  /** Indexes into the segments given: the first and last segment the loop touches. */
  firstSegment: number;
  lastSegment: number;
  /** The words looped, as the engine wrote them (normalized). */
  phrase: string;
  repeats: number;
  /** What the viewer shows on the flagged segments. */
  reason: string;
  /** Words inside the loop: how bad it is (the retry keeps the output with fewer). */
  loopedWords: number;
}

/** Longest phrase (in words) looked for; whisper's loops are short phrases or one whole line. */
export const MAX_PHRASE_WORDS = 8;

/** How many times in a row a phrase of `n` words must occur to be a loop. */
export const repeatsNeeded = (n: number) => Math.max(4, Math.ceil(16 / n));

/**
 * Identical consecutive segments longer than a phrase (up to 8 words the phrase rule decides, so a
 * chorus line sung three times stays clean): three of them, or two of at least LONG_LINE_WORDS,
 * which nobody says twice word for word.
 */
const SAME_LINE_REPEATS = 3;
const SAME_LINE_MIN_WORDS = MAX_PHRASE_WORDS + 1;
const LONG_LINE_WORDS = 12;

const normalizeWord = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}']+/gu, '');

interface Token {
  word: string;
  segment: number;
}

function tokens(segments: readonly Segment[]): Token[] {
  const out: Token[] = [];
  segments.forEach((s, segment) => {
    for (const raw of s.text.split(/\s+/)) {
      const word = normalizeWord(raw);
      if (word !== '') out.push({ word, segment });
    }
  });
  return out;
}

/** Phrase loops: the same n-word phrase back to back, within one segment or across several. */
function phraseLoops(words: readonly Token[]): LoopFinding[] {
  const found: LoopFinding[] = [];
  const same = (i: number, j: number, n: number) => {
    for (let k = 0; k < n; k++) if (words[i + k]?.word !== words[j + k]?.word) return false;
    return true;
  };
  for (let i = 0; i < words.length; ) {
    let best: { n: number; repeats: number } | undefined;
    for (let n = 1; n <= MAX_PHRASE_WORDS && i + 2 * n <= words.length; n++) {
      let repeats = 1;
      while (i + (repeats + 1) * n <= words.length && same(i, i + repeats * n, n)) repeats++;
      // Longer runs win; a 2-word phrase repeated 20 times is also a 4-word one repeated 10, keep the shortest period.
      if (repeats >= repeatsNeeded(n) && (best === undefined || repeats * n > best.repeats * best.n)) best = { n, repeats };
    }
    if (best === undefined) {
      i++;
      continue;
    }
    const end = i + best.n * best.repeats - 1;
    const phrase = words
      .slice(i, i + best.n)
      .map((t) => t.word)
      .join(' ');
    found.push({
      firstSegment: (words[i] as Token).segment,
      lastSegment: (words[end] as Token).segment,
      phrase,
      repeats: best.repeats,
      reason: `"${phrase}" repeats ${best.repeats} times in a row: the engine may have looped`,
      loopedWords: best.n * best.repeats,
    });
    i = end + 1;
  }
  return found;
}

/** The same line written again and again (a loop of a whole segment longer than a phrase). */
function lineLoops(segments: readonly Segment[]): LoopFinding[] {
  const found: LoopFinding[] = [];
  const norm = segments.map((s) => s.text.split(/\s+/).map(normalizeWord).filter((w) => w !== ''));
  for (let i = 0; i < segments.length; ) {
    const line = (norm[i] as string[]).join(' ');
    let j = i + 1;
    while (j < segments.length && (norm[j] as string[]).join(' ') === line) j++;
    const count = j - i;
    const length = (norm[i] as string[]).length;
    if (line !== '' && ((count >= SAME_LINE_REPEATS && length >= SAME_LINE_MIN_WORDS) || (count >= 2 && length >= LONG_LINE_WORDS))) {
      found.push({
        firstSegment: i,
        lastSegment: j - 1,
        phrase: line,
        repeats: count,
        reason: `the same ${length}-word line repeats ${count} times: the engine may have looped`,
        loopedWords: length * count,
      });
    }
    i = j;
  }
  return found;
}

/** The loops in one chunk's output, in order; empty for ordinary speech. */
export function findLoops(segments: readonly Segment[]): LoopFinding[] {
  const phrases = phraseLoops(tokens(segments));
  // A whole line repeated is usually also a phrase loop; report a line loop only where no phrase loop covers it.
  const lines = lineLoops(segments).filter((l) => !phrases.some((p) => p.firstSegment <= l.firstSegment && p.lastSegment >= l.lastSegment));
  return [...phrases, ...lines].sort((a, b) => a.firstSegment - b.firstSegment);
}

/** Words inside loops: 0 for clean output. */
export const loopedWords = (findings: readonly LoopFinding[]) => findings.reduce((sum, f) => sum + f.loopedWords, 0);

/**
 * The segments with the looped ones flagged (`suspect`: why). The text is kept as the engine wrote
 * it, not collapsed: a flag a person can check (and edit) is honest, while cutting the repeats
 * could also cut speech the guard misjudged.
 */
export function flagLoops(segments: readonly Segment[], findings: readonly LoopFinding[]): Segment[] {
  return segments.map((s, i) => {
    const finding = findings.find((f) => f.firstSegment <= i && i <= f.lastSegment);
    return finding === undefined ? s : { ...s, suspect: finding.reason };
  });
}
