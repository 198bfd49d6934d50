// The YouTube link shapes of research/upstream-live-2026.md §11 that yt-dlp accepts: each names one
// video and gets the same cache key as its watch link; embeds of a channel's live stream or of a
// playlist name no single video and are refused.
import { describe, expect, it } from 'vitest';
import { parseAny, parseForPlatform } from '#shared/url/parse';

const SHAPES: Record<string, Record<string, string>> = {
  'youtube-nocookie.com embeds': {
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ': 'dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/GJLlxj_dtq8?rel=0&start=30': 'GJLlxj_dtq8',
    'https://youtube-nocookie.com/embed/F1xioXWb8CY?autoplay=1&mute=1': 'F1xioXWb8CY',
    'https://www.youtube-nocookie.com/v/Njp5uhTorCo?version=3&hl=en_US': 'Njp5uhTorCo',
  },
  '/v/ (old embed)': {
    'https://www.youtube.com/v/dQw4w9WgXcQ': 'dQw4w9WgXcQ',
    'https://www.youtube.com/v/BaW_jenozKc?fs=1&hl=en_US&rel=0': 'BaW_jenozKc',
    'http://youtube.com/v/dsMFmonKDD4?version=3&autohide=1': 'dsMFmonKDD4',
  },
  '/e/ (old embed)': {
    'https://www.youtube.com/e/dQw4w9WgXcQ': 'dQw4w9WgXcQ',
    'https://youtube.com/e/GJLlxj_dtq8?autoplay=1': 'GJLlxj_dtq8',
    'https://m.youtube.com/e/qVv6vCqciTM': 'qVv6vCqciTM',
  },
  'watch_popup?v=': {
    'https://www.youtube.com/watch_popup?v=dQw4w9WgXcQ': 'dQw4w9WgXcQ',
    'https://www.youtube.com/watch_popup?v=63RmMXCd_bQ&t=120': '63RmMXCd_bQ',
    'https://m.youtube.com/watch_popup?app=desktop&v=F1xioXWb8CY': 'F1xioXWb8CY',
  },
  'youtubekids.com/watch?v=': {
    'https://www.youtubekids.com/watch?v=Agk7R8I8o5U&list=PUZ6jURNr1WQZCNHF0ao-c0g': 'Agk7R8I8o5U',
    'https://youtubekids.com/watch?v=3b8nCWDgZ6Q': '3b8nCWDgZ6Q',
    'https://www.youtubekids.com/watch?v=dQw4w9WgXcQ&feature=share': 'dQw4w9WgXcQ',
  },
};

describe.each(Object.entries(SHAPES))('accepts %s', (_shape, cases) => {
  it.each(Object.entries(cases))('%s', (url, id) => {
    const result = parseForPlatform('longform', url);
    // The same item, cache key and normalized link as the watch URL of that video.
    expect(result).toEqual(parseForPlatform('longform', `https://www.youtube.com/watch?v=${id}`));
    expect(result).toMatchObject({ ok: true, canonicalKey: id, itemId: id, normalizedUrl: `https://www.youtube.com/watch?v=${id}` });
    expect(parseAny(url)).toEqual(result);
  });
});

describe('refuses links that name no single video with 400 "Invalid URL"', () => {
  it.each([
    ['https://www.youtube.com/embed/live_stream?channel=UC4R8DWoMoI7CAwX8_LjQHig', /channel live stream/],
    ['https://www.youtube-nocookie.com/embed/live_stream?channel=UCBR8-60-B28hp2BmDPdntcQ', /channel live stream/],
    ['https://youtube.com/embed/live_stream?channel=UCSJ4gkVC6NrvII8umztf0Ow&autoplay=1', /channel live stream/],
    ['https://www.youtube.com/embed/videoseries?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs', /playlist/],
    ['https://www.youtube-nocookie.com/embed/videoseries?list=PLwP_SiAcdui0KVebT0mU9Apz359a4ubsC', /playlist/],
    ['https://www.youtube.com/embed/videoseries?si=abc&list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf', /playlist/],
  ])('%s', (url, reason) => {
    const result = parseForPlatform('longform', url);
    expect(result).toMatchObject({ ok: false, platform: 'longform', error: 'Invalid URL' });
    if (!result.ok) expect(result.reason).toMatch(reason);
    expect(parseAny(url)).toMatchObject({ ok: false, error: 'Invalid URL' });
  });

  it.each([
    'https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/',
    'https://www.youtubekids.com/channel/UCbCmjCuTUZos6Inko4u57UQ',
    'https://www.youtubekids.com/watch_popup?v=dQw4w9WgXcQ',
    'https://www.youtube.com/v/short',
    'https://www.youtube.com/e/dQw4w9WgXcQ/extra',
    'https://music.youtube.com/v/dQw4w9WgXcQ',
  ])('and other shapes on the new hosts and paths: %s', (url) => {
    expect(parseForPlatform('longform', url)).toMatchObject({ ok: false, error: 'Invalid URL' });
  });
});
