// Redirects across origins (research F7): what a request carries to another site when an upstream
// redirects it. Credentials, tokens and bodies stay with the site they were meant for.
import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchUpstream } from '#service/platforms/request';
import { readBody } from '../helpers/loopback';
import { closeUpstreams, failureOf, upstream } from '../helpers/upstreamClient';

afterEach(closeUpstreams);

/** What one logical host received: the routed server sees `/HOST/PATH`, so the host is the first segment. */
interface Received {
  host: string;
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One routed upstream standing in for several sites: `answer` decides per logical host and path.
 * Every site shares the server's physical origin, so a client that compared physical URLs would
 * take each redirect for a same-origin one: only the logical (platform) origin is right.
 */
async function sites(answer: (got: Received) => { status: number; location?: string; body?: string }) {
  const received: Received[] = [];
  const { client } = await upstream((req, res) => {
    void readBody(req).then((body) => {
      const [, host = '', ...rest] = (req.url ?? '').split('/');
      const got = { host, path: `/${rest.join('/')}`, method: req.method ?? '', headers: req.headers, body };
      received.push(got);
      const reply = answer(got);
      res.writeHead(reply.status, reply.location === undefined ? {} : { location: reply.location });
      res.end(reply.body ?? '');
    });
  });
  return { client, received, at: (host: string) => received.filter((r) => r.host === host) };
}

/** Credentials and session state that platform fetchers send (X, Twitch, Instagram, YouTube). */
const PLATFORM_SECRETS = {
  authorization: 'Bearer AAAA-app-token',
  'x-guest-token': '1790000000000000000',
  'x-twitter-active-user': 'yes',
  'x-twitter-client-language': 'en',
  'x-csrf-token': 'csrf-from-cookie',
  'client-id': 'kimne78kx3ncx6brgo4mv6wki5h1ko',
  'x-csrftoken': 'ig-csrf-from-cookie',
  'x-fb-lsd': 'AVq-lsd-token',
  'x-ig-app-id': '936619743392459',
  'x-custom-thing': 'anything not on the allow-list',
  cookie: 'sessionid=explicit-secret',
  origin: 'https://www.instagram.com',
  'content-type': 'application/json',
};

describe('redirects across origins (F7)', () => {
  it('forwards only the allow-listed headers to another origin, and cookies from the jar of the new host', async () => {
    const { client, at } = await sites((got) => (got.host === 'api.x.com' ? { status: 302, location: 'https://collector.example/grab?x=1' } : { status: 200, body: 'ok' }));
    client.cookies.importNetscape('microblog', ['.x.com\tTRUE\t/\tTRUE\t4102444800\tauth_token\tx-secret', '.collector.example\tTRUE\t/\tTRUE\t4102444800\tconsent\tyes'].join('\n'));
    const response = await client.request({
      url: 'https://api.x.com/graphql/abc/TweetResultByRestId',
      scope: 'microblog',
      headers: { ...PLATFORM_SECRETS, accept: 'application/json', 'accept-language': 'de-DE', 'user-agent': 'Googlebot', range: 'bytes=0-99', referer: 'https://x.com/someone/status/1800000000000000001?s=20' },
    });
    expect(response.text()).toBe('ok');
    const [first] = at('api.x.com');
    expect(first?.headers['x-guest-token']).toBe('1790000000000000000');
    const [second] = at('collector.example');
    expect(second?.path).toBe('/grab?x=1');
    for (const name of Object.keys(PLATFORM_SECRETS).filter((n) => n !== 'cookie')) expect(second?.headers[name], name).toBeUndefined();
    expect(second?.headers.cookie).toBe('consent=yes');
    expect(second?.headers.accept).toBe('application/json');
    expect(second?.headers['accept-language']).toBe('de-DE');
    expect(second?.headers['user-agent']).toBe('Googlebot');
    expect(second?.headers.range).toBe('bytes=0-99');
    // Like a browser's strict-origin-when-cross-origin: the new site learns the site, not the page.
    expect(second?.headers.referer).toBe('https://x.com/');
  });

  it('does not send the first host\'s jar cookies to the new host', async () => {
    const { client, at } = await sites((got) => (got.host === 'www.instagram.com' ? { status: 302, location: 'https://collector.example/' } : { status: 200 }));
    client.cookies.importNetscape('reels', '.instagram.com\tTRUE\t/\tTRUE\t4102444800\tsessionid\tig-secret');
    await client.request({ url: 'https://www.instagram.com/api/graphql', scope: 'reels' });
    expect(at('www.instagram.com')[0]?.headers.cookie).toBe('sessionid=ig-secret');
    expect(at('collector.example')[0]?.headers.cookie).toBeUndefined();
  });

  it.each([
    ['another port', 'https://api.x.com:8443/next'],
    ['another scheme', 'http://api.x.com/next'],
    ['another subdomain', 'https://x.com/next'],
  ])('treats %s as another origin', async (_what, location) => {
    const { client, received } = await sites((got) => (got.path === '/start' ? { status: 302, location } : { status: 200 }));
    await client.request({ url: 'https://api.x.com/start', headers: { 'x-guest-token': 'g', authorization: 'Bearer a' } });
    expect(received).toHaveLength(2);
    expect(received[1]?.headers['x-guest-token']).toBeUndefined();
    expect(received[1]?.headers.authorization).toBeUndefined();
  });

  it('keeps every header on a same-origin redirect', async () => {
    const { client, received } = await sites((got) => (got.path === '/start' ? { status: 301, location: '/moved' } : { status: 200 }));
    await client.request({ url: 'https://api.x.com/start', headers: { 'x-guest-token': 'g', authorization: 'Bearer a', cookie: 'a=1', referer: 'https://x.com/someone/status/1' } });
    expect(received[1]).toMatchObject({ host: 'api.x.com', path: '/moved', headers: { 'x-guest-token': 'g', authorization: 'Bearer a', cookie: 'a=1', referer: 'https://x.com/someone/status/1' } });
  });

  it('refuses a 307 that would re-send a POST body to another origin, and the fetcher answers a 502 naming the site', async () => {
    const { client, at } = await sites((got) =>
      got.host === 'gql.twitch.tv' ? { status: 307, location: 'https://collector.example/gql' } : { status: 200, body: '{"data":{}}' },
    );
    const fetched = await fetchUpstream(client, 'clips_b', {
      url: 'https://gql.twitch.tv/gql',
      method: 'POST',
      body: '[{"operationName":"ShareClipRenderStatus"}]',
      headers: { 'client-id': 'kimne78kx3ncx6brgo4mv6wki5h1ko', 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(at('gql.twitch.tv')).toHaveLength(1);
    expect(at('collector.example')).toEqual([]);
    expect(fetched.ok).toBe(false);
    if (fetched.ok) return;
    expect(fetched.failure).toMatchObject({ status: 502, error: 'Upstream error' });
    expect(fetched.failure.message).toMatch(/^Twitch request failed: .*gql\.twitch\.tv.*collector\.example/);
  });

  it('refuses a 308 POST to another origin too, even without a body', async () => {
    const { client, at } = await sites((got) => (got.host === 'api.x.com' ? { status: 308, location: 'https://collector.example/' } : { status: 200 }));
    const error = await failureOf(client.request({ url: 'https://api.x.com/1.1/guest/activate.json', method: 'POST' }));
    expect(error.failure).toBe('unsafe_redirect');
    expect(error.message).toMatch(/api\.x\.com.*collector\.example/);
    expect(at('collector.example')).toEqual([]);
  });

  it('re-sends method, body and headers on a same-origin 307', async () => {
    const { client, received } = await sites((got) => (got.path === '/gql' ? { status: 307, location: '/gql/v2' } : { status: 200, body: 'done' }));
    const response = await client.request({ url: 'https://gql.twitch.tv/gql', method: 'POST', body: '{"q":1}', headers: { 'client-id': 'c', 'content-type': 'application/json' } });
    expect(response.text()).toBe('done');
    expect(received[1]).toMatchObject({ path: '/gql/v2', method: 'POST', body: '{"q":1}', headers: { 'client-id': 'c', 'content-type': 'application/json' } });
  });

  it('follows a 307 GET to another origin (no body to leak), without the credentials', async () => {
    const { client, at } = await sites((got) => (got.host === 'video.twimg.com' ? { status: 307, location: 'https://cdn2.example/a.mp4' } : { status: 200, body: 'media' }));
    const response = await client.request({ url: 'https://video.twimg.com/a.mp4', headers: { 'x-guest-token': 'g', range: 'bytes=0-' } });
    expect(response.text()).toBe('media');
    expect(at('cdn2.example')[0]).toMatchObject({ method: 'GET', headers: { range: 'bytes=0-' } });
    expect(at('cdn2.example')[0]?.headers['x-guest-token']).toBeUndefined();
  });

  it.each([301, 302, 303])('follows a POST answered with %i as a GET without body or body headers', async (status) => {
    const { client, at } = await sites((got) => (got.path === '/api/graphql' ? { status, location: 'https://www.instagram.com/accounts/login/' } : { status: 200 }));
    await client.request({ url: 'https://www.instagram.com/api/graphql', method: 'POST', body: 'lsd=secret&doc_id=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const [, follow] = at('www.instagram.com');
    expect(follow).toMatchObject({ path: '/accounts/login/', method: 'GET', body: '' });
    expect(follow?.headers['content-type']).toBeUndefined();
    expect(follow?.headers['content-length']).toBeUndefined();
  });

  it('keeps HEAD a HEAD after a 303', async () => {
    const { client, received } = await sites((got) => (got.path === '/ep.mp3' ? { status: 303, location: 'https://media.example/file.mp3' } : { status: 200 }));
    await client.request({ url: 'https://dts.podtrac.example/ep.mp3', method: 'HEAD' });
    expect(received.map((r) => r.method)).toEqual(['HEAD', 'HEAD']);
  });
});
