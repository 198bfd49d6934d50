// serve restarts itself once with a semi-space size (src-main/cli/serverHeap.ts says why): the
// command lines it restarts with, and when it leaves a process alone.
import { describe, expect, it } from 'vitest';
import { argvWithSemiSpace, SEMI_SPACE_FLAG } from '../../src-main/cli/serverHeap';

const script = ['/usr/bin/node', '/app/out/main/cli.js', 'serve', '--port', '0'];

describe('argvWithSemiSpace', () => {
  it('puts the flag first and keeps the node options, the script and its arguments in order', () => {
    expect(SEMI_SPACE_FLAG).toBe('--max-semi-space-size=16');
    expect(argvWithSemiSpace(['--import', 'tsx'], script, undefined)).toEqual([SEMI_SPACE_FLAG, '--import', 'tsx', '/app/out/main/cli.js', 'serve', '--port', '0']);
  });

  it('leaves a process that already has a size alone: ours after the restart, or one the operator chose', () => {
    expect(argvWithSemiSpace([SEMI_SPACE_FLAG, '--import', 'tsx'], script, undefined)).toBeUndefined();
    expect(argvWithSemiSpace(['--max_semi_space_size=64'], script, undefined)).toBeUndefined();
    expect(argvWithSemiSpace(['--max-semi-space-size', '32'], script, undefined)).toBeUndefined();
    expect(argvWithSemiSpace([], script, '--enable-source-maps --max-semi-space-size=32')).toBeUndefined();
  });

  it('is not fooled by flags that only share a prefix', () => {
    expect(argvWithSemiSpace(['--max-semi-space-size-x=1'], script, '--max-old-space-size=4096')).toEqual([SEMI_SPACE_FLAG, '--max-semi-space-size-x=1', '/app/out/main/cli.js', 'serve', '--port', '0']);
  });
});
