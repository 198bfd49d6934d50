// `get --server` and `transcribe --server` against a team server. A team server speaks exactly the
// spec's REST API, so a real `transcript-desk serve` on loopback (SQLite, the fixture upstream) is a
// faithful stand-in for the PostgreSQL one; the CLI runs as its users run it, in its own process,
// and never opens a data home of its own in this mode.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/loopback';
import { BUILT_CLI, createKey, outputOf, runCli, startServer, type CreatedKey, type ServerProcess } from '../helpers/cli';
import { cliGuardMs, POLLED_JOB_GUARD_MS } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { call } from '../helpers/http';
import { trackGroup } from '../helpers/processes';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { RUMBLE_IDS, rumblePageUrl } from '../upstream/hosts/rumble';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let serverHome: ReturnType<typeof tempHome>;
let clientHome: ReturnType<typeof tempHome>;
let fixture: FixtureUpstream;
let server: ServerProcess;
let team: CreatedKey; // pro, 40 credits
let out: string;
/** A data home the remote runs must never create. */
let untouchedHome: string;

const YT = `https://youtu.be/${YOUTUBE_IDS.withCaptions}`;
const EPISODE = episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher, 'should-you-have-a-trailer');
const EPISODE_FIRST_LINE = "In today's episode, you'll learn whether or not you";

const remote = (args: string[], key: string = team.key, env: NodeJS.ProcessEnv = {}) =>
  runCli(untouchedHome, args, { TRANSCRIPT_DESK_SERVER: server.url, TRANSCRIPT_DESK_KEY: key, TRANSCRIPT_DESK_UPSTREAM: 'http://127.0.0.1:9', ...env });
const balanceOf = async (key: string) => (await call(server.url, 'GET', '/api/balance', { key })).body.credits as number;

/** `transcript-desk <args>` with `input` on its stdin, as a pipe from another command gives it. */
function runWithStdin(args: string[], input: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BUILT_CLI, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  trackGroup(child);
  child.stdin.end(input);
  return outputOf(child);
}

