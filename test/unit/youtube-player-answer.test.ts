// The player answer is read for its three members only (issue 16): on every recorded answer, and on
// shapes made to trip a cut (a member named twice, a quote escaped inside a string, pretty-printed
// JSON), the fetcher's decisions are those of the whole answer parsed.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPlayer } from '#service/platforms/youtube/player';
import { playerAnswerOf } from '#service/platforms/youtube/playerAnswer';
import { captionTracksOf } from '#service/platforms/youtube/tracks';

const FIXTURES = resolve(__dirname, '../fixtures/youtube');
const answers = readdirSync(FIXTURES).filter((name) => name.startsWith('innertube-player-'));

/** What the fetcher decides from an answer: the verdict and the track list. */
function decisions(value: unknown, videoId: string) {
  return { verdict: readPlayer(value, videoId), tracks: captionTracksOf(value) };
}

function expectSameDecisions(body: Buffer, videoId: string): void {
  const whole = JSON.parse(body.toString('utf8')) as unknown;
  const read = playerAnswerOf(body, videoId);
  expect(read.ok).toBe(true);
  if (read.ok) expect(decisions(read.value, videoId)).toEqual(decisions(whole, videoId));
}

const videoIdOf = (value: unknown) => ((value as { videoDetails?: { videoId?: string } }).videoDetails?.videoId ?? 'dQw4w9WgXcQ');

describe('the player answer read for three members', () => {
  it.each(answers)('%s: the same verdict and tracks as the whole answer, compact and pretty-printed', (name) => {
    const raw = readFileSync(resolve(FIXTURES, name));
    const value = JSON.parse(raw.toString('utf8')) as unknown;
    expectSameDecisions(Buffer.from(JSON.stringify(value)), videoIdOf(value));
    expectSameDecisions(Buffer.from(JSON.stringify(value, null, 2)), videoIdOf(value));
  });

  it('cuts the members out of a playable answer (the fast path is taken)', () => {
    const value = { playabilityStatus: { status: 'OK' }, videoDetails: { videoId: 'abcdefghijk', title: 'a "quoted" \\ title' }, captions: { playerCaptionsTracklistRenderer: { captionTracks: [] } }, streamingData: { formats: [{ url: 'x' }] } };
    const read = playerAnswerOf(Buffer.from(JSON.stringify(value)), 'abcdefghijk');
    expect(read).toEqual({ ok: true, value: { playabilityStatus: value.playabilityStatus, videoDetails: value.videoDetails, captions: value.captions } });
  });

  it('a member named twice (a nested "captions") is read from the whole answer', () => {
    const value = { playabilityStatus: { status: 'OK' }, playerConfig: { captions: { playerCaptionsTracklistRenderer: { captionTracks: [{ baseUrl: 'https://nested', languageCode: 'xx' }] } } }, videoDetails: { videoId: 'abcdefghijk' }, captions: { playerCaptionsTracklistRenderer: { captionTracks: [{ baseUrl: 'https://www.youtube.com/api/timedtext?v=abcdefghijk&lang=en', languageCode: 'en' }] } } };
    expectSameDecisions(Buffer.from(JSON.stringify(value)), 'abcdefghijk');
  });

  it('a body that is not JSON is still refused as not JSON', () => {
    expect(playerAnswerOf(Buffer.from('<html>blocked</html>'), 'abcdefghijk')).toEqual({ ok: false });
  });

  it('any strings around and inside the members: the same decisions as the whole answer', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.boolean(), (title, noise, lang, pretty) => {
        const value = {
          noise: { text: noise, captionsLike: `"captions": ${noise}` },
          playabilityStatus: { status: 'OK', reason: noise },
          videoDetails: { videoId: 'abcdefghijk', title },
          captions: { playerCaptionsTracklistRenderer: { captionTracks: [{ baseUrl: `https://www.youtube.com/api/timedtext?v=abcdefghijk&lang=${encodeURIComponent(lang)}`, languageCode: lang || 'en', name: { simpleText: title } }] } },
        };
        expectSameDecisions(Buffer.from(pretty ? JSON.stringify(value, null, 1) : JSON.stringify(value)), 'abcdefghijk');
      }),
      { numRuns: 300 },
    );
  });
});
