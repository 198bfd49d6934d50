// The oldest Node the built CLI runs on is package.json's `engines.node` (one place for the
// number): electron-vite writes this check as the first statement of out/main/cli.js, before the
// bundle's first require, because on an older Node a dependency throws while loading (undici 8
// needs 22.19; the compact store's zstd needs 22.15) and the person sees a stack instead of a
// sentence. Node ≥ 22.19 was checked with 22.23 (README, "Installing the CLI").

/** `>=22.19` or `>=22.19.0` → [22, 19, 0]; anything else is refused, so the check cannot silently go. */
export function minimumNode(range: string): [number, number, number] {
  const m = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range.trim());
  if (m === null) throw new Error(`engines.node must be of the form ">=MAJOR.MINOR", not ${JSON.stringify(range)}`);
  return [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
}

/** JavaScript that exits with a sentence on a Node older than `range` allows. */
export function nodeVersionCheck(range: string): string {
  const [major, minor, patch] = minimumNode(range);
  const shown = patch === 0 ? `${major}.${minor}` : `${major}.${minor}.${patch}`;
  const sentence = `transcript-desk needs Node ${shown} or later; this is Node `;
  const advice = '. Install a newer Node, or run it from a checkout with npm run (which uses the Node 24 of node_modules).\\n';
  return [
    '{',
    `  const have = process.versions.node.split('.').map(Number), need = [${major}, ${minor}, ${patch}];`,
    '  const older = have[0] !== need[0] ? have[0] < need[0] : have[1] !== need[1] ? have[1] < need[1] : have[2] < need[2];',
    `  if (older) { process.stderr.write(${JSON.stringify(sentence)} + process.versions.node + '${advice}'); process.exit(1); }`,
    '}',
  ].join('\n');
}
