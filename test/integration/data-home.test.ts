// The data home as a user finds it on disk: private to its owner (F8), refused when damaged or
// emptied instead of failing later or starting over (F10), and copied safely by `backup` (F10).
import { chmodSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerFile, ownerKeyFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { createKey, runCli, startServer, type ServerProcess } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { call } from '../helpers/http';

let base: ReturnType<typeof tempHome>;
/** A data home that does not exist yet: the CLI creates it. */
let home: string;
let server: ServerProcess | undefined;

beforeEach(() => {
  base = tempHome();
  home = join(base.dir, 'home');
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  base.remove();
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('F8: the data home is private', { timeout: cliGuardMs(3) }, () => {
  it('a fresh home is 0700 and the ledger, its -wal and -shm and owner-key are 0600', async () => {
    const listed = await runCli(home, ['keys', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(modeOf(home)).toBe('700');
    expect(modeOf(ledgerFile(home))).toBe('600');
    expect(modeOf(ownerKeyFile(home))).toBe('600');

    // The -wal and -shm files exist while a server holds the ledger open.
    server = await startServer(home);
    expect(modeOf(`${ledgerFile(home)}-wal`)).toBe('600');
    expect(modeOf(`${ledgerFile(home)}-shm`)).toBe('600');
  });

  it('an existing home readable by others is tightened to 0700', async () => {
    mkdirSync(home);
    chmodSync(home, 0o755);
    expect((await runCli(home, ['keys', 'list'])).code).toBe(0);
    expect(modeOf(home)).toBe('700');
  });
});

/** Overwrites the b-tree page header of `table`'s root page: the damage `PRAGMA quick_check` finds. */
function damageRootPage(file: string, table: string): void {
  const db = new Database(file, { readonly: true });
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as { rootpage: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(12, 0xff), 0, 12, (rootpage - 1) * pageSize);
  closeSync(fd);
}

describe('F10: a damaged or lost ledger is refused at start', { timeout: cliGuardMs(4) }, () => {
  it('damaged pages: the CLI exits 1 with one line naming the file and the backup, and changes nothing', async () => {
    expect((await runCli(home, ['keys', 'list'])).code).toBe(0);
    // A cache page that `keys list` itself never reads: before the check, the command went on as if nothing were wrong.
    const ledger = Ledger.open(ledgerFile(home));
    for (let i = 0; i < 40; i++) {
      ledger.cache.put({ platform: 'longform', canonicalKey: `vid${String(i).padStart(8, '0')}`, sourceUrl: 'https://youtu.be/x', title: null, body: { transcript: 'words '.repeat(100) }, text: 'words', segments: null });
    }
    ledger.close();
    damageRootPage(ledgerFile(home), 'transcripts');
    const before = readFileSync(ledgerFile(home));

    const result = await runCli(home, ['keys', 'list']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(ledgerFile(home));
    expect(result.stderr).toMatch(/damaged/);
    expect(result.stderr).toContain('transcript-desk backup');
    expect(readFileSync(ledgerFile(home)).equals(before)).toBe(true);
  });

  it.each(['emptied', 'deleted'] as const)('the ledger %s, owner-key still there: refused, owner-key kept; moving owner-key away starts fresh', async (loss) => {
    expect((await runCli(home, ['keys', 'list'])).code).toBe(0);
    const ownerKey = readFileSync(ownerKeyFile(home), 'utf8');
    if (loss === 'emptied') truncateSync(ledgerFile(home), 0);
    else rmSync(ledgerFile(home));

    const refused = await runCli(home, ['keys', 'list']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain(ledgerFile(home));
    expect(refused.stderr).toContain(ownerKeyFile(home));
    expect(readFileSync(ownerKeyFile(home), 'utf8')).toBe(ownerKey);
    // Refused again on the next start: the refusal left no owner behind.
    expect((await runCli(home, ['keys', 'list'])).code).toBe(1);

    // The way out the message gives: move owner-key away, and a new owner is created.
    renameSync(ownerKeyFile(home), join(base.dir, 'old-owner-key'));
    const fresh = await runCli(home, ['keys', 'list']);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toMatch(/pro\s+1000 credits\s+active\s+owner/);
    expect(readFileSync(ownerKeyFile(home), 'utf8')).not.toBe(ownerKey);
  });
});

describe('F10: transcript-desk backup', { timeout: cliGuardMs(8) }, () => {
  it('copies the ledger while a server holds it open, writes 0600, never overwrites, and the copy restores', async () => {
    const key = await createKey(home, { plan: 'plus', credits: 30 });
    server = await startServer(home);
    // Writes by two processes that are still in the WAL, not yet in the ledger file itself.
    expect((await runCli(home, ['credits', 'grant', key.prefix, '12'])).code).toBe(0);
    const balance = await call(server.url, 'GET', '/api/balance', { key: key.key });
    expect(balance.body).toEqual({ credits: 42, plan: 'plus' });
    expect(statSync(`${ledgerFile(home)}-wal`).size).toBeGreaterThan(0);

    const copy = join(base.dir, 'ledger-copy.sqlite');
    const backup = await runCli(home, ['backup', copy]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(copy);
    expect(modeOf(copy)).toBe('600');
    // One self-contained file: nothing beside it to forget when it is moved.
    expect(existsSync(`${copy}-wal`)).toBe(false);
    const db = new Database(copy, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    // Never over an existing file, even its own copy.
    const copied = readFileSync(copy);
    const again = await runCli(home, ['backup', copy]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
    expect(readFileSync(copy).equals(copied)).toBe(true);

    // The restore README describes: the copy in place of the ledger, owner-key kept.
    await server.stop();
    server = undefined;
    const restored = join(base.dir, 'restored');
    mkdirSync(restored, { mode: 0o700 });
    copyFileSync(copy, ledgerFile(restored));
    copyFileSync(ownerKeyFile(home), ownerKeyFile(restored));
    const after = await runCli(restored, ['balance', key.prefix, '--json']);
    expect(after.code, after.stderr).toBe(0);
    expect(JSON.parse(after.stdout)).toEqual({ credits: 42, plan: 'plus' });
    expect(after.stderr).toBe(''); // the same owner, not a new one
  });

  it('refuses without a ledger to copy, and says where it looked', async () => {
    const result = await runCli(home, ['backup', join(base.dir, 'copy.sqlite')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(ledgerFile(home));
    expect(existsSync(join(base.dir, 'copy.sqlite'))).toBe(false);
    expect(existsSync(home)).toBe(false);
  });
});
