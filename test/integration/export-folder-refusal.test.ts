// Issue 13 item 8: typing `/proc/nope` as the export folder froze the whole server at 100% CPU.
// Against a real `serve --ui` over loopback: a folder in /proc, and one under a folder this server
// may not write into, are refused with a sentence, and a balance request sent alongside answers.
// The 1 s limits are hang guards on the refusal (the old server never answered), not speed checks.
//
// Needs the built renderer (`npm run build`; `npm test` builds before vitest), as serve --ui does.
// Run as root, a mode-0555 folder does not stop the server (root writes anywhere), so the server
// then runs as `nobody`, as it would for a user: the read-only folder is read-only to it. Where
// `nobody` cannot reach this checkout (a clone under a private 0700 folder), the server stays root
// and only the read-only case is skipped, saying why.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HTTP_SESSION_HEADER, HTTP_SESSION_PATH } from '#shared/contract/desk';
import { BUILT_CLI, waitForOutput } from '../helpers/cli';
import { CLI_RUN_GUARD_MS } from '../helpers/guards';
import { killGroup, trackGroup } from '../helpers/processes';

const ROOT = resolve(__dirname, '../..');
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
/** Whether `nobody` can run this checkout's CLI: read its files and the Node binary on their paths. */
const nobodyCanRun = () => spawnSync(process.execPath, ['-e', 'require("node:fs").accessSync(process.argv[1])', BUILT_CLI], { cwd: ROOT, uid: NOBODY, gid: NOBODY, stdio: 'ignore' }).status === 0;
const asNobody = asRoot && nobodyCanRun();
/** Root writes into a 0555 folder, so the read-only case means something only to another user. */
const readOnlyMeaningful = !asRoot || asNobody;
if (!readOnlyMeaningful) console.warn('export-folder-refusal: the read-only-folder case is skipped: the tests run as root and the user nobody cannot reach this checkout, and root writes into any folder');

let home: string;
let origin: string;
let ownerKey: string;
let token: string;
let pid: number;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'td-export-refusal-'));
  mkdirSync(join(home, 'locked'));
  if (asNobody) {
    chownSync(home, NOBODY, NOBODY);
    chownSync(join(home, 'locked'), NOBODY, NOBODY);
  }
  chmodSync(join(home, 'locked'), 0o555);
  const child = spawn(process.execPath, [BUILT_CLI, 'serve', '--ui', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_UPSTREAM: 'http://127.0.0.1:9', HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  trackGroup(child);
  pid = child.pid as number;
  const { match: loginUrl } = await waitForOutput(child, /desk: (http:\/\/\S+)/, 'serve --ui');
  origin = new URL(loginUrl).origin;
  ownerKey = readFileSync(join(home, 'owner-key'), 'utf8').trim();
  const login = new URL(loginUrl).hash.replace(/^#login=/, '');
  const session = await fetch(`${origin}${HTTP_SESSION_PATH}`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ login }) });
  token = ((await session.json()) as { value: { token: string } }).value.token;
}, CLI_RUN_GUARD_MS);

afterAll(() => {
  killGroup(pid);
  rmSync(home, { recursive: true, force: true });
});

const exportTo = (folder: string) =>
  fetch(`${origin}/app/rpc/export.run`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', [HTTP_SESSION_HEADER]: token },
    body: JSON.stringify({ scope: { kind: 'queue' }, format: 'txt', folder }),
    signal: AbortSignal.timeout(1000),
  }).then((r) => r.json() as Promise<{ ok: boolean; error?: { code: string; message: string } }>);

const balance = () => fetch(`${origin}/api/balance`, { headers: { authorization: `Bearer ${ownerKey}` }, signal: AbortSignal.timeout(1000) });

it.each([
  ['/proc/nope', /\/proc\/nope is inside \/proc, a system folder/],
  ['/proc/self/x/y', /inside \/proc, a system folder/],
  ['/sys/kernel/nope', /inside \/sys, a system folder/],
  ['/dev/null/x', /inside \/dev, a system folder/],
])('refuses %s at once while the server keeps answering', async (folder, message) => {
  const [refusal, answer] = await Promise.all([exportTo(folder), balance()]);
  expect(refusal).toEqual({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(message) as string } });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ credits: expect.any(Number) as number });
});

it.skipIf(!readOnlyMeaningful)('refuses a folder under a read-only folder, and creates nothing there', async () => {
  const folder = join(home, 'locked', 'exports', 'today');
  const [refusal, answer] = await Promise.all([exportTo(folder), balance()]);
  expect(refusal).toEqual({ ok: false, error: { code: 'invalid_input', message: `The export folder ${folder} cannot be created: ${join(home, 'locked')} is not writable by this app` } });
  expect(answer.status).toBe(200);
  expect(existsSync(join(home, 'locked', 'exports'))).toBe(false);
});

it('refuses a relative folder, and exports into a creatable one', async () => {
  expect(await exportTo('exports/today')).toMatchObject({ ok: false, error: { code: 'invalid_input', message: 'The export folder must be a full path (got "exports/today")' } });
  const folder = join(home, 'fresh', 'exports');
  expect(await exportTo(folder)).toEqual({ ok: true, value: { folder, zipFile: null, files: [], skipped: [], folded: 0, replaced: 0 } });
  expect(existsSync(folder)).toBe(true);
});
