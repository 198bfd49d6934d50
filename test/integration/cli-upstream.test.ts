// `transcript-desk upstream show | set | reset` as a user runs them, and the test: a Twitch
// hash set from another terminal is what a running `serve` sends on its next request, and after a
// reset the compiled hash is sent again, with no restart.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profileFile } from '#service/upstream/profile';
import { runCli } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { startHarness, type Harness } from '../helpers/harness';
import { tempHome } from '../helpers/home';
import { TWITCH_SLUGS } from '../upstream/hosts/twitch';

const COMPILED_SHARE_CLIP = '0a02bb974443b576f5579aab0fef1d4b7f44e58a8a256f0c5adfead0db70640f';
const ROTATED_SHARE_CLIP = '5c1d7e2b9a8f4e3d6c0b1a29384756fedcba9876543210fedcba0123456789ab';

interface ShownEntry {
  key: string;
  value: string;
  default: string;
  overridden: boolean;
  about: string;
}

const show = async (home: string) => JSON.parse((await runCli(home, ['upstream', 'show', '--json'])).stdout) as ShownEntry[];

describe('transcript-desk upstream', { timeout: cliGuardMs(8) }, () => {
  let home: ReturnType<typeof tempHome>;
  beforeEach(() => {
    home = tempHome();
  });
  afterEach(() => home.remove());

  it('show: a table of every key with its value, (default) or (set), and what it is; --json the same as data', async () => {
    const table = await runCli(home.dir, ['upstream', 'show']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^twitch\\.hash\\.ShareClipRenderStatus +${COMPILED_SHARE_CLIP} +\\(default\\) +persisted-query hash of ShareClipRenderStatus$`, 'm'));
    expect(table.stdout).toMatch(/^youtube\.android\.version +\d+\.\d+\.\d+ +\(default\) +InnerTube ANDROID clientVersion$/m);
    expect(table.stdout).toContain('Every value is the compiled default.');
    expect(table.stdout).toContain(profileFile(home.dir));
    expect(table.stdout).not.toContain('(set)');

    const entries = await show(home.dir);
    expect(entries.length).toBeGreaterThanOrEqual(14);
    expect(entries.find((e) => e.key === 'twitch.hash.ShareClipRenderStatus')).toEqual({ key: 'twitch.hash.ShareClipRenderStatus', value: COMPILED_SHARE_CLIP, default: COMPILED_SHARE_CLIP, overridden: false, about: 'persisted-query hash of ShareClipRenderStatus' });
  });

  it('set: the value is stored, show marks it (set); reset <key> and reset put the defaults back', async () => {
    const set = await runCli(home.dir, ['upstream', 'set', 'twitch.hash.ShareClipRenderStatus', ROTATED_SHARE_CLIP]);
    expect({ code: set.code, stdout: set.stdout }).toEqual({ code: 0, stdout: `twitch.hash.ShareClipRenderStatus = ${ROTATED_SHARE_CLIP} (set)\n` });
    expect((await runCli(home.dir, ['upstream', 'set', 'youtube.ios.version', '22.3.1'])).code).toBe(0);
    expect(JSON.parse(readFileSync(profileFile(home.dir), 'utf8'))).toEqual({ 'twitch.hash.ShareClipRenderStatus': ROTATED_SHARE_CLIP, 'youtube.ios.version': '22.3.1' });
    const table = (await runCli(home.dir, ['upstream', 'show'])).stdout;
    expect(table).toMatch(new RegExp(`^twitch\\.hash\\.ShareClipRenderStatus +${ROTATED_SHARE_CLIP} +\\(set\\) `, 'm'));
    expect(table).toMatch(/^youtube\.ios\.version +22\.3\.1 +\(set\) /m);
    expect(table).toContain('2 of ');

    const one = await runCli(home.dir, ['upstream', 'reset', 'twitch.hash.ShareClipRenderStatus']);
    expect(one.stdout).toBe(`twitch.hash.ShareClipRenderStatus = ${COMPILED_SHARE_CLIP} (default)\n`);
    expect((await show(home.dir)).filter((e) => e.overridden).map((e) => e.key)).toEqual(['youtube.ios.version']);

    const all = await runCli(home.dir, ['upstream', 'reset']);
    expect(all.code).toBe(0);
    expect((await show(home.dir)).some((e) => e.overridden)).toBe(false);
  });

  it.each([
    ['an unknown key', ['twitch.hash.NoSuchOperation', ROTATED_SHARE_CLIP], /^"twitch\.hash\.NoSuchOperation" is not an upstream profile key; the keys are: youtube\.android\.version, .*twitch\.hash\.ShareClipRenderStatus, .*x\.queryId\.TweetResultByRestId/],
    ['a hash one digit short', ['twitch.hash.ShareClipRenderStatus', ROTATED_SHARE_CLIP.slice(1)], /is not a valid twitch\.hash\.ShareClipRenderStatus \(persisted-query hash of ShareClipRenderStatus\): expected 64 lowercase hexadecimal digits/],
    ['a version with a letter', ['youtube.android.version', '21.26.364b'], /is not a valid youtube\.android\.version .*expected two to four numbers separated by dots/],
  ])('set refuses %s: exit code 1, the reason on stderr, nothing stored', async (_name, args, message) => {
    const refused = await runCli(home.dir, ['upstream', 'set', ...args]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(message);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect((await show(home.dir)).some((e) => e.overridden)).toBe(false);
  });

  it('reset of an unknown key: exit code 1 and the list of keys', async () => {
    const refused = await runCli(home.dir, ['upstream', 'reset', 'youtube.mweb.version']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/"youtube\.mweb\.version" is not an upstream profile key; the keys are: youtube\.android\.version, /);
  });
});

describe('a Twitch hash set with the CLI is what the running server sends next', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(100);
    // The clip asked for is gone (a 404): without this, its repeats would come from the service's
    // memory of not-founds, with no GQL request to read a hash from.
    expect((await runCli(h.home, ['settings', 'set', 'cache.notFoundSeconds', '0'])).code).toBe(0);
  });
  afterAll(async () => {
    await h.close();
  });

  /** The persisted-query hashes of ShareClipRenderStatus in the GQL bodies the fixture received since `mark` (object or batched array bodies). */
  function shareClipHashesSince(mark: number): string[] {
    type Operation = { operationName?: string; extensions?: { persistedQuery?: { sha256Hash?: string } } };
    return h.fixture.requests
      .slice(mark)
      .filter((r) => r.url === 'https://gql.twitch.tv/gql')
      .flatMap((r) => {
        const parsed = JSON.parse(r.body ?? '') as Operation | Operation[];
        return Array.isArray(parsed) ? parsed : [parsed];
      })
      .filter((op) => op.operationName === 'ShareClipRenderStatus')
      .map((op) => op.extensions?.persistedQuery?.sha256Hash ?? '(none)');
  }

  /** Asks for the clip through REST; what the user sees must not depend on which hash was tried, and a failure is free. */
  async function askForClip(): Promise<{ status: number; error: unknown }> {
    const before = await h.balance();
    const reply = await h.transcript('clips_b', `https://clips.twitch.tv/${TWITCH_SLUGS.missing}`);
    expect(await h.balance()).toBe(before);
    return { status: reply.status, error: reply.body.error };
  }

  it('set in another process → the next request carries the new hash; reset → the compiled one again; no restart', { timeout: cliGuardMs(4) }, async () => {
    let mark = h.mark();
    const compiled = await askForClip();
    expect(shareClipHashesSince(mark)).toEqual([COMPILED_SHARE_CLIP]);

    const set = await runCli(h.home, ['upstream', 'set', 'twitch.hash.ShareClipRenderStatus', ROTATED_SHARE_CLIP]);
    expect(set.code, set.stderr).toBe(0);
    mark = h.mark();
    const rotated = await askForClip();
    expect(shareClipHashesSince(mark)).toEqual([ROTATED_SHARE_CLIP]);
    // The fixture does not know the new hash (PersistedQueryNotFound); the next persisted query answers, as before.
    expect(rotated).toEqual(compiled);

    const reset = await runCli(h.home, ['upstream', 'reset', 'twitch.hash.ShareClipRenderStatus']);
    expect(reset.code, reset.stderr).toBe(0);
    mark = h.mark();
    expect(await askForClip()).toEqual(compiled);
    expect(shareClipHashesSince(mark)).toEqual([COMPILED_SHARE_CLIP]);
  });
});
