// Admission control for synchronous speech-to-text (research F13), through the REST API of a
// service built in-process with its limits at one running transcription and none waiting: the
// fixture's hostile CDN (hosts/hostile.ts) holds one X video's media, so a transcription is running
// for as long as the test wants.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildFetchers } from '#service/platforms/index';
import { TranscriptService } from '#service/service';
import { SttAdmission } from '#service/stt/admission';
import { SpeechToText } from '#service/stt/index';
import { PLAIN_GUARD_MS } from '../helpers/guards';
import type { Reply } from '../helpers/http';
import { startInProcessRest, type InProcessRest } from '../helpers/inProcessRest';
import { documentProblems } from '../helpers/openapiValidator';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { HOSTILE_HOST, HOSTILE_X_IDS, holdMedia } from '../upstream/hosts/hostile';

let rest: InProcessRest;

beforeAll(async () => {
  rest = await startInProcessRest({
    service: (opened) => {
      const stt = new SpeechToText({ store: opened.store, upstream: opened.upstream, home: opened.home, settings: opened.settings, admission: new SttAdmission({ running: 1, waiting: 0 }) });
      return new TranscriptService({ store: opened.store, fetchers: buildFetchers({ upstream: opened.upstream, stt, profile: opened.profile }) });
    },
  });
});
afterAll(() => rest.close());

const post_ = (id: string) => `https://x.com/harborfilms/status/${id}`;
const transcript = (id: string) => rest.transcript('microblog', post_(id));
const balance = () => rest.balance();
const mediaRequests = (id: string) => rest.fixture.requests.filter((r) => new URL(r.url).host === HOSTILE_HOST && r.url.includes(`/${id}.mp4`));

describe('one transcription at a time, none waiting', () => {
  it('a second item while one runs: 503 with Retry-After, free, nothing downloaded; the same item joins; the first succeeds; afterwards the second goes through', { timeout: clipGuardMs(2) }, async () => {
    const before = await balance();
    const release = holdMedia(HOSTILE_X_IDS.held);
    let first: Promise<Reply> | undefined;
    try {
      first = transcript(HOSTILE_X_IDS.held);
      // Its media was asked for: it holds the one place until the fixture lets the media go.
      await vi.waitFor(() => expect(mediaRequests(HOSTILE_X_IDS.held)).toHaveLength(1), { timeout: PLAIN_GUARD_MS, interval: 20 });

      const busy = await transcript(HOSTILE_X_IDS.heldToo);
      expect(busy.status, busy.text).toBe(503);
      expect(busy.body).toEqual({ error: 'Speech-to-text busy', code: 'stt_busy', message: expect.stringMatching(/^Speech-to-text is busy: .*Nothing was charged; retry after \d+ s$/) as unknown });
      const retryAfter = busy.headers.get('retry-after') ?? '';
      expect(retryAfter).toMatch(/^[1-9]\d*$/);
      expect(busy.body.message).toContain(`retry after ${retryAfter} s`);
      expect(busy.headers.get('x-ratelimit-limit')).not.toBeNull();
      // The 503 the API document promises (docs/openapi.json): body, Retry-After and rate headers.
      expect(documentProblems({ method: 'POST', path: '/api/microblog/transcript', status: 503, headers: busy.headers, text: busy.text })).toEqual([]);
      expect(mediaRequests(HOSTILE_X_IDS.heldToo)).toEqual([]);
      expect(await balance()).toBe(before);

      // The same item again joins the running transcription instead of asking for a place.
      const joined = transcript(HOSTILE_X_IDS.held);
      release();
      const [a, b] = await Promise.all([first, joined]);
      expect(a.status, a.text).toBe(200);
      expectClipSpeech(a.body.transcript);
      expect(b.status, b.text).toBe(200);
      expect(b.body.transcript).toBe(a.body.transcript);
      expect(mediaRequests(HOSTILE_X_IDS.held)).toHaveLength(1);
      expect(await balance()).toBe(before - 1);
    } finally {
      release();
      await first?.catch(() => undefined);
    }

    const later = await transcript(HOSTILE_X_IDS.heldToo);
    expect(later.status, later.text).toBe(200);
    expectClipSpeech(later.body.transcript);
    expect(await balance()).toBe(before - 2);
  });
});
