// vitest's global setup: the tests run the CLI as its users do, the bundle out/main/cli.js (plain
// node, no TypeScript loader), so it is built first when missing or older than the sources
// (scripts/build-if-stale.mts, the same step `npm run serve` and `npm run cli` take; about a
// second when the build is current). `npm test` has just built it.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function buildCliIfStale(): void {
  const root = resolve(import.meta.dirname, '../..');
  const build = spawnSync(process.execPath, [resolve(root, 'scripts/build-if-stale.mts')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error('building out/main/cli.js failed (scripts/build-if-stale.mts)');
}
