// Where to cut long audio. Cut points are placed near a target length chosen per engine, then moved
// into the best pause nearby, so that no word is cut in half. Where the window around a target has
// no pause (music, crosstalk, a fast talker), the cut goes to the quietest frame and the two chunks
// overlap a little; the merge then removes the words both chunks heard. The whole plan is made from
// the levels of one decoding pass, so the number of chunks is known before the first is transcribed.
import { FRAME_MS } from './audio/energy';
import { SAMPLE_RATE } from './audio/tools';

export interface ChunkingPolicy {
  /** Preferred chunk length. */
  targetSeconds: number;
  /** How far from the target a cut may move to find a pause. */
  windowSeconds: number;
  /** Total overlap of two chunks at a cut inside speech (half on each side). */
  overlapSeconds: number;
  /** The shortest quiet stretch that counts as a pause. */
  minPauseMs: number;
}

export interface Chunk {
  index: number;
  /** The audio the engine gets, in samples (overlap included). */
  startSample: number;
  endSample: number;
  /** The cut before and after this chunk, in ms; inside [start, end] when the chunk overlaps a neighbour. */
  cutStartMs: number;
  cutEndMs: number;
}

export interface ChunkPlan {
  samples: number;
  chunks: Chunk[];
}

interface Cut {
  frame: number;
  /** True when no pause was found: the neighbours overlap around this cut. */
  inSpeech: boolean;
}

function percentile(values: Float32Array, p: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? -100;
}

/**
 * Frames quieter than this are pause. Relative to the recording itself: a studio podcast's noise
 * floor sits near −60 dBFS, a phone call's near −40, synthetic speech at digital silence.
 */
export function silenceThreshold(levels: Float32Array): number {
  if (levels.length === 0) return -100;
  const floor = percentile(levels, 0.05);
  const speech = percentile(levels, 0.95);
  return floor + 0.3 * (speech - floor);
}

interface Pause {
  start: number;
  end: number; // exclusive
}

function findPauses(levels: Float32Array, threshold: number, minFrames: number): Pause[] {
  const pauses: Pause[] = [];
  let start = -1;
  for (let i = 0; i <= levels.length; i++) {
    const quiet = i < levels.length && (levels[i] as number) < threshold;
    if (quiet && start < 0) start = i;
    if (!quiet && start >= 0) {
      if (i - start >= minFrames) pauses.push({ start, end: i });
      start = -1;
    }
  }
  return pauses;
}

/** The best cut near `ideal`: a long pause close by wins; no pause means the quietest frame. */
function chooseCut(levels: Float32Array, pauses: Pause[], ideal: number, window: number, earliest: number): Cut {
  const lo = Math.max(earliest, ideal - window);
  const hi = Math.min(levels.length - 1, ideal + window);
  let best: { frame: number; score: number } | undefined;
  const oneSecond = 1000 / FRAME_MS;
  for (const p of pauses) {
    if (p.end <= lo || p.start >= hi) continue;
    const s = Math.max(p.start, lo);
    const e = Math.min(p.end, hi);
    const frame = Math.floor((s + e) / 2);
    // Longer pauses are safer cuts (sentence ends); nearer ones keep chunk sizes even.
    const score = Math.min(e - s, oneSecond) / oneSecond - (0.5 * Math.abs(frame - ideal)) / window;
    if (best === undefined || score > best.score) best = { frame, score };
  }
  if (best !== undefined) return { frame: best.frame, inSpeech: false };
  let quietest = ideal;
  for (let i = lo; i <= hi; i++) {
    const level = levels[i] as number;
    const current = levels[quietest] as number;
    if (level < current || (level === current && Math.abs(i - ideal) < Math.abs(quietest - ideal))) quietest = i;
  }
  return { frame: quietest, inSpeech: true };
}

/** Cuts a recording of `samples` samples, with frame `levels` from EnergyMeter, into chunks. */
export function planChunks(samples: number, levels: Float32Array, policy: ChunkingPolicy): ChunkPlan {
  const samplesPerFrame = (SAMPLE_RATE * FRAME_MS) / 1000;
  const target = Math.max(1, Math.round((policy.targetSeconds * 1000) / FRAME_MS));
  const window = Math.max(1, Math.min(Math.round((policy.windowSeconds * 1000) / FRAME_MS), Math.floor(target / 2)));
  const pauses = findPauses(levels, silenceThreshold(levels), Math.max(1, Math.round(policy.minPauseMs / FRAME_MS)));

  const cuts: Cut[] = [];
  let last = 0;
  // The last chunk may run up to target + window rather than leave a sliver of a chunk behind.
  while (levels.length - last > target + window) {
    const cut = chooseCut(levels, pauses, last + target, window, last + 1);
    cuts.push(cut);
    last = cut.frame;
  }

  const halfOverlap = Math.round((policy.overlapSeconds * SAMPLE_RATE) / 2);
  const boundaries = [{ frame: 0, inSpeech: false }, ...cuts, { frame: -1, inSpeech: false }];
  const chunks: Chunk[] = [];
  for (let i = 0; i + 1 < boundaries.length; i++) {
    const from = boundaries[i] as Cut;
    const to = boundaries[i + 1] as Cut;
    const cutStart = from.frame * samplesPerFrame;
    const cutEnd = to.frame < 0 ? samples : Math.min(samples, to.frame * samplesPerFrame);
    chunks.push({
      index: i,
      startSample: from.inSpeech ? Math.max(0, cutStart - halfOverlap) : cutStart,
      endSample: to.inSpeech ? Math.min(samples, cutEnd + halfOverlap) : cutEnd,
      cutStartMs: Math.round((cutStart * 1000) / SAMPLE_RATE),
      cutEndMs: Math.round((cutEnd * 1000) / SAMPLE_RATE),
    });
  }
  return { samples, chunks };
}

export const chunkStartMs = (chunk: Chunk) => Math.round((chunk.startSample * 1000) / SAMPLE_RATE);
export const chunkEndMs = (chunk: Chunk) => Math.round((chunk.endSample * 1000) / SAMPLE_RATE);
export const overlapsPrevious = (chunk: Chunk) => chunkStartMs(chunk) < chunk.cutStartMs;
