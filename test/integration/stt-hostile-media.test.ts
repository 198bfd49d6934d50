// Research F1 (security-test-2026-11.md): a media CDN that answers with a playlist or a concat list
// naming a file on the service's own disk must not get that file transcribed. Through a real `serve`
// and the fixture's hostile CDN (hosts/hostile.ts): the list names the fixture's spoken clip, so a
// leak would show up as its words in the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpeechHarness, type Harness } from '../helpers/harness';
import { clipGuardMs } from '../helpers/spoken';
import { HOSTILE_HOST, HOSTILE_X_IDS } from '../upstream/hosts/hostile';

/** Words of the clip (media.ts CLIP_TEXT) that pocketsphinx reliably hears in it. */
const CLIP_WORDS = /lighthouse|harbor|keeper|stairs|lamp/i;

let h: Harness;

beforeAll(async () => {
  h = await startSpeechHarness();
});
afterAll(async () => {
  await h.close();
});

const post = (id: string) => `https://x.com/harborfilms/status/${id}`;

describe('media that names local files', () => {
  it.each([
    // Seen as a playlist despite the split (the first 1 KiB decides), so our client follows it: the
    // local path becomes a URL on the same CDN, which has no such file.
    ['an HLS playlist labelled video/mp4, arriving as "#EX" then the rest', HOSTILE_X_IDS.splitPlaylist, /answered HTTP 404 \(video\.hostile-cdn\.example\)/],
    ['an ffconcat list labelled video/mp4', HOSTILE_X_IDS.concatList, /it is an ffconcat list/],
  ])('%s: 502 naming X media and the cause, free, and the named file is never transcribed', { timeout: clipGuardMs() }, async (_name, tweetId, cause) => {
    const before = await h.balance();
    const mark = h.mark();
    const reply = await h.transcript('microblog', post(tweetId));
    expect(reply.text).not.toMatch(CLIP_WORDS);
    expect(reply.status, reply.text).toBe(502);
    expect(reply.body).toEqual({ error: 'Upstream error', message: expect.stringMatching(/^X media: /) as unknown });
    expect(reply.body.message).toMatch(cause);
    expect(await h.balance()).toBe(before);
    // The media was asked for; whatever else was fetched stayed on the hostile CDN, over HTTP.
    const media = h.requestsSince(mark).filter((u) => new URL(u).host === HOSTILE_HOST);
    expect(media[0]).toMatch(new RegExp(`/${tweetId}\\.mp4$`));
  });

  it('asking again is the same free 502: nothing was cached from the first try', { timeout: clipGuardMs() }, async () => {
    const before = await h.balance();
    const reply = await h.transcript('microblog', post(HOSTILE_X_IDS.splitPlaylist));
    expect(reply.status).toBe(502);
    expect(reply.text).not.toMatch(CLIP_WORDS);
    expect(await h.balance()).toBe(before);
  });
});
