// A download that breaks off while its file is being written must fail that one item, not the
// server: Node reports a write that was in flight when the file stream is destroyed as an 'error'
// event later, which is an uncaught exception unless someone listens (seen on a one-core CI run of
// the model download test).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const probe = (way: 'abandon' | 'keep') =>
  spawnSync(process.execPath, ['--import', 'tsx', 'test/helpers/abandonProbe.ts', way], { encoding: 'utf8', timeout: 60_000 });

describe('giving up a file that is being written', () => {
  it.each(['abandon', 'keep'] as const)('%s: no error escapes as an uncaught exception, whenever it happens', (way) => {
    const run = probe(way);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('uncaught 0\n');
  });
});