beforeAll(async () => {
  serverHome = tempHome();
  clientHome = tempHome();
  fixture = await startFixtureUpstream();
  team = await createKey(serverHome.dir, { plan: 'pro', credits: 40, label: 'team' });
  server = await startServer(serverHome.dir, { TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  out = mkdtempSync(join(tmpdir(), 'td-team-get-'));
  untouchedHome = join(clientHome.dir, 'never-created');
}, cliGuardMs(2));

afterAll(async () => {
  await server.stop();
  await fixture.close();
  serverHome.remove();
  clientHome.remove();
  rmSync(out, { recursive: true, force: true });
});

describe('get --server', { timeout: cliGuardMs(3) }, () => {
  it('fetches through the team server with its key: 1 credit there, the repeat from its cache for free; no local data home', async () => {
    const first = await remote(['get', YT]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Hey guys, so this is the Surface Go.');
    expect(first.stderr).toContain(`(1 credit; 39 credits left on ${server.url})`);
    expect(await balanceOf(team.key)).toBe(39);

    const again = await remote(['get', YT, '--format', 'srt', '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`(cached, free; 39 credits left on ${server.url})`);
    // The REST body has no title: the file is named after the video id; YouTube's timing came along.
    expect(again.stdout.trim()).toBe(join(out, `${YOUTUBE_IDS.withCaptions}.srt`));
    expect(readFileSync(join(out, `${YOUTUBE_IDS.withCaptions}.srt`), 'utf8')).toMatch(/^1\n00:00:00,000 --> 00:00:02,500\nHey guys, so this is the Surface Go\./);
    expect(await balanceOf(team.key)).toBe(39);
    expect(existsSync(untouchedHome)).toBe(false);
    for (const run of [first, again]) expect(run.stdout + run.stderr).not.toContain(team.key);
  });

  it('reads the URLs from stdin with -, as another command prints them', async () => {
    const listing = `watch this: ${YT}\n${rumblePageUrl(RUMBLE_IDS.withCaptions)} (the council)\n`;
    const result = await runWithStdin(['get', '-', '--server', server.url, '--out', out], listing, { TRANSCRIPT_DESK_KEY: team.key, TRANSCRIPT_DESK_HOME: untouchedHome });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
    expect(result.stderr).toContain('cached, free');
    expect(result.stderr).toContain(`(1 credit; 38 credits left on ${server.url})`);
    expect(readdirSync(out).some((f) => readFileSync(join(out, f), 'utf8').includes('Good evening and welcome to the show.'))).toBe(true);
  });

  it('a podcast episode: submitted to the team server, its job polled with progress on stderr, the transcript printed', { timeout: POLLED_JOB_GUARD_MS + cliGuardMs(1) }, async () => {
    const before = await balanceOf(team.key);
    const result = await remote(['get', EPISODE]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(EPISODE_FIRST_LINE);
    expect(result.stderr).toMatch(/podcast “Should You Have a Trailer\?”: 1\/1 chunks, done \(job /);
    expect(await balanceOf(team.key)).toBe(before - 10);
    // Again: the finished episode, deduped and free.
    const again = await remote(['get', EPISODE, '--format', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('transcribed before, free');
    expect((JSON.parse(again.stdout) as { title: string }).title).toBe('Should You Have a Trailer?');
    expect(await balanceOf(team.key)).toBe(before - 10);
  });

  it('refusals are said plainly and exit 1: 402 for a free plan’s podcast, 403 without credits, 401 for a wrong key', async () => {
    const free = await createKey(serverHome.dir, { plan: 'free', credits: 5 });
    const podcast = await remote(['get', EPISODE], free.key);
    expect(podcast.code).toBe(1);
    expect(podcast.stderr).toContain(`✗ ${EPISODE}: 402 upgrade_required: Podcast transcription needs the plus or pro plan; this key is on free`);

    const empty = await createKey(serverHome.dir, { plan: 'free', credits: 0 });
    const broke = await remote(['get', YT], empty.key);
    expect(broke.code).toBe(1);
    expect(broke.stderr).toContain(`✗ ${YT}: 403 no_credits: This key has no credits left`);

    const wrong = await remote(['get', YT], 'sk_live_0000000000000000000000000000');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`✗ team server ${server.url}: 401 Invalid API key`);
    for (const run of [podcast, broke, wrong]) expect(run.stdout).toBe('');
  });

  it('429 from the team server’s rate limit is said with its wait', async () => {
    const busy = await createKey(serverHome.dir, { plan: 'free', credits: 5 });
    // The key's 120 requests of this minute, spent on free balance reads.
    await Promise.all(Array.from({ length: 120 }, () => balanceOf(busy.key)));
    const result = await remote(['get', YT], busy.key);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`✗ team server ${server.url}: 429 Rate limit exceeded. Try again later.`);
  });

  it('a server nobody answers at: a clear error naming it, exit 1, at once', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const started = Date.now();
    const result = await remote(['get', YT, '--server', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`✗ team server ${url}: 502 Team server unreachable: The team server ${url} could not be reached: connection refused`);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses a server that is not http(s), and a server without a key', async () => {
    const ftp = await remote(['get', YT, '--server', 'ftp://team.example']);
    expect(ftp.code).toBe(1);
    expect(ftp.stderr).toContain('--server ftp://team.example: must start with http:// or https://');
    const keyless = await runCli(untouchedHome, ['get', YT, '--server', server.url], { TRANSCRIPT_DESK_KEY: '' });
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain('A team server needs its API key: pass --key sk_live_… or set TRANSCRIPT_DESK_KEY');
    expect(existsSync(untouchedHome)).toBe(false);
  });
});

describe('transcribe --server', { timeout: cliGuardMs(2) }, () => {
  it('a local file is refused (the REST API has no upload route); an episode link goes to the server’s podcast job', { timeout: POLLED_JOB_GUARD_MS + cliGuardMs(2) }, async () => {
    const file = join(out, 'talk.wav');
    writeFileSync(file, 'RIFF');
    const local = await remote(['transcribe', file]);
    expect(local.code).toBe(1);
    expect(local.stderr).toContain(`${file}: a team server has no upload route (its REST API takes links, not files); run the same command without --server to transcribe it on this machine`);

    const media = await remote(['transcribe', 'https://cdn.example.com/talk.mp3']);
    expect(media.code).toBe(1);
    expect(media.stderr).toContain('not a bare media URL');

    const target = join(out, 'episode.txt');
    const episode = await remote(['transcribe', EPISODE, '--out', target]);
    expect(episode.code, episode.stderr).toBe(0);
    expect(readFileSync(target, 'utf8').split('\n')[0]).toBe(EPISODE_FIRST_LINE);
    expect(episode.stderr).toContain('transcribed before, free');
  });
});

describe('get of a podcast episode on this machine', () => {
  it('submits it to the local service, runs the job in this process with progress on stderr, prints the transcript; the owner pays', { timeout: POLLED_JOB_GUARD_MS + cliGuardMs(2) }, async () => {
    const result = await runCli(clientHome.dir, ['get', EPISODE, '--format', 'vtt'], { TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_SERVER: '' });
    expect(result.code, result.stderr).toBe(0);
    // This machine's episode keeps its timed lines and speakers (the REST record is plain text).
    expect(result.stdout).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:02\.760\n<v Sarah>In today's episode/);
    expect(result.stderr).toMatch(/podcast “Should You Have a Trailer\?”: 1\/1 chunks, done/);
    expect(result.stderr).toMatch(/✓ Podcasts .* → printed \(1500 s of audio; 990 credits left\)/);
  });
});
