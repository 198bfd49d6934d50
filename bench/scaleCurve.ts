// What every bench/scale file prints: one line per measured lookup, its time at each size and the
// ratio of the largest size's time to the smallest's (flat ≈ 1; linear ≈ the ratio of the sizes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The median of `runs` timed calls, in milliseconds (after one untimed call to warm statements and pages). */
export async function medianMs(fn: (run: number) => unknown, runs = 15): Promise<number> {
  await fn(-1);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    await fn(run);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export type Curve = Map<string, number[]>;

export function record(curve: Curve, what: string, ms: number): void {
  curve.set(what, [...(curve.get(what) ?? []), ms]);
}

const ms = (v: number) => (v < 1 ? `${(v * 1000).toFixed(0)} µs` : `${v.toFixed(v < 10 ? 2 : 0)} ms`);

export function printCurve(title: string, sizes: readonly number[], unit: string, curve: Curve): void {
  const label = (n: number) => `${n.toLocaleString('en')} ${unit}`;
  console.log(`\n${title}`);
  console.log(`${''.padEnd(44)}${sizes.map((n) => label(n).padStart(18)).join('')}   largest ÷ smallest (sizes ×${((sizes.at(-1) as number) / (sizes[0] as number)).toFixed(0)})`);
  for (const [what, times] of curve) {
    const ratio = (times.at(-1) as number) / (times[0] as number);
    console.log(`${what.padEnd(44)}${times.map((t) => ms(t).padStart(18)).join('')}   ${ratio.toFixed(2)}`);
  }
}

/** Measures each size in turn into one curve, then prints it: every bench/scale file's main. */
export async function runScale(title: string, unit: string, sizesToRun: readonly number[], measure: (size: number, curve: Curve) => Promise<void>): Promise<void> {
  const curve: Curve = new Map();
  for (const size of sizesToRun) await measure(size, curve);
  printCurve(title, sizesToRun, unit, curve);
}

/** A fresh folder for one size's ledger file, removed by the returned function. */
export function scratch(name: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `td-scale-${name}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Sizes from BENCH_SCALE_SIZES (comma-separated) or the defaults. */
export function sizes(defaults: readonly number[]): number[] {
  const given = process.env.BENCH_SCALE_SIZES;
  return given === undefined ? [...defaults] : given.split(',').map(Number);
}
