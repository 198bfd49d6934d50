// scripts/setup-tests.sh, the set-up half of `npm run test:fresh` (and of .ci/run): which system
// packages it installs and how (as root, else through sudo), and that it ends with `npm ci`. Run
// with --dry-run and a stand-in dpkg-query, so the test changes nothing on the machine.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = resolve(__dirname, '../../scripts/setup-tests.sh');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A PATH holding only the tools the script uses, plus the given stand-ins. */
function fakePath(standIns: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'td-setup-'));
  dirs.push(dir);
  for (const tool of ['bash', 'grep', 'dirname', 'env']) symlinkSync(`/usr/bin/${tool}`, join(dir, tool));
  for (const [name, body] of Object.entries(standIns)) {
    writeFileSync(join(dir, name), `#!/usr/bin/bash\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

/** dpkg-query that reports every package installed except `missing`. */
const dpkgWithout = (...missing: string[]) => `case " ${missing.join(' ')} " in *" $3 "*) exit 1;; esac; printf 'install ok installed'`;

function dryRun(path: string, args = ['--dry-run']) {
  const result = spawnSync('/usr/bin/bash', [SCRIPT, ...args], { env: { PATH: path }, encoding: 'utf8' });
  return { code: result.status, out: result.stdout + result.stderr };
}

describe('scripts/setup-tests.sh', () => {
  it('on a machine that has every package: installs nothing, runs npm ci', () => {
    const { code, out } = dryRun(fakePath({ 'dpkg-query': dpkgWithout(), id: 'echo 1000', sudo: 'exit 99' }));
    expect(code).toBe(0);
    expect(out).toContain('system packages: all 13 present');
    expect(out).not.toContain('apt-get');
    expect(out.trim().split('\n').at(-1)).toBe('setup: would run: npm ci --no-audit --no-fund');
  });

  it('installs exactly the missing packages, through sudo when not root, before npm ci', () => {
    const { code, out } = dryRun(fakePath({ 'dpkg-query': dpkgWithout('chromium', 'libsecret-1-dev'), id: 'echo 1000', sudo: 'exit 99' }));
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines).toEqual([
      'setup: installing libsecret-1-dev chromium',
      'setup: would run: sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q',
      'setup: would run: sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends libsecret-1-dev chromium',
      'setup: would run: npm ci --no-audit --no-fund',
    ]);
  });

  it('as root, apt-get runs without sudo', () => {
    const { out } = dryRun(fakePath({ 'dpkg-query': dpkgWithout('ffmpeg'), id: 'echo 0' }));
    expect(out).toContain('setup: would run: env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ffmpeg');
  });

  it('not root and no sudo: stops and says what to run as root', () => {
    // Not a dry run: the script must stop before it changes anything (sox is missing, npm ci never runs).
    const result = spawnSync('/usr/bin/bash', [SCRIPT], { env: { PATH: fakePath({ 'dpkg-query': dpkgWithout('sox'), id: 'echo 1000' }) }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('not root and no sudo: run as root: env DEBIAN_FRONTEND=noninteractive apt-get update -q');
  });

  it('without dpkg (not Debian or Ubuntu) it names the packages to install', () => {
    const { out } = dryRun(fakePath({ id: 'echo 1000' }));
    expect(out).toContain('this is not Debian or Ubuntu (no dpkg)');
    expect(out).toContain('chromium');
  });

  it('refuses an unknown option', () => {
    expect(dryRun(fakePath({}), ['--yes']).code).toBe(2);
  });
});
