// `transcript-desk get` as a user runs it: the real CLI process, the owner key, the fixture upstream.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerKeyFile } from '#service/home';
import { runCli } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { RUMBLE_IDS, rumblePageUrl } from '../upstream/hosts/rumble';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let home: ReturnType<typeof tempHome>;
let fixture: FixtureUpstream;
let out: string;

const YT = `https://youtu.be/${YOUTUBE_IDS.withCaptions}`;
const get = (...args: string[]) => runCli(home.dir, ['get', ...args], { TRANSCRIPT_DESK_UPSTREAM: fixture.url });

async function ownerCredits(): Promise<number> {
  const prefix = readFileSync(ownerKeyFile(home.dir), 'utf8').trim().slice(0, 16);
  const result = await runCli(home.dir, ['balance', prefix, '--json']);
  return (JSON.parse(result.stdout) as { credits: number }).credits;
}

beforeAll(async () => {
  home = tempHome();
  fixture = await startFixtureUpstream();
  out = mkdtempSync(join(tmpdir(), 'td-get-'));
});

afterAll(async () => {
  await fixture.close();
  home.remove();
  rmSync(out, { recursive: true, force: true });
});

// Each test runs up to three CLI commands.
describe('transcript-desk get', { timeout: cliGuardMs(3) }, () => {
  it('writes one subtitle file per URL, named after the title, charged to the owner', async () => {
    const result = await get(YT, rumblePageUrl(RUMBLE_IDS.withCaptions), '--format', 'srt', '--out', out);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([join(out, 'Surface-Go-Review-It-s-Awesome.srt'), join(out, 'City-council-bridge-vote-live-coverage.srt')]);
    expect(readFileSync(join(out, 'Surface-Go-Review-It-s-Awesome.srt'), 'utf8')).toMatch(/^1\n00:00:00,000 --> 00:00:02,500\nHey guys, so this is the Surface Go\.\n\n2\n00:00:02,500 --> /);
    expect(readFileSync(join(out, 'City-council-bridge-vote-live-coverage.srt'), 'utf8')).toContain('Good evening and welcome to the show.');
    expect(result.stderr).toContain('(1 credit; 999 credits left)');
    expect(await ownerCredits()).toBe(998);
  });

  it('never overwrites: the same URL again goes to name-2, from the cache, free', async () => {
    const before = readFileSync(join(out, 'Surface-Go-Review-It-s-Awesome.srt'), 'utf8');
    const result = await get(`https://www.youtube.com/shorts/${YOUTUBE_IDS.withCaptions}`, '--format', 'vtt', '--out', out, '--max-line', '20');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(join(out, 'Surface-Go-Review-It-s-Awesome.vtt'));
    const again = await get(YT, '--format', 'srt', '--out', out);
    expect(again.stdout.trim()).toBe(join(out, 'Surface-Go-Review-It-s-Awesome-2.srt'));
    expect(again.stderr).toContain('cached, free');
    expect(readFileSync(join(out, 'Surface-Go-Review-It-s-Awesome.srt'), 'utf8')).toBe(before);
    // --max-line wraps subtitle lines.
    const vtt = readFileSync(join(out, 'Surface-Go-Review-It-s-Awesome.vtt'), 'utf8');
    expect(vtt).toMatch(/^WEBVTT/);
    expect(vtt).toContain('Hey guys, so this is\nthe Surface Go.');
    expect(await ownerCredits()).toBe(998);
  });

  it('prints to stdout without --out, and passes --lang on', async () => {
    const result = await get(YT, '--format', 'json', '--lang', 'de');
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout) as { title: string; language: string; platform: string; segments: { text: string }[] };
    expect(doc).toMatchObject({ title: 'Surface Go Review - It’s Awesome', language: 'German', platform: 'longform', provenance: { kind: 'creator-captions', language: 'de' } });
    expect(doc.segments[0]?.text).toBe('Hey guys, so this is the Surface Go.');
    expect(await ownerCredits()).toBe(997);
  });

  it('says clearly when a transcript has no timing for SRT/VTT, and exits non-zero', async () => {
    const result = await get(`https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.videoNoCaptions}`, '--format', 'srt', '--out', out);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/SRT needs timed segments.*use TXT or JSON/);
    expect(result.stderr).toMatch(/running again with --format txt or json costs nothing/);
    expect(readdirSync(out).filter((f) => f.startsWith('Three'))).toEqual([]);
  });

  it('goes on after a failing URL, reports each failure, and exits non-zero', async () => {
    const result = await get('https://example.com/video/1', `https://youtu.be/${YOUTUBE_IDS.noCaptions}`, rumblePageUrl(RUMBLE_IDS.withCaptions), '--out', out);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ https://example.com/video/1: Invalid URL (Not a link to a supported platform)');
    expect(result.stderr).toContain(`✗ https://youtu.be/${YOUTUBE_IDS.noCaptions}: 404 No transcript available for this video: This YouTube video has no captions`);
    expect(result.stderr).toContain('2 of 3 failed');
    expect(result.stdout.trim()).toBe(join(out, 'City-council-bridge-vote-live-coverage.txt'));
  });

  it('rejects an unknown format, and a name pattern with an unknown token, before fetching anything', async () => {
    const result = await get(YT, '--format', 'pdf');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/expected one of txt, srt, vtt, json, csv, md, docx, words, vtt-words/);
    const pattern = await get(YT, '--out', out, '--name', '{date} {titel}');
    expect(pattern.code).not.toBe(0);
    expect(pattern.stderr).toContain('unknown token {titel}');
  });

  it('writes DOCX and Markdown named by --name', async () => {
    const docx = await get(YT, '--format', 'docx', '--out', out, '--name', '{platform} {id}');
    expect(docx.code, docx.stderr).toBe(0);
    expect(docx.stdout.trim()).toBe(join(out, `YouTube-${YOUTUBE_IDS.withCaptions}.docx`));
    const xml = strFromU8(unzipSync(readFileSync(join(out, `YouTube-${YOUTUBE_IDS.withCaptions}.docx`)))['word/document.xml'] ?? new Uint8Array());
    expect(xml).toContain('Surface Go Review - It’s Awesome');
    const md = await get(YT, '--format', 'md', '--out', out, '--name', '{date} {title}');
    expect(md.code, md.stderr).toBe(0);
    const file = `${new Date().toISOString().slice(0, 10)}-Surface-Go-Review-It-s-Awesome.md`;
    expect(md.stdout.trim()).toBe(join(out, file));
    expect(readFileSync(join(out, file), 'utf8')).toContain(`[0:00](https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}&t=0s) Hey guys, so this is the Surface Go.`);
  });

  it('writes a readable TXT with --paragraphs and --timestamps, rolling auto-captions read once', async () => {
    const rolling = await get(`https://youtu.be/${YOUTUBE_IDS.rollingVtt}`, '--paragraphs', '--timestamps', 'paragraph', '--out', out);
    expect(rolling.code, rolling.stderr).toBe(0);
    // test/fixtures/captions/youtube-asr.vtt: every line is in two or three cues of the file.
    expect(readFileSync(rolling.stdout.trim(), 'utf8')).toBe("[00:00] hey guys so this is the surface go it's small & cheap [Music]\n");
    const everyFive = await get(YT, '--timestamps', 'every:5', '--no-speakers');
    expect(everyFive.code, everyFive.stderr).toBe(0);
    expect(everyFive.stdout).toBe("[00:00] Hey guys, so this is the Surface Go.\nIt's Microsoft's smallest & cheapest Surface.\n[00:05] The Type Cover is sold separately.\nAnd the price? 'Just' $399.\n[00:12] Let's find out if it's any good.\n[00:15] [Music]\n");
    const wrong = await get(YT, '--timestamps', 'every:2');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/expected none, paragraph, every or every:N \(N whole seconds from 5 to 3600\)/);
  });
});
