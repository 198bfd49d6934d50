// Issue 13 item 7: "Transcribe the audio" on a TikTok that ended "has the video but no captions":
// our speech-to-text of its audio (pocketsphinx on the fixture's flite clip), charged the spec's
// one credit only when a transcript is delivered; a failure (whisper without a model) is free and
// leaves the row as it was, with the reason.
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it, vi } from 'vitest';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { prepareMedia } from '../upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

const NO_CAPTIONS = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.videoNoCaptions}`;
const WITH_CAPTIONS = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}`;

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  fixture = await startFixtureUpstream({ mediaDir: inject('speechCache') });
});
afterAll(() => fixture.close());
beforeEach(async () => {
  home = tempHome();
  t = await openTestDesk(home.dir, fixture.url);
  await t.call('queue.enqueue', { entries: [{ url: NO_CAPTIONS }, { url: WITH_CAPTIONS }] });
  await t.call('queue.run', {});
  // A hang guard: two items against the loopback fixture settle in well under a second.
  await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.map((i) => i.status)).toEqual(['empty', 'done']), { timeout: 20_000 });
});
afterEach(async () => {
  await t.close();
  home.remove();
});

const itemOf = async (url: string) => {
  const item = (await t.call('queue.list', {})).items.find((i) => i.url === url);
  if (item === undefined) throw new Error(`no item for ${url}`);
  return item;
};
const settled = (url: string, timeout: number) =>
  vi.waitFor(
    async () => {
      const item = await itemOf(url);
      expect(item.status).not.toBe('running');
      return item;
    },
    { timeout, interval: 100 },
  );

it('turns the empty TikTok into a transcript from its audio, for one credit', { timeout: clipGuardMs() + 30_000 }, async () => {
  await t.opened.stt.settings.set('stt.engine', 'pocketsphinx');
  const before = (await t.call('balance.get', {})).credits;
  const empty = await itemOf(NO_CAPTIONS);
  expect(empty.credits).toBe(1);

  expect(await t.call('queue.transcribeAudio', { id: empty.id })).toEqual({ started: true });
  const done = await settled(NO_CAPTIONS, clipGuardMs());
  expect(done).toMatchObject({ status: 'done', message: 'Transcribed from the video’s audio (our speech-to-text)', credits: 2, error: null });
  expect((await t.call('balance.get', {})).credits).toBe(before - 1);
  const view = await t.call('transcript.get', { ref: done.transcript ?? { kind: 'episode', key: 'none' } });
  expectClipSpeech(view.text);
  expect(view.itemId).toBe(TIKTOK_IDS.videoNoCaptions);

  // Only an empty TikTok/Facebook row offers it: a captioned one is refused, free.
  const captioned = await itemOf(WITH_CAPTIONS);
  expect(await t.raw('queue.transcribeAudio', { id: captioned.id })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  expect((await t.call('balance.get', {})).credits).toBe(before - 1);
});

it('charges nothing when speech-to-text fails, and the row keeps the button with the reason', { timeout: 60_000 }, async () => {
  await t.opened.stt.settings.set('stt.engine', 'whisper');
  const before = (await t.call('balance.get', {})).credits;
  const empty = await itemOf(NO_CAPTIONS);
  await t.call('queue.transcribeAudio', { id: empty.id });
  const after = await settled(NO_CAPTIONS, 30_000);
  expect(after).toMatchObject({ status: 'empty', credits: 1, message: expect.stringMatching(/^Transcribing the audio failed: Speech-to-text unavailable: .*whisper.*Nothing was charged$/) as string });
  expect((await t.call('balance.get', {})).credits).toBe(before);
});
