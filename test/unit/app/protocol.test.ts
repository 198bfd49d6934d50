// The app:// handler on a real folder with a real secret next to it: files under the renderer
// folder are served (HTML with the CSP header), anything that tries to leave it is a 404, and
// only GET/HEAD on app://desk are answered.
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

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'td-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>desk</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(base, 'secret.txt'), 'the owner key');
  symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'link.js'));
  handle = createAppProtocolHandler(root);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

describe('app:// protocol', () => {
  it('registers app as a standard, secure scheme before ready', () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
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
