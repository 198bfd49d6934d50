// X with a signed-in session (issue 11 point 8, research §0 X3): the cookies a user imported from
// their browser (`auth_token`, `ct0`) switch the fetcher to X's signed-in protocol: `x-csrf-token`
// from `ct0`, `x-twitter-auth-type: OAuth2Session`, and no guest token. Only the desktop app holds
// imported cookies, so the REST API here is served in-process on a service whose microblog jar has
// them (the fixture answers 403 to a session request without the matching csrf header).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src-main/http/server';
import { call, post } from '../helpers/http';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { openTestService } from '../helpers/stt';
import { X_IDS, X_SESSION } from '../upstream/hosts/x';
import { prepareMedia } from '../upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let fixture: FixtureUpstream;
let opened: ReturnType<typeof openTestService>;
let api: RunningServer;

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  fixture = await startFixtureUpstream({ mediaDir: inject('speechCache') });
  opened = openTestService({ TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  opened.settings.set('stt.engine', 'pocketsphinx');
  const cookies = [`.x.com\tTRUE\t/\tTRUE\t4102444800\tauth_token\t${X_SESSION.authToken}`, `.x.com\tTRUE\t/\tTRUE\t4102444800\tct0\t${X_SESSION.ct0}`].join('\n');
  expect(opened.upstream.cookies.importNetscape('microblog', cookies)).toEqual({ imported: 2, skipped: 0 });
  api = await startApiServer(opened.service, '127.0.0.1', 0);
});
afterAll(async () => {
  await api.close();
  opened.remove();
  await fixture.close();
});

const balance = async () => (await call(api.url, 'GET', '/api/balance', { key: opened.owner.key })).body.credits as number;

it('an age-restricted post that guests cannot see: the session sees it, no guest token is activated, one credit', { timeout: clipGuardMs() }, async () => {
  const before = await balance();
  const mark = fixture.requests.length;
  const reply = await post(api.url, '/api/microblog/transcript', opened.owner.key, { url: `https://x.com/harborfilms/status/${X_IDS.signedInOnly}` });
  expect(reply.status, reply.text).toBe(200);
  expectClipSpeech(reply.body.transcript);
  expect(reply.body.credits).toBe(before - 1);
  expect(await balance()).toBe(before - 1);
  const requests = fixture.requests.slice(mark).map((r) => r.url);
  expect(requests.some((u) => u.includes('/guest/activate.json'))).toBe(false);
  expect(requests.filter((u) => u.includes('/TweetResultByRestId?'))).toHaveLength(1);
});
