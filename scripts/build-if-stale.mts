// `npm run serve`'s pre-step: builds (electron-vite build, about 1 s) when the built CLI is missing
// or older than any source or build input, so a fresh checkout serves after `npm ci` alone and a
// `git pull` is picked up, while an up-to-date build starts at once and is not rewritten under a
// running server or a test that reads out/. The build's own output goes to stderr: stdout stays
// the server's. Run by Node itself (type stripping), so nothing but node: modules here.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BUILT = join(ROOT, 'out', 'main', 'cli.js');
const INPUTS = ['src-main', 'src-shared', 'src-preload', 'src-renderer', 'package.json', 'package-lock.json', 'electron.vite.config.ts', 'scripts/nodeVersionCheck.ts', 'tsconfig.json', 'tsconfig.web.json'];

/** The newest modification time under `path` (a file or a folder), in ms. */
function newest(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (info === undefined) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), info.mtimeMs);
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
const changedAt = Math.max(...INPUTS.map((input) => newest(join(ROOT, input))));
if (changedAt > builtAt) {
  process.stderr.write(builtAt === 0 ? 'Building the app (out/ is missing)…\n' : 'Building the app (sources changed since the last build)…\n');
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.error !== undefined) throw build.error;
  process.exitCode = build.status ?? 1;
}
