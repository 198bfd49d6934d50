// npm run bench:scale: every file in bench/scale/, one after the other, each in its own process
// (a file's ledger and heap do not weigh on the next one's curve).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const folder = join(import.meta.dirname, 'scale');
let failed = 0;
for (const file of readdirSync(folder).filter((f) => /\.m?ts$/.test(f)).sort()) {
  console.log(`\n== bench/scale/${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(folder, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
