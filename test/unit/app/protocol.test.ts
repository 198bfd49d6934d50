// The app:// handler on a real folder with a real secret next to it: files under the renderer
// folder are served (HTML with the CSP header), anything that tries to leave it is a 404, and
// only GET/HEAD on app://desk are answered. The desk's player links (`/app/media/<token>`) are
// answered with the local file the desk's lookup names, by byte ranges.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { protocol } from '../../helpers/electronMock';
import { createAppProtocolHandler, registerAppScheme, resolveAppPath } from '../../../src-main/app/protocol';
import { RENDERER_CSP } from '../../../src-main/app/security';

vi.mock('electron', () => import('../../helpers/electronMock'));

let base: string;
let root: string;
let handle: (request: Request) => Promise<Response>;
let recording: string;
/** The bytes of the recording a player link names; each says where it is (mod 251). */
const audio = Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 251));
/** What the desk's lookup is asked, in order. */
const asked: string[] = [];

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'td-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>desk</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(base, 'secret.txt'), 'the owner key');
  symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'link.js'));
  // Outside the renderer folder, as a person's files are.
  recording = join(base, 'interview.m4a');
  writeFileSync(recording, audio);
  handle = createAppProtocolHandler(root, (token) => {
    asked.push(token);
    if (token === 'tok-interview') return { path: recording, contentType: 'audio/mp4' };
    if (token === 'tok-moved') return { path: join(base, 'moved.m4a'), contentType: 'audio/mp4' };
    return undefined;
  });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET', headers: Record<string, string> = {}) => handle(new Request(url, { method, headers }));

describe('app:// protocol', () => {
  it('registers app as a standard, secure scheme before ready', () => {
    registerAppScheme();
    // `stream`: a media element plays app:// as it downloads, seeking by ranges.
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);
  });

  it('serves the renderer, the page with the CSP header', async () => {
    const page = await get('app://desk/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(await page.text()).toContain('<title>desk</title>');
    const root = await get('app://desk/');
    expect(await root.text()).toContain('<title>desk</title>');
    const script = await get('app://desk/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toBe('console.log(1)');
  });

  it.each([
    'app://desk/..%2fsecret.txt',
    'app://desk/%2e%2e%2fsecret.txt',
    'app://desk/assets/..%2f..%2fsecret.txt',
    'app://desk/..%5csecret.txt',
    'app://desk/%2fetc%2fpasswd',
    'app://desk/assets/link.js',
    'app://desk/index.html%00.js',
    'app://desk/missing.js',
  ])('refuses %s', async (url) => {
    const answer = await get(url);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('owner key');
  });

  it('answers only GET and HEAD, and only for app://desk', async () => {
    expect((await get('app://desk/index.html', 'POST')).status).toBe(405);
    expect((await get('app://desk/index.html', 'PUT')).status).toBe(405);
    const head = await get('app://desk/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('app://evil/index.html')).status).toBe(404);
  });

  it('keeps every resolved path inside the folder', () => {
    expect(resolveAppPath('/r', '/assets/a.js')).toBe('/r/assets/a.js');
    expect(resolveAppPath('/r', '/')).toBe('/r/index.html');
    for (const path of ['/..', '/a/../../b', '/%2e%2e/x', '/a%5c..%5cb', '/C:/x', '/%E0%A4%A']) expect(resolveAppPath('/r', path), path).toBeUndefined();
  });
});

describe('app:// player links', () => {
  it('plays the file a token names, by byte ranges, from wherever it lies on this machine', async () => {
    const part = await get('app://desk/app/media/tok-interview', 'GET', { range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(Object.fromEntries(part.headers)).toMatchObject({ 'content-type': 'audio/mp4', 'content-range': 'bytes 1000-1999/50000', 'content-length': '1000', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff' });
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(1000, 2000))).toBe(true);
    const whole = await get('app://desk/app/media/tok-interview');
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(audio)).toBe(true);
    const head = await get('app://desk/app/media/tok-interview', 'HEAD');
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '50000', '']);
    expect((await get('app://desk/app/media/tok-interview', 'GET', { range: 'bytes=50000-' })).status).toBe(416);
    expect(asked.at(-1)).toBe('tok-interview');
  });

  it('answers 404 for a token the desk does not know or a file that was moved, and nothing but GET and HEAD', async () => {
    const unknown = await get('app://desk/app/media/tok-guessed');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toMatch(/player link is not known/);
    expect((await get('app://desk/app/media/tok-moved')).status).toBe(404);
    expect((await get('app://desk/app/media/tok-interview', 'POST')).status).toBe(405);
    // The player's path is not a way into the renderer folder or out of it.
    expect((await get('app://desk/app/media/..%2f..%2fsecret.txt')).status).toBe(404);
    expect(asked).toContain('..%2f..%2fsecret.txt');
  });

  it('without a lookup (no desk), every player link is a 404 and the renderer is still served', async () => {
    const bare = createAppProtocolHandler(root);
    expect((await bare(new Request('app://desk/app/media/tok-interview'))).status).toBe(404);
    expect((await bare(new Request('app://desk/index.html'))).status).toBe(200);
  });
});
