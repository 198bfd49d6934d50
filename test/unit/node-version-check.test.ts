// The built CLI's first statement (scripts/nodeVersionCheck.ts), run against versions of Node it
// cannot be run on here: it lets through exactly what package.json's engines.node allows.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { minimumNode, nodeVersionCheck } from '../../scripts/nodeVersionCheck';

const { engines } = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };

/** Runs the check as a Node of `version` would: what it wrote, and whether it exited. */
function check(version: string): { exited: number | undefined; said: string } {
  let said = '';
  let exited: number | undefined;
  const fakeProcess = { versions: { node: version }, stderr: { write: (text: string) => (said += text) }, exit: (code: number) => void (exited = code) };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the very text the bundle starts with
  const run = new Function('process', nodeVersionCheck(engines.node)) as (process: typeof fakeProcess) => void;
  run(fakeProcess);
  return { exited, said };
}

describe('the built CLI’s Node version check', () => {
  it('reads engines.node', () => {
    expect(minimumNode(engines.node)).toEqual([22, 19, 0]);
    expect(() => minimumNode('^22.19')).toThrow(/engines.node must be of the form/);
  });

  it.each(['22.19.0', '22.23.3', '23.0.0', '24.21.0', '26.1.0'])('lets Node %s run', (version) => {
    expect(check(version)).toEqual({ exited: undefined, said: '' });
  });

  it.each(['20.20.2', '21.99.0', '22.18.9', '22.9.0', '18.20.8'])('stops Node %s with a sentence', (version) => {
    expect(check(version)).toEqual({ exited: 1, said: `transcript-desk needs Node 22.19 or later; this is Node ${version}. Install a newer Node, or run it from a checkout with npm run (which uses the Node 24 of node_modules).\n` });
  });
});
