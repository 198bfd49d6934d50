// X with a signed-in session (issue 11 point 8, research §0 X3): the cookies a user imported from
// their browser (`auth_token`, `ct0`) switch the fetcher to X's signed-in protocol: `x-csrf-token`
// from `ct0`, `x-twitter-auth-type: OAuth2Session`, and no guest token. Only the desktop app holds
// imported cookies, so the REST API here is served in-process on a service whose microblog jar has
// them (the fixture answers 403 to a session request without the matching csrf header).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookieLine, startInProcessRest, type InProcessRest } from '../helpers/inProcessRest';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { X_IDS, X_SESSION } from '../upstream/hosts/x';

let rest: InProcessRest;

beforeAll(async () => {
  rest = await startInProcessRest();
  const cookies = [cookieLine('.x.com', 'auth_token', X_SESSION.authToken), cookieLine('.x.com', 'ct0', X_SESSION.ct0)].join('\n');
  expect(rest.opened.upstream.cookies.importNetscape('microblog', cookies)).toEqual({ imported: 2, skipped: 0 });
});
afterAll(() => rest.close());

const balance = () => rest.balance();

it('an age-restricted post that guests cannot see: the session sees it, no guest token is activated, one credit', { timeout: clipGuardMs() }, async () => {
  const before = await balance();
  const mark = rest.fixture.requests.length;
  const reply = await rest.transcript('microblog', `https://x.com/harborfilms/status/${X_IDS.signedInOnly}`);
  expect(reply.status, reply.text).toBe(200);
  expectClipSpeech(reply.body.transcript);
  expect(reply.body.credits).toBe(before - 1);
  expect(await balance()).toBe(before - 1);
  const requests = rest.fixture.requests.slice(mark).map((r) => r.url);
  expect(requests.some((u) => u.includes('/guest/activate.json'))).toBe(false);
  expect(requests.filter((u) => u.includes('/TweetResultByRestId?'))).toHaveLength(1);
});
