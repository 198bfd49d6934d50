// Cut planning on measured levels: cuts land in pauses near the target, overlap only where a cut
// falls inside speech, and the chunks cover the audio exactly.
import { describe, expect, it } from 'vitest';
import { EnergyMeter, FRAME_MS } from '#service/stt/audio/energy';
import { chunkEndMs, chunkStartMs, planChunks } from '#service/stt/chunker';

const SPEECH = -20;
const PAUSE = -90;
/** Levels for a timeline of [seconds, level] pieces. */
function timeline(pieces: [number, number][]): Float32Array {
  const frames: number[] = [];
  for (const [seconds, level] of pieces) for (let i = 0; i < (seconds * 1000) / FRAME_MS; i++) frames.push(level);
  return Float32Array.from(frames);
}
const samplesOf = (levels: Float32Array) => (levels.length * FRAME_MS * 16_000) / 1000;
const policy = { targetSeconds: 30, windowSeconds: 8, overlapSeconds: 2, minPauseMs: 150 };

describe('planChunks', () => {
  it('moves each cut into the pause nearest the target and does not overlap there', () => {
    // Speech with a 0.4 s pause every 10 s; targets at 30 and 60 s.
    const pieces: [number, number][] = [];
    for (let t = 0; t < 90; t += 10) pieces.push([9.6, SPEECH], [0.4, PAUSE]);
    const levels = timeline(pieces);
    const plan = planChunks(samplesOf(levels), levels, policy);
    expect(plan.chunks.length).toBe(3);
    const cuts = plan.chunks.slice(1).map((c) => c.cutStartMs);
    // Pauses run 29.6–30.0 s and 59.6–60.0 s: the cuts are inside them.
    expect(cuts[0]).toBeGreaterThanOrEqual(29_600);
    expect(cuts[0]).toBeLessThanOrEqual(30_000);
    expect(cuts[1]).toBeGreaterThanOrEqual(59_600);
    expect(cuts[1]).toBeLessThanOrEqual(60_000);
    for (const c of plan.chunks) {
      expect(chunkStartMs(c)).toBe(c.cutStartMs);
      expect(chunkEndMs(c)).toBe(c.cutEndMs);
    }
  });

  it('prefers a long pause a little further away over a breath right at the target', () => {
    const levels = timeline([[29.9, SPEECH], [0.2, PAUSE], [4.9, SPEECH], [1.2, PAUSE], [30, SPEECH]]);
    const plan = planChunks(samplesOf(levels), levels, policy);
    const cut = plan.chunks[1]?.cutStartMs ?? 0;
    expect(cut).toBeGreaterThan(35_000);
    expect(cut).toBeLessThan(36_200);
  });

  it('cuts inside speech only when there is no pause, and then the neighbours overlap', () => {
    const levels = timeline([[60, SPEECH]]);
    const plan = planChunks(samplesOf(levels), levels, policy);
    expect(plan.chunks.length).toBe(2);
    const [first, second] = plan.chunks as [NonNullable<(typeof plan.chunks)[0]>, NonNullable<(typeof plan.chunks)[0]>];
    expect(first.cutEndMs).toBe(30_000);
    expect(chunkEndMs(first)).toBe(31_000);
    expect(chunkStartMs(second)).toBe(29_000);
    expect(second.cutStartMs).toBe(30_000);
  });

  it('covers the audio from the first sample to the last, and a short file is one chunk', () => {
    const long = timeline(Array.from({ length: 40 }, (_, i): [number, number] => [i % 2 === 0 ? 7.3 : 0.3, i % 2 === 0 ? SPEECH : PAUSE]));
    const plan = planChunks(samplesOf(long) + 7, long, policy);
    expect(plan.chunks[0]?.startSample).toBe(0);
    expect(plan.chunks.at(-1)?.endSample).toBe(samplesOf(long) + 7);
    for (let i = 1; i < plan.chunks.length; i++) expect(plan.chunks[i]?.cutStartMs).toBe(plan.chunks[i - 1]?.cutEndMs);
    // No chunk is longer than target + window.
    for (const c of plan.chunks) expect(c.cutEndMs - c.cutStartMs).toBeLessThanOrEqual(38_000);

    const short = timeline([[37, SPEECH]]);
    expect(planChunks(samplesOf(short), short, policy).chunks).toHaveLength(1);
  });

  it('adapts the pause threshold to the recording: a noisy floor still has pauses', () => {
    // Speech at −18 dBFS over a −50 dBFS room tone.
    const levels = timeline([[28, -18], [0.6, -50], [28, -18], [0.6, -50], [28, -18]]);
    const plan = planChunks(samplesOf(levels), levels, policy);
    expect(plan.chunks.length).toBe(3);
    expect(plan.chunks[1]?.cutStartMs).toBeGreaterThan(28_000);
    expect(plan.chunks[1]?.cutStartMs).toBeLessThan(28_600);
  });
});

describe('EnergyMeter', () => {
  it('measures the same levels however the PCM is split into buffers, odd splits included', () => {
    const pcm = Buffer.alloc(16_000 * 2);
    for (let i = 0; i < 16_000; i++) pcm.writeInt16LE(i < 8000 ? Math.round(8000 * Math.sin(i / 5)) : 0, i * 2);
    const whole = new EnergyMeter();
    whole.push(pcm);
    const pieces = new EnergyMeter();
    for (let at = 0; at < pcm.length; at += 333) pieces.push(pcm.subarray(at, Math.min(pcm.length, at + 333)));
    const a = whole.finish();
    const b = pieces.finish();
    expect(a.length).toBe(50);
    expect(Array.from(b)).toEqual(Array.from(a));
    expect(a[0]).toBeGreaterThan(-20);
    expect(a[49]).toBe(-100);
  });
});
