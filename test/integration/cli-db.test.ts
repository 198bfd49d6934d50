// db stats | prune | vacuum, the cache.maxBytes setting from the CLI, and serve --cache-max-bytes.
import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { longformBody } from '#service/platforms/youtube/shape';
import { parseForPlatform } from '#shared/url/parse';
import { runCli, spawnCli, waitForOutput } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { killGroup } from '../helpers/processes';
import { post } from '../helpers/http';
import { realLengthCues } from '../upstream/realLength';
import { startFixtureUpstream } from '../upstream/server';

let home: ReturnType<typeof tempHome>;
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.remove());

const DAY = 86_400_000;

/** A talk of real length cached as the service caches it, last used `daysAgo` days ago. */
function cacheTalk(ledger: Ledger, id: string, daysAgo: number, title: string): void {
  const item = parseForPlatform('longform', `https://www.youtube.com/watch?v=${id}`);
  if (!item.ok) throw new Error(item.reason);
  const segments = realLengthCues(id).map((c) => ({ text: c.text, startMs: c.startMs, endMs: c.startMs + c.durationMs }));
  ledger.cache.put({ platform: 'longform', canonicalKey: id, sourceUrl: item.normalizedUrl, title, body: longformBody(item, id, 'English', [], segments), text: segments.map((s) => s.text).join('\n'), segments });
  ledger.db.prepare('UPDATE transcripts SET used_at = ? WHERE canonical_key = ?').run(Date.now() - daysAgo * DAY, id);
}

interface Stats {
  transcripts: number;
  kept: number;
  cacheBytes: number;
  limitBytes: number | null;
  fileBytes: number;
  walBytes: number;
  rows: Record<string, number>;
}

