// Runs `export.run` into each folder named on the command line, on a desk over a fresh data home,
// and prints one JSON line per answer with how long it took; then proves the process still answers
// another operation. Run as a child process (spawnTs) because an export that never returns blocks
// the whole event loop: only a process the test can SIGKILL keeps vitest itself alive.
// Usage: node --import tsx test/helpers/exportProbe.ts <home> <folder>...
import { performance } from 'node:perf_hooks';
import { openTestDesk } from './desk';

async function main(): Promise<void> {
  const [home, ...folders] = process.argv.slice(2);
  if (home === undefined) throw new Error('usage: exportProbe.ts <home> <folder>...');
  // No upstream traffic happens here (the queue is empty); the discard port keeps it that way.
  const t = await openTestDesk(home, 'http://127.0.0.1:9');
  try {
    for (const folder of folders) {
      const started = performance.now();
      const result = await t.raw('export.run', { scope: { kind: 'queue' }, format: 'txt', folder });
      process.stdout.write(`${JSON.stringify({ folder, result, ms: performance.now() - started })}\n`);
    }
    const after = await t.raw('settings.get', {});
    process.stdout.write(`${JSON.stringify({ stillAnswers: after.ok })}\n`);
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
