// A client generated from the document (openapi-typescript's types in test/client/api.d.ts, made by
// `npm run openapi`) with openapi-fetch, against a real `serve` process and the fixture upstream:
// it compiles under the repo's tsc (this file is in tsconfig.json), its types are the answers' real
// shapes (the @ts-expect-error lines fail the type check if they ever become `any`), and it reads
// the balance, a transcript and a typed error.
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { paths } from '../client/api';
import { startHarness, type Harness } from '../helpers/harness';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(5);
});
afterAll(async () => {
  await h.close();
});

const clientFor = (key: string) => createClient<paths>({ baseUrl: h.server.url, headers: { Authorization: `Bearer ${key}` } });

it('reads the balance, a transcript, and an error, typed by the document', async () => {
  const client = clientFor(h.key.key);

  const balance = await client.GET('/api/balance');
  expect(balance.response.status).toBe(200);
  const credits: number | undefined = balance.data?.credits;
  const plan: string | undefined = balance.data?.plan;
  expect({ credits, plan }).toEqual({ credits: 5, plan: 'free' });
  // @ts-expect-error the balance record has no such field
  expect(balance.data?.balance).toBeUndefined();

  const url = `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`;
  const answer = await client.POST('/api/longform/transcript', { body: { url } });
  expect(answer.response.status).toBe(200);
  const data = answer.data;
  if (data === undefined) throw new Error(`no transcript: ${JSON.stringify(answer.error)}`);
  const firstSegment: { text: string; startMs: string } | undefined = data.transcript[0];
  expect(firstSegment?.startMs).toMatch(/^\d+$/);
  expect(data.transcript_only_text.length).toBeGreaterThan(100);
  expect(data.videoId).toBe(YOUTUBE_IDS.withCaptions);
  expect(data.credits).toBe(4);
  // @ts-expect-error a longform answer has no `transcripts` (that is reels')
  expect(data.transcripts).toBeUndefined();
  // @ts-expect-error the request body has no field `link`
  await client.POST('/api/longform/transcript', { body: { link: url } }).catch(() => undefined);

  const missing = await client.POST('/api/longform/transcript', { body: { url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.noCaptions}` } });
  expect(missing.response.status).toBe(404);
  const error: string | undefined = missing.error?.error;
  expect(error).toBe('No transcript available for this video');

  const refused = await clientFor('sk_live_not_a_key').GET('/api/balance');
  expect(refused.response.status).toBe(401);
  expect(refused.error?.error).toBe('Invalid API key');
  expect(refused.response.headers.get('x-ratelimit-limit')).toBe('120');
});
