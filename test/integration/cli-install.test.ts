// The CLI as someone installs it: the build, `npm pack`, `npm install -g` of that tarball into a
// fresh prefix, then the installed `transcript-desk` run from a folder outside the checkout, so it
// can only find what the install put next to it. npm resolves the package's dependencies as for any
// installed package: from its cache when it has them (CI's `npm ci` filled it), else the registry.
// About 25 s here with a warm cache (README, "Installing the CLI").
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimumNode } from '../../scripts/nodeVersionCheck';
import { outputOf, type CliResult } from '../helpers/cli';
import { CLI_RUN_GUARD_MS } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { trackGroup } from '../helpers/processes';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

const ROOT = resolve(__dirname, '../..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string } };
/** The build, the pack and the install: a hang guard, not a target. */
const INSTALL_GUARD_MS = 240_000;

let work: string;
let prefix: string;
let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let tarballFiles: string[];
// npm and the installed command's `#!/usr/bin/env node` find this test's Node (24) first.
const PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;

/** Runs a program in its own process group, which is killed when it ends or the guard passes. */
function run(file: string, args: string[], env: NodeJS.ProcessEnv, guardMs: number, cwd = work): Promise<CliResult> {
  const child = spawn(file, args, { cwd, env: { ...process.env, PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  trackGroup(child);
  return outputOf(child, AbortSignal.timeout(guardMs));
}

const NPM_QUIET = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
const installed = (args: string[], env: NodeJS.ProcessEnv = {}) => run(join(prefix, 'bin', 'transcript-desk'), args, { TRANSCRIPT_DESK_HOME: home.dir, ...env }, CLI_RUN_GUARD_MS);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'td-cli-install-'));
  prefix = join(work, 'prefix');
  home = tempHome();
  fixture = await startFixtureUpstream();
  // The build `npm run serve` makes: only when out/ is older than the sources (a running test may be reading it).
  const build = await run(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.mts')], {}, INSTALL_GUARD_MS, ROOT);
  expect(build.code, build.stderr).toBe(0);
  const packed = await run('npm', ['pack', '--json', '--pack-destination', work], NPM_QUIET, INSTALL_GUARD_MS, ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  tarballFiles = (info?.files ?? []).map((f) => f.path);
  const started = performance.now();
  const install = await run('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', join(work, info?.filename ?? 'missing.tgz')], NPM_QUIET, INSTALL_GUARD_MS);
  expect(install.code, install.stderr).toBe(0);
  process.stdout.write(`cli-install: npm install -g of the tarball took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}, INSTALL_GUARD_MS * 3);

afterAll(async () => {
  await fixture?.close();
  home?.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('the packed and installed CLI', () => {
  it('packs the built JavaScript, not the sources', () => {
    expect(tarballFiles).toContain('out/main/cli.js');
    expect(tarballFiles).toContain('package.json');
    expect(tarballFiles.filter((f) => /^(src-|test\/|bench\/|scripts\/)/.test(f))).toEqual([]);
  });

  it('answers --version with the package version', async () => {
    expect(await installed(['--version'])).toEqual({ code: 0, stdout: `${PACKAGE.version}\n`, stderr: '' });
  });

  it(
    'gets a transcript from the fixture upstream into a fresh data home, as CSV',
    async () => {
      const result = await installed(['get', `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`, '--format', 'csv'], { TRANSCRIPT_DESK_UPSTREAM: fixture.url });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/Created the owner account/);
      expect(result.stderr).toMatch(/✓ YouTube .* → printed \(1 credit; 999 credits left\)/);
      // CSV rows end in CRLF (RFC 4180, papaparse's default).
      const [header, first] = result.stdout.split('\r\n');
      expect(header).toBe('start_ms,end_ms,start,end,text');
      expect(first).toMatch(/^\d+,\d+,\d\d:\d\d:\d\d\.\d{3},\d\d:\d\d:\d\d\.\d{3},.+/);
    },
    CLI_RUN_GUARD_MS,
  );

  // The system's own Node, when it is older than engines.node (Debian 12's is 20): the sentence, not a stack.
  const older = (() => {
    try {
      const version = execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).trim().slice(1);
      const [major = 0, minor = 0] = version.split('.').map(Number);
      const [needMajor, needMinor] = minimumNode(PACKAGE.engines.node);
      return major < needMajor || (major === needMajor && minor < needMinor) ? version : undefined;
    } catch {
      return undefined;
    }
  })();
  it.runIf(older !== undefined)(`refuses an older Node (${older ?? 'none here'}) with a sentence`, async () => {
    const result = await run('/usr/bin/node', [join(prefix, 'bin', 'transcript-desk'), '--version'], { TRANSCRIPT_DESK_HOME: home.dir }, CLI_RUN_GUARD_MS);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`transcript-desk needs Node 22.19 or later; this is Node ${older}. Install a newer Node, or run it from a checkout with npm run (which uses the Node 24 of node_modules).\n`);
  });
});
