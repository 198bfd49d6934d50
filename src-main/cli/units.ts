// Sizes and durations as a person types them on the command line.
import { InvalidArgumentError } from 'commander';
import { CACHE_MIN_BYTES } from '#shared/settings';

/** Decimal units, as disks and `ls -lh --si` count (1 MB = 1,000,000 bytes); binary ones spelled KiB, MiB, GiB. */
const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40 };

/** `8000000`, `8MB`, `8 MB`, `1.5GB`, `512MiB` → bytes. */
export function byteSize(value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = BYTE_UNITS[(m?.[2] ?? '').toLowerCase() || 'b'];
  const bytes = m === null || unit === undefined ? NaN : Math.round(Number(m[1]) * unit);
  if (!Number.isSafeInteger(bytes)) throw new InvalidArgumentError('expected a size such as 500000000, 500MB or 2GB');
  return bytes;
}

const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** `90d`, `12h`, `2w`, `30m` → milliseconds; a unit is required, so `90` is never taken for 90 ms. */
export function duration(value: string): number {
  const m = /^\s*(\d+)\s*([mhdw])\s*$/i.exec(value);
  if (m === null) throw new InvalidArgumentError('expected a duration such as 90d, 12h, 2w or 30m');
  return Number(m[1]) * (DURATION_UNITS[(m[2] as string).toLowerCase()] as number);
}

/** 12,345,678 → "12.3 MB" (decimal units, like byteSize). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit] as string}`;
}

/** A cache limit: a byte size no smaller than the cache.maxBytes setting allows. */
export function cacheSize(value: string): number {
  const bytes = byteSize(value);
  if (bytes < CACHE_MIN_BYTES) throw new InvalidArgumentError(`expected at least ${formatBytes(CACHE_MIN_BYTES)}, or the cache would evict a long transcript right after fetching it`);
  return bytes;
}
