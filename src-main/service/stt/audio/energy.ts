// Loudness of the decoded audio in short frames, computed while the PCM streams past: the chunker
// uses it to move cut points into pauses. One number per 20 ms is 180,000 floats for an hour.
export const FRAME_MS = 20;
const FRAME_SAMPLES = (16_000 * FRAME_MS) / 1000;

export class EnergyMeter {
  private levels = new Float32Array(4096);
  private count = 0;
  private sum = 0;
  private inFrame = 0;
  /** An odd byte left over from the last buffer (a sample split across two pipe reads). */
  private carry: number | undefined;

  push(pcm: Buffer): void {
    let offset = 0;
    if (this.carry !== undefined && pcm.length > 0) {
      this.addSample(((pcm[0] as number) << 8) | this.carry);
      this.carry = undefined;
      offset = 1;
    }
    const end = offset + Math.floor((pcm.length - offset) / 2) * 2;
    for (let i = offset; i < end; i += 2) this.addSample(pcm.readInt16LE(i));
    if (end < pcm.length) this.carry = pcm[end];
  }

  /** Frame levels in dBFS (−100 for digital silence); a partial last frame counts as a frame. */
  finish(): Float32Array {
    if (this.inFrame > 0) this.closeFrame();
    return this.levels.slice(0, this.count);
  }

  private addSample(raw: number): void {
    // Two's complement from the byte pair; readInt16LE already did that for whole samples.
    const s = raw > 0x7fff ? raw - 0x10000 : raw;
    this.sum += s * s;
    if (++this.inFrame === FRAME_SAMPLES) this.closeFrame();
  }

  private closeFrame(): void {
    const meanSquare = this.sum / this.inFrame / (32768 * 32768);
    const db = meanSquare > 1e-10 ? 10 * Math.log10(meanSquare) : -100;
    if (this.count === this.levels.length) {
      const grown = new Float32Array(this.levels.length * 2);
      grown.set(this.levels);
      this.levels = grown;
    }
    this.levels[this.count++] = db;
    this.sum = 0;
    this.inFrame = 0;
  }
}
