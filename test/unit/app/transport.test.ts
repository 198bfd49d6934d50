// The Chromium transport with a mocked electron `net`: the address check runs on the session's
// resolver before anything is sent, redirects come back to the upstream client unfollowed (which
// then checks the next hop), Chromium's decoding and error strings are translated, and the routing
// origin of tests and the demo skips the session's cookies. Every request speaks as the session's
// own Chromium (its User-Agent, cleaned of the app's and Electron's tokens), never as another browser.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { net } from '../../helpers/electronMock';
import { electronTransport } from '../../../src-main/app/net/electronTransport';
import { UpstreamClient } from '#service/upstream/client';
import type { Session } from 'electron';

vi.mock('electron', () => import('../../helpers/electronMock'));

type Script = (request: FakeRequest) => void;

class FakeRequest extends EventEmitter {
  readonly headers: Record<string, string> = {};
  aborted = false;
  body = '';
  constructor(readonly options: Record<string, unknown>) {
    super();
  }
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  write(chunk: string) {
    this.body += chunk;
  }
  end() {
    queueMicrotask(() => script(this));
  }
  abort() {
    this.aborted = true;
  }
}

let script: Script;
let requests: FakeRequest[];
const resolved: string[] = [];
const answers: Record<string, string[]> = { 'www.tiktok.com': ['23.45.67.89'], 'www.linkedin.com': ['13.107.42.14'], 'internal.example': ['10.0.0.5'], 'media.example': ['93.184.216.34'] };
// What Electron reports for an app named "Transcript Desk": the app's and Electron's tokens and a full build number.
const ELECTRON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Transcript Desk/0.1.0 Chrome/140.0.7339.133 Electron/38.1.0 Safari/537.36';
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const fakeSession = { getUserAgent: () => ELECTRON_UA, resolveHost: (host: string) => (resolved.push(host), Promise.resolve({ endpoints: (answers[host] ?? []).map((address) => ({ address, family: 'ipv4' })) })) };
const transport = electronTransport({ sessionFor: () => fakeSession as unknown as Session });

function respond(request: FakeRequest, status: number, headers: Record<string, string | string[]>, body: string) {
  const response = Object.assign(new PassThrough(), { statusCode: status, headers });
  request.emit('response', response);
  response.end(body);
}

beforeEach(() => {
  requests = [];
  resolved.length = 0;
  net.request.mockImplementation((options: Record<string, unknown>) => {
    const request = new FakeRequest(options);
    requests.push(request);
    return request;
  });
});

const send = (url: string, guarded = true) => transport.send({ url: new URL(url), method: 'GET', headers: { 'user-agent': 'UA', 'accept-encoding': 'gzip, br', cookie: 'a=1' }, signal: new AbortController().signal, headersTimeoutMs: 1000, bodyTimeoutMs: 1000, guarded, scope: 'shortform' });

describe('Chromium transport', () => {
  it('refuses a host that resolves to a private address before sending anything', async () => {
    script = () => expect.unreachable('nothing may be sent');
    await expect(send('https://internal.example/feed.xml')).rejects.toMatchObject({ code: 'ERR_BLOCKED_ADDRESS', message: 'internal.example resolves to 10.0.0.5, which is not a public address' });
    await expect(send('http://127.0.0.1:8080/')).rejects.toMatchObject({ code: 'ERR_BLOCKED_ADDRESS' });
    expect(requests).toHaveLength(0);
  });

  it('sends through the session with its cookies, lets Chromium pick the encoding, and hands back the decoded body', async () => {
    script = (request) => respond(request, 200, { 'content-type': 'text/html', 'content-encoding': 'br', 'content-length': '10', 'set-cookie': ['ttwid=1', 'tt_csrf=2'] }, '<html>decoded</html>');
    const answer = await send('https://www.tiktok.com/@scout/video/7106594312292453675');
    expect(resolved).toEqual(['www.tiktok.com']);
    expect(requests[0]?.options).toMatchObject({ url: 'https://www.tiktok.com/@scout/video/7106594312292453675', method: 'GET', session: fakeSession, redirect: 'manual', useSessionCookies: true });
    expect(requests[0]?.headers).toEqual({ 'user-agent': 'UA', cookie: 'a=1' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual({ 'content-type': 'text/html', 'set-cookie': ['ttwid=1', 'tt_csrf=2'] });
    let text = '';
    for await (const chunk of answer.body) text += String(chunk);
    expect(text).toBe('<html>decoded</html>');
  });

  it('hands a redirect back unfollowed, and the client refuses a next hop to a private address', async () => {
    script = (request) => request.emit('redirect', 302, 'GET', 'http://169.254.169.254/latest/meta-data/', { location: ['http://169.254.169.254/latest/meta-data/'] });
    const answer = await send('https://media.example/episode.mp3');
    expect(answer).toMatchObject({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    expect(requests[0]?.aborted).toBe(true);

    const client = new UpstreamClient({ transport });
    await expect(client.request({ url: 'https://media.example/episode.mp3', retry: false })).rejects.toMatchObject({ failure: 'blocked_address' });
    expect(requests).toHaveLength(2);
    await client.close();
  });

  it("translates Chromium's network errors into the codes the client reports", async () => {
    script = (request) => request.emit('error', new Error('net::ERR_CONNECTION_REFUSED'));
    await expect(send('https://www.tiktok.com/')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const client = new UpstreamClient({ transport });
    await expect(client.request({ url: 'https://www.tiktok.com/', retry: false })).rejects.toThrow('www.tiktok.com refused the connection');
    await client.close();
  });

  it('times out a server that never answers', async () => {
    script = () => undefined;
    await expect(transport.send({ url: new URL('https://www.tiktok.com/'), method: 'GET', headers: {}, signal: new AbortController().signal, headersTimeoutMs: 50, bodyTimeoutMs: 50, guarded: true })).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(requests[0]?.aborted).toBe(true);
  });

  it("sends every platform's requests with the session's own Chromium User-Agent, not Safari's or Firefox's", async () => {
    script = (request) => respond(request, 200, {}, 'ok');
    const client = new UpstreamClient({ transport });
    for (const [url, scope] of [
      ['https://www.tiktok.com/@scout/video/7106594312292453675', 'shortform'],
      ['https://www.linkedin.com/posts/someone_activity-7100000000000000000-abcd', 'professional'],
      ['https://media.example/episode.mp3', 'media'],
    ] as const) {
      await client.request({ url, scope, retry: false });
      expect(requests.at(-1)?.headers['user-agent']).toBe(CHROME_UA);
    }
    // A fetcher that names its own client (YouTube's InnerTube clients) keeps it.
    await client.request({ url: 'https://media.example/youtubei', scope: 'longform', headers: { 'User-Agent': 'com.google.ios.youtube/20.10.4 (iPhone16,2; U; CPU iOS 18_3_2 like Mac OS X;)' }, retry: false });
    expect(requests.at(-1)?.headers['user-agent']).toBe('com.google.ios.youtube/20.10.4 (iPhone16,2; U; CPU iOS 18_3_2 like Mac OS X;)');
    await client.close();
  });

  it('sends to the routing origin without the address check or the session cookies', async () => {
    script = (request) => respond(request, 200, {}, 'ok');
    await send('http://127.0.0.1:9999/www.tiktok.com/', false);
    expect(resolved).toEqual([]);
    expect(requests[0]?.options).toMatchObject({ useSessionCookies: false });
  });
});