const statsOf = async (dir: string): Promise<Stats> => {
  const result = await runCli(dir, ['db', 'stats', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Stats;
};

describe('transcript-desk db', { timeout: cliGuardMs(10) }, () => {
  it('stats, a dry-run prune, a real prune that spares kept and recent transcripts, and vacuum giving the space back', async () => {
    const ledger = Ledger.open(ledgerFile(home.dir));
    try {
      for (let i = 0; i < 40; i++) cacheTalk(ledger, `realOld${String(i).padStart(4, '0')}`, 120, `Old talk ${i}`);
      cacheTalk(ledger, 'realKept000', 200, 'Kept talk');
      ledger.cache.keep('longform', 'realKept000');
      cacheTalk(ledger, 'realNew0000', 1, 'New talk');
    } finally {
      ledger.close();
    }

    const before = await statsOf(home.dir);
    expect(before).toMatchObject({ transcripts: 42, kept: 1, limitBytes: 1_000_000_000 });
    expect(before.rows).toMatchObject({ transcripts: 42, transcript_records: 42, library_entries: 42 });
    expect(before.fileBytes + before.walBytes).toBeGreaterThanOrEqual(42 * 20_000);
    const text = await runCli(home.dir, ['db', 'stats']);
    expect(text.stdout).toMatch(/^transcripts\s+42 \(1 kept in the library\)$/m);
    expect(text.stdout).toMatch(/^cache\s+[\d.]+ (kB|MB) \(limit 1\.00 GB\)$/m);

    const dry = await runCli(home.dir, ['db', 'prune', '--older-than', '90d']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.split('\n').filter((l) => l.startsWith('longform  realOld'))).toHaveLength(40);
    expect(dry.stdout).not.toContain('realKept000');
    expect(dry.stdout).not.toContain('realNew0000');
    expect(dry.stdout).toMatch(/would remove 40 transcript\(s\), [\d.]+ [kM]B, not used since \d{4}-\d{2}-\d{2}; run again with --yes/);
    expect((await statsOf(home.dir)).transcripts).toBe(42);

    const pruned = await runCli(home.dir, ['db', 'prune', '--older-than', '90d', '--yes']);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(pruned.stdout).toMatch(/^removed 40 transcript\(s\)/);
    const after = await statsOf(home.dir);
    expect(after).toMatchObject({ transcripts: 2, kept: 1, walBytes: 0 });
    expect(after.rows).toMatchObject({ transcripts: 2, transcript_records: 2, library_entries: 2 });
    expect(after.cacheBytes).toBeLessThan(before.cacheBytes / 10);
    // Freed pages stay in the file for reuse …
    expect(after.fileBytes).toBeGreaterThan(before.cacheBytes / 2);

    // … until vacuum gives them back.
    const vacuum = await runCli(home.dir, ['db', 'vacuum']);
    expect(vacuum.code, vacuum.stderr).toBe(0);
    expect(vacuum.stdout).toMatch(/^ledger [\d.]+ [kM]B → [\d.]+ kB\n$/);
    const vacuumed = await statsOf(home.dir);
    expect(vacuumed.fileBytes + vacuumed.walBytes).toBeLessThan(after.fileBytes / 4);
    expect(statSync(ledgerFile(home.dir)).size).toBe(vacuumed.fileBytes);

    // What was left still reads back whole.
    const check = Ledger.open(ledgerFile(home.dir));
    try {
      expect(check.cache.get('longform', 'realNew0000')?.segments).toHaveLength(400);
      expect(check.library.search({ match: '"talk"', platform: null, from: null, to: null, limit: 10, offset: 0 }).rows.map((r) => r.title).sort()).toEqual(['Kept talk', 'New talk']);
    } finally {
      check.close();
    }
  });

  it('refuses a prune without a unit and a cache limit below 1 MB, and takes one in bytes or null', async () => {
    const noUnit = await runCli(home.dir, ['db', 'prune', '--older-than', '90']);
    expect(noUnit.code).toBe(1);
    expect(noUnit.stderr).toMatch(/expected a duration such as 90d/);
    const tiny = await runCli(home.dir, ['settings', 'set', 'cache.maxBytes', '500']);
    expect(tiny.code).toBe(1);
    expect(tiny.stderr).toMatch(/cache\.maxBytes/);
    expect((await runCli(home.dir, ['settings', 'set', 'cache.maxBytes', '8000000'])).stdout).toBe('cache.maxBytes = 8000000\n');
    expect((await statsOf(home.dir)).limitBytes).toBe(8_000_000);
    expect((await runCli(home.dir, ['settings', 'set', 'cache.maxBytes', 'null'])).stdout).toBe('cache.maxBytes = null\n');
    expect((await statsOf(home.dir)).limitBytes).toBeNull();
    const serveTiny = await runCli(home.dir, ['serve', '--port', '0', '--cache-max-bytes', '10kB']);
    expect(serveTiny.code).toBe(1);
    expect(serveTiny.stderr).toMatch(/--cache-max-bytes.*expected at least 1\.00 MB/);
  });

  it('serve --cache-max-bytes bounds the cache of that server whatever the setting says', async () => {
    const fixture = await startFixtureUpstream();
    const owner = (await runCli(home.dir, ['owner-key'])).stdout.trim();
    const child = spawnCli(['serve', '--port', '0', '--cache-max-bytes', '1MB'], { TRANSCRIPT_DESK_HOME: home.dir, TRANSCRIPT_DESK_UPSTREAM: fixture.url });
    try {
      const { match: url } = await waitForOutput(child, /listening on (http:\/\/\S+)/, 'serve');
      // 80 talks of ~22 kB each: nearly twice the limit.
      for (let i = 0; i < 80; i++) {
        const reply = await post(url, '/api/longform/transcript', owner, { url: `https://www.youtube.com/watch?v=realCap${String(i).padStart(4, '0')}` });
        expect(reply.status).toBe(200);
      }
      const stats = await statsOf(home.dir);
      // The setting (another process's view) still says 1 GB; the server kept its own limit.
      expect(stats.limitBytes).toBe(1_000_000_000);
      expect(stats.cacheBytes).toBeLessThanOrEqual(1_000_000);
      expect(stats.transcripts).toBeLessThan(60);
    } finally {
      killGroup(child.pid as number);
      await fixture.close();
    }
  });
});
