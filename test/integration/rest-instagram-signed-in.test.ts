// reels (Instagram) with a signed-in session: a `sessionid` cookie in the reels jar (what the desktop
// app loads from the keychain at start, desk/cookies.ts) switches the fetcher to Instagram's
// signed-in API, `api/v1/media/<pk>/info/`, as yt-dlp does. Black-box through the REST API of the
// service built in-process (so the test can put the cookie in the jar, as the app does), against the
// fixture upstream.
import { Cookie } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../helpers/http';
import { startInProcessRest, type InProcessRest } from '../helpers/inProcessRest';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { INSTAGRAM_SESSION_ID, INSTAGRAM_SHORTCODES } from '../upstream/hosts/instagram';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const mediaIdOf = (shortcode: string) => [...shortcode].reduce((id, c) => id * 64n + BigInt(ALPHABET.indexOf(c)), 0n).toString();
const mediaInfo = (shortcode: string) => `https://www.instagram.com/api/v1/media/${mediaIdOf(shortcode)}/info/`;

let rest: InProcessRest;

beforeAll(async () => {
  rest = await startInProcessRest();
});
afterAll(() => rest.close());

const transcript = (url: string): Promise<Reply> => rest.transcript('reels', url);
const balance = () => rest.balance();
const signIn = (sessionId: string) => {
  rest.opened.upstream.cookies.clear('reels');
  const expires = new Date(Date.now() + 86_400_000);
  rest.opened.upstream.cookies.load('reels', [
    new Cookie({ key: 'sessionid', value: sessionId, domain: 'instagram.com', path: '/', secure: true, httpOnly: true, expires, hostOnly: false }),
    new Cookie({ key: 'csrftoken', value: 'FixtureCsrf0123', domain: 'instagram.com', path: '/', secure: true, expires, hostOnly: false }),
  ]);
};

describe('signed in', () => {
  it('a reel Instagram restricts for visitors: the media info API, no home page, ruling or GraphQL; 200, one credit', { timeout: clipGuardMs() }, async () => {
    signIn(INSTAGRAM_SESSION_ID);
    const before = await balance();
    const mark = rest.fixture.requests.length;
    const reply = await transcript(`https://www.instagram.com/reel/${INSTAGRAM_SHORTCODES.restricted}/`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.credits).toBe(before - 1);
    const transcripts = reply.body.transcripts as { id: string; shortcode: string; text: string }[];
    expect(transcripts).toEqual([{ id: mediaIdOf(INSTAGRAM_SHORTCODES.restricted), shortcode: INSTAGRAM_SHORTCODES.restricted, text: expect.any(String) as unknown }]);
    expectClipSpeech(transcripts[0]?.text);
    const pages = rest.fixture.requests.slice(mark).map((r) => r.url).filter((url) => url.startsWith('https://www.instagram.com/'));
    expect(pages).toEqual([mediaInfo(INSTAGRAM_SHORTCODES.restricted)]);
    expect(await balance()).toBe(before - 1);
  });

  it('a post the signed-in API says is not found: 404 in its words, free', async () => {
    signIn(INSTAGRAM_SESSION_ID);
    const before = await balance();
    const reply = await transcript(`https://www.instagram.com/p/${INSTAGRAM_SHORTCODES.deleted}/`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'No transcript available for this video', message: 'Instagram says: Media not found or unavailable' });
    expect(await balance()).toBe(before);
  });

  it('a session Instagram no longer accepts (sent to its login page): the visitor path instead, with its answer', async () => {
    signIn('expired-session');
    const before = await balance();
    const mark = rest.fixture.requests.length;
    const reply = await transcript(`https://www.instagram.com/p/${INSTAGRAM_SHORTCODES.private}/`);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toMatch(/^Instagram says: This account is private/);
    const urls = rest.fixture.requests.slice(mark).map((r) => r.url);
    expect(urls[0]).toBe(mediaInfo(INSTAGRAM_SHORTCODES.private));
    expect(urls).toContain('https://www.instagram.com/api/graphql');
    expect(await balance()).toBe(before);
  });
});
