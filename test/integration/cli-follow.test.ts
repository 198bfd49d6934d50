// `transcript-desk follow …` as a person runs it (the built CLI, a real data home, the fixture
// upstream): add with its settings, list, check (queues; `serve` fetches), pause, resume, remove;
// a feed that is gone is refused. Plain `serve` runs follows headless: the row a CLI check queued
// is fetched and lands on the follow.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { Follow } from '#shared/contract/sources';
import { runCli, startServer } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { createFollowFeed, episode, followFeedUrl, publishEpisode } from '../upstream/hosts/followFeeds';
import { prepareMedia } from '../upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  fixture = await startFixtureUpstream({ mediaDir: inject('speechCache') });
  env = { TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: '2000' };
});
afterAll(() => fixture.close());
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.remove());

const cli = async (args: string[]) => {
  const result = await runCli(home.dir, args, env);
  if (result.code !== 0) throw new Error(`follow ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result.stdout;
};
const listed = async () => (JSON.parse(await cli(['follow', 'list', '--json'])) as { follows: Follow[] }).follows;

describe('transcript-desk follow', { timeout: cliGuardMs(12) }, () => {
  it('adds with its settings, lists, checks (queueing what is new), pauses, resumes; serve fetches what was queued; remove ends it', async () => {
    const now = Date.now();
    createFollowFeed('cli', 'Terminal Talk', [episode('cli-1', 'Already There', now - 86_400_000)]);

    const added = JSON.parse(await cli(['follow', 'add', followFeedUrl('cli'), '--every', '2h', '--budget', '50', '--window', '22-6', '--since', '2026-01-01', '--backfill', '0', '--json'])) as { follow: Follow };
    expect(added.follow).toMatchObject({ source: { title: 'Terminal Talk' }, intervalMinutes: 120, monthlyBudget: 50, window: { startHour: 22, endHour: 6 }, since: Date.UTC(2026, 0, 1), backfill: 0, itemsKnown: 1, lastCheck: { seen: 1, newItems: 0, queued: 0 } });
    const id = added.follow.id;
    const table = await cli(['follow', 'list']);
    expect(table).toMatch(/^ID\s+STATUS\s+SOURCE\s+LAST CHECK\s+NEXT CHECK\s+UNSEEN\s+MESSAGE$/m);
    expect(table).toContain('Terminal Talk');

    await expect(runCli(home.dir, ['follow', 'add', followFeedUrl('cli')], env)).resolves.toMatchObject({ code: 1, stderr: expect.stringContaining('Terminal Talk is followed already') as unknown });
    await expect(runCli(home.dir, ['follow', 'add', followFeedUrl('nowhere')], env)).resolves.toMatchObject({ code: 1, stderr: expect.stringContaining('(not_found)') as unknown });
    await expect(runCli(home.dir, ['follow', 'add', followFeedUrl('cli'), '--every', '1m'], env)).resolves.toMatchObject({ code: 1, stderr: expect.stringContaining('between 5 minutes and 7 days') as unknown });

    expect(JSON.parse(await cli(['follow', 'pause', id, '--json']))).toMatchObject({ follow: { status: 'paused', paused: true, nextCheckAt: null } });
    expect(JSON.parse(await cli(['follow', 'resume', id, '--json']))).toMatchObject({ follow: { paused: false } });
    expect(await listed()).toMatchObject([{ id, paused: false }]);

    // A follow without the window, for the check and serve below.
    createFollowFeed('cli-open', 'Open Hours', []);
    const open = (JSON.parse(await cli(['follow', 'add', followFeedUrl('cli-open'), '--json'])) as { follow: Follow }).follow;
    publishEpisode('cli-open', episode('open-1', 'Fresh From The Terminal', Date.now()));
    const checked = await cli(['follow', 'check', open.id]);
    expect(checked).toContain('1 items in the source, 1 new, 1 queued');
    expect(checked).toContain('the desktop app or `transcript-desk serve` fetches them');

    // Plain serve (no --ui) runs the desk, and with it the row the check queued.
    const server = await startServer(home.dir, env);
    try {
      await vi.waitFor(async () => expect((await listed()).find((f) => f.id === open.id)).toMatchObject({ unseen: 1, spentThisMonth: 10 }), { timeout: 60_000, interval: 500 });
    } finally {
      await server.stop();
    }

    expect((await cli(['follow', 'remove', id])).trim()).toBe(`removed ${id}`);
    await expect(runCli(home.dir, ['follow', 'remove', id], env)).resolves.toMatchObject({ code: 1 });
    expect((await listed()).map((f) => f.id)).toEqual([open.id]);
  });
});
