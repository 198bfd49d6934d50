// `transcript-desk expand` as a user scripts it: the real CLI, the fixture upstream, and the pipe
// into `get -` that transcribes a whole source.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceExpansion } from '#shared/contract/sources';
import { BUILT_CLI, outputOf, runCli } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { BIG_FEED_EPISODES } from '../upstream/bigFeed';
import { BIG_FEED_URL } from '../upstream/hosts/podcasts';
import { PLAYLIST_250_TITLE, playlistVideoId, YOUTUBE_SOURCES } from '../upstream/hosts/youtubeBrowse';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let home: ReturnType<typeof tempHome>;
let fixture: FixtureUpstream;
let out: string;
const PLAYLIST = `https://www.youtube.com/playlist?list=${YOUTUBE_SOURCES.playlist250}`;
const env = () => ({ TRANSCRIPT_DESK_UPSTREAM: fixture.url });
const expand = (...args: string[]) => runCli(home.dir, ['expand', ...args], env());

beforeAll(async () => {
  home = tempHome();
  fixture = await startFixtureUpstream();
  out = mkdtempSync(join(tmpdir(), 'td-expand-'));
});

afterAll(async () => {
  await fixture.close();
  home.remove();
  rmSync(out, { recursive: true, force: true });
});

describe('transcript-desk expand', { timeout: cliGuardMs(3) }, () => {
  it('prints the item URLs one per line, the source and the note on stderr', async () => {
    const result = await expand(PLAYLIST, '--newest', '3');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe([0, 1, 2].map((i) => `https://www.youtube.com/watch?v=${playlistVideoId(i)}\n`).join(''));
    expect(result.stderr.endsWith(`${PLAYLIST_250_TITLE}: 3 items\nStopped after 3 items: the newest 3 were asked for\n`), result.stderr).toBe(true);
  });

  it('--json gives titles, dates and library marks; --since keeps the newer episodes of a feed', async () => {
    const result = await expand(BIG_FEED_URL, '--since', '2026-10-23', '--json');
    expect(result.code, result.stderr).toBe(0);
    const expansion = JSON.parse(result.stdout) as SourceExpansion;
    expect(expansion.source).toMatchObject({ kind: 'podcast-feed', url: BIG_FEED_URL });
    // Episode k is dated k days before 2026-11-01 08:00 UTC: 0 … 9 are on or after Oct 23 00:00.
    expect(expansion.items).toHaveLength(10);
    expect(expansion.items.every((i) => i.platform === 'podcast' && !i.inLibrary && i.title.startsWith('Part 0 '))).toBe(true);
    const all = await expand(BIG_FEED_URL);
    expect(all.stdout.trim().split('\n')).toHaveLength(BIG_FEED_EPISODES);
  });

  it('expand | get --out dir - transcribes what it printed; --skip-library then leaves those out', async () => {
    const pipe = spawn('sh', ['-c', `"${process.execPath}" "${BUILT_CLI}" expand "${PLAYLIST}" --newest 2 | "${process.execPath}" "${BUILT_CLI}" get --out "${out}" -`], {
      env: { ...process.env, ...env(), TRANSCRIPT_DESK_HOME: home.dir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const result = await outputOf(pipe);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(out)).toHaveLength(2);
    const skipped = await expand(PLAYLIST, '--newest', '4', '--skip-library');
    expect(skipped.stdout.trim().split('\n')).toEqual([2, 3].map((i) => `https://www.youtube.com/watch?v=${playlistVideoId(i)}`));
    expect(skipped.stderr).toContain('2 items, 2 already in the library left out');
  });

  it('a source the site says is gone: its words on stderr, exit code 1, nothing on stdout', async () => {
    const result = await expand(`https://www.youtube.com/playlist?list=${YOUTUBE_SOURCES.missingPlaylist}`);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain('YouTube says: The playlist does not exist.');
  });
});
