// `transcript-desk mcp` as an MCP client runs it: the built CLI spawned by the SDK's own client over
// stdio, on a fresh data home, every upstream request sent to the fixture upstream.
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ownerKeyFile } from '#service/home';
import { BUILT_CLI, runCli } from '../helpers/cli';
import { cliGuardMs, POLLED_JOB_GUARD_MS } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { RUMBLE_IDS, rumblePageUrl } from '../upstream/hosts/rumble';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { PLAYLIST_250_TITLE, playlistVideoId, YOUTUBE_SOURCES } from '../upstream/hosts/youtubeBrowse';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let home: ReturnType<typeof tempHome>;
let fixture: FixtureUpstream;
let transport: StdioClientTransport;
let client: Client;
let stderr = '';

const YT = `https://youtu.be/${YOUTUBE_IDS.withCaptions}`;

/** A tool's answer: its readable text, its structured facts, and whether it is a refusal. */
async function tool(name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { isError: result.isError === true, text, data: (result.structuredContent ?? {}) as Record<string, unknown> };
}

async function credits(): Promise<number> {
  return (await tool('balance')).data.credits as number;
}

beforeAll(async () => {
  home = tempHome();
  fixture = await startFixtureUpstream();
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  transport = new StdioClientTransport({ command: process.execPath, args: [BUILT_CLI, 'mcp'], env: { ...env, TRANSCRIPT_DESK_HOME: home.dir, TRANSCRIPT_DESK_UPSTREAM: fixture.url }, stderr: 'pipe' });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  client = new Client({ name: 'mcp-server-test', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client.close();
  await fixture.close();
  home.remove();
});

describe('transcript-desk mcp', { timeout: cliGuardMs(1) }, () => {
  it('offers the five tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['balance', 'enqueue', 'get_transcript', 'job_status', 'search_library']);
  });

  it('fetches a transcript by URL with timed lines, charging one credit; the second time is a free cache hit', async () => {
    const before = await credits();
    expect(before).toBe(1000);
    const first = await tool('get_transcript', { url: YT });
    expect(first.isError, first.text).toBe(false);
    expect(first.text).toContain('Title: Surface Go Review - It’s Awesome');
    expect(first.text).toContain('[0:00] Hey guys, so this is the Surface Go.');
    expect(first.text).toMatch(/Fetched: 1 credit\(s\) charged/);
    expect(first.data).toMatchObject({ sourceUrl: expect.stringContaining(YOUTUBE_IDS.withCaptions) as unknown, provenance: { kind: 'creator-captions' }, fetched: { status: 'done', credits: 1 } });
    const segments = first.data.segments as { start: string; startMs: number; endMs: number; text: string }[];
    expect(segments[0]).toEqual({ start: '0:00', startMs: 0, endMs: 2500, text: 'Hey guys, so this is the Surface Go.' });
    expect(await credits()).toBe(before - 1);

    const again = await tool('get_transcript', { url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}` });
    expect(again.isError, again.text).toBe(false);
    expect(again.text).toContain('Fetched: already in the library, free');
    expect(await credits()).toBe(before - 1);
  });

  it('finds the transcript by a word, with a snippet, and reads it by its library id', async () => {
    const found = await tool('search_library', { query: 'surface' });
    expect(found.isError, found.text).toBe(false);
    const entries = found.data.entries as { id: number; title: string; platform: string; sourceUrl: string; snippet: string }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ title: 'Surface Go Review - It’s Awesome', platform: 'longform', provenance: 'creator-captions' });
    expect(entries[0]?.snippet).toMatch(/Surface Go/);
    const byId = await tool('get_transcript', { id: entries[0]?.id, segmentLimit: 1 });
    expect(byId.isError, byId.text).toBe(false);
    expect(byId.text).toContain('[0:00] Hey guys, so this is the Surface Go.');
    expect(byId.text).toMatch(/Timed lines 1–1 of \d+; call get_transcript again with segmentOffset 1/);
    expect((await tool('search_library', { query: 'nowhereword' })).text).toBe('No transcript in the library matches.');
  });

  it('answers the service’s honest refusal as an error result, without charging', async () => {
    const before = await credits();
    const none = await tool('get_transcript', { url: `https://youtu.be/${YOUTUBE_IDS.noCaptions}` });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('404 No transcript available for this video: This YouTube video has no captions');
    // Asked again, it is asked of the site again (not the old row's outcome), with the same answer.
    const again = await tool('get_transcript', { url: `https://youtu.be/${YOUTUBE_IDS.noCaptions}` });
    expect(again).toMatchObject({ isError: true, text: none.text });
    // The site refusing is not "no transcript": a 502 that names the site and why.
    const blocked = await tool('get_transcript', { url: `https://youtu.be/${YOUTUBE_IDS.botCheck}` });
    expect(blocked).toMatchObject({ isError: true, text: expect.stringMatching(/^https:\/\/youtu\.be\/botCheck000: 502 Upstream error: YouTube asked for a sign-in \(bot check\)/) as unknown });
    expect(await credits()).toBe(before);
  });

  it('refuses hostile or malformed input with a clear sentence', async () => {
    const file = await tool('get_transcript', { url: 'file:///etc/passwd' });
    expect(file.isError).toBe(true);
    expect(file.text).toMatch(/Invalid URL/);
    const huge = await tool('get_transcript', { url: `https://youtu.be/${'a'.repeat(100_000)}` });
    expect(huge.isError).toBe(true);
    expect(huge.text).toMatch(/url/i);
    const both = await tool('get_transcript', { url: YT, id: 1 });
    expect(both).toMatchObject({ isError: true, text: 'Name the transcript by exactly one of url, id or ref' });
    const channel = await tool('get_transcript', { url: 'https://www.youtube.com/@somechannel' });
    expect(channel.isError).toBe(true);
    expect(channel.text).toMatch(/YouTube channel, not one item: queue its items with the enqueue tool/);
    const gone = await tool('get_transcript', { id: 999_999 });
    expect(gone).toMatchObject({ isError: true, text: expect.stringMatching(/no transcript with id 999999/) as unknown });
  });

  it('queues a URL, reports its state until done, and the ref it gives reads the transcript', { timeout: POLLED_JOB_GUARD_MS }, async () => {
    const queued = await tool('enqueue', { urls: [rumblePageUrl(RUMBLE_IDS.withCaptions), 'https://example.com/not-a-video'] });
    expect(queued.isError, queued.text).toBe(false);
    const rows = queued.data.rows as { id: string }[];
    expect(rows).toHaveLength(1);
    expect(queued.text).toMatch(/Not queued: https:\/\/example\.com\/not-a-video/);
    const id = rows[0]?.id as string;
    let status: { status: string; ref: unknown } | undefined;
    for (let i = 0; i < 100; i++) {
      const answer = await tool('job_status', { ids: [id] });
      status = (answer.data.rows as { status: string; ref: unknown }[])[0];
      if (status?.ref !== null && status?.ref !== undefined) break;
      await sleep(200);
    }
    expect(status).toMatchObject({ status: 'done', ref: { kind: 'transcript', platform: 'openvideo' } });
    const read = await tool('get_transcript', { ref: status?.ref });
    expect(read.isError, read.text).toBe(false);
    expect(read.text).toContain('Good evening and welcome to the show.');
    expect((await tool('job_status', { ids: ['no-such-row'] })).text).toContain('no-such-row: unknown');
  });

  it('queues a playlist’s newest items, as the desk’s sources expand it', async () => {
    const queued = await tool('enqueue', { urls: [`https://www.youtube.com/playlist?list=${YOUTUBE_SOURCES.playlist250}`], newest: 3 });
    expect(queued.isError, queued.text).toBe(false);
    expect((queued.data.rows as { url: string }[]).map((r) => r.url)).toEqual([0, 1, 2].map((i) => `https://www.youtube.com/watch?v=${playlistVideoId(i)}`));
    expect(queued.text).toContain(`${PLAYLIST_250_TITLE}: 3 item(s) (the newest 3`);
  });

  it('lists the newest transcripts as a resource, and reads one by its URI', async () => {
    const recent = await client.readResource({ uri: 'transcript://recent' });
    const listing = (recent.contents[0] as { text: string }).text;
    expect(listing).toContain('City council bridge vote');
    expect(listing).toContain('Surface Go Review');
    const uri = /transcript:\/\/library\/\d+(?=\s+Surface Go)/.exec(listing)?.[0] as string;
    const read = await client.readResource({ uri });
    expect((read.contents[0] as { text: string }).text).toContain('[0:00] Hey guys, so this is the Surface Go.');
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain(uri);
  });

  it('says the queue waits for credits when the account has none, and fetches once it has', { timeout: cliGuardMs(3) }, async () => {
    const prefix = readFileSync(ownerKeyFile(home.dir), 'utf8').trim().slice(0, 16);
    // Another process on the same ledger, as a person at a terminal (or the app) would change it.
    expect((await runCli(home.dir, ['credits', 'set', prefix, '0'])).code).toBe(0);
    const url = `https://youtu.be/${YOUTUBE_IDS.manualAndAsr}`;
    const waiting = await tool('get_transcript', { url });
    expect(waiting.isError, waiting.text).toBe(false);
    expect(waiting.text).toMatch(/^The queue is paused: the account is out of credits \(see balance\); queued rows wait until it runs again\. Queue row \S+: call job_status/);
    expect((await runCli(home.dir, ['credits', 'set', prefix, '5'])).code).toBe(0);
    const fetched = await tool('get_transcript', { url });
    expect(fetched.isError, fetched.text).toBe(false);
    expect(fetched.text).toMatch(/Fetched: 1 credit\(s\) charged/);
    expect(await credits()).toBe(4);
  });

  it('ends its process when the client closes the session', async () => {
    const pid = transport.pid as number;
    const started = Date.now();
    await client.close();
    // Closing stdin is the whole signal: the SDK's client waits 2 s before it sends SIGTERM.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stderr).toContain('the client closed the session; stopping');
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
