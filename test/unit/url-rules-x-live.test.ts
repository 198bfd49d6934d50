// The X link shapes of research/upstream-live-2026.md §11 that yt-dlp accepts (TwitterIE and
// TwitterCardIE `_VALID_URL`): each names one post, so it must be accepted with that post's cache
// key; `/video/<n>` beyond the first names one video of the post, with a key of its own.
import { describe, expect, it } from 'vitest';
import { parseAny, parseForPlatform } from '#shared/url/parse';

const ID = '1783171523410284672';

describe('X link shapes that name one post', () => {
  it.each([
    // twitter.com/statuses/<id> (the old API form)
    [`https://twitter.com/statuses/${ID}`, ID, `https://x.com/i/status/${ID}`],
    ['https://www.twitter.com/statuses/20', '20', 'https://x.com/i/status/20'],
    [`twitter.com/statuses/${ID}?s=20`, ID, `https://x.com/i/status/${ID}`],
    // m.twitter.com (and m.x.com) post links
    [`https://m.twitter.com/NASA/status/${ID}`, ID, `https://x.com/NASA/status/${ID}`],
    ['https://m.twitter.com/jack/status/20?lang=en', '20', 'https://x.com/jack/status/20'],
    [`https://m.x.com/Some_User_15ch/status/${ID}/`, ID, `https://x.com/Some_User_15ch/status/${ID}`],
    // /photo/<n>: the photo viewer of the same post
    [`https://x.com/NASA/status/${ID}/photo/1`, ID, `https://x.com/NASA/status/${ID}`],
    ['https://twitter.com/giphz/status/657991469417025536/photo/1', '657991469417025536', 'https://x.com/giphz/status/657991469417025536'],
    [`https://mobile.twitter.com/NASA/status/${ID}/photo/3?s=46`, ID, `https://x.com/NASA/status/${ID}`],
    // /i/videos/tweet/<id> and /i/videos/<id> (the embed player)
    ['https://twitter.com/i/videos/tweet/705235433198714880', '705235433198714880', 'https://x.com/i/status/705235433198714880'],
    [`https://x.com/i/videos/tweet/${ID}`, ID, `https://x.com/i/status/${ID}`],
    ['https://twitter.com/i/videos/752274308186120192', '752274308186120192', 'https://x.com/i/status/752274308186120192'],
    // /video/1 is the post too
    ['https://twitter.com/CTVJLaidlaw/status/1600649710662213632/video/1', '1600649710662213632', 'https://x.com/CTVJLaidlaw/status/1600649710662213632'],
  ])('%s → key %s', (url, key, normalized) => {
    const result = parseForPlatform('microblog', url);
    expect(result).toMatchObject({ ok: true, platform: 'microblog', canonicalKey: key, itemId: key, normalizedUrl: normalized });
    expect(parseAny(url)).toEqual(result);
  });
});

describe('/video/<n> past the first', () => {
  it.each([
    ['https://twitter.com/CTVJLaidlaw/status/1600649710662213632/video/2', '1600649710662213632', '2', 'https://x.com/CTVJLaidlaw/status/1600649710662213632/video/2'],
    ['https://twitter.com/hlo_again/status/1599108751385972737/video/2?s=20', '1599108751385972737', '2', 'https://x.com/hlo_again/status/1599108751385972737/video/2'],
    [`https://m.twitter.com/NASA/status/${ID}/video/4`, ID, '4', `https://x.com/NASA/status/${ID}/video/4`],
    [`https://x.com/i/web/status/${ID}/video/3`, ID, '3', `https://x.com/i/web/status/${ID}/video/3`],
  ])('%s names media #%s', (url, id, n, normalized) => {
    expect(parseForPlatform('microblog', url)).toMatchObject({ ok: true, canonicalKey: `${id}/video/${n}`, itemId: id, parts: { media: n }, normalizedUrl: normalized });
  });

  it('every form of one video shares one key, distinct from the post and from its other videos', () => {
    const key = (url: string) => {
      const result = parseForPlatform('microblog', url);
      return result.ok ? result.canonicalKey : result.reason;
    };
    expect(key(`https://x.com/NASA/status/${ID}/video/2`)).toBe(key(`https://mobile.twitter.com/someone/status/${ID}/video/2?s=20`));
    expect(key(`https://x.com/NASA/status/${ID}/video/2`)).not.toBe(key(`https://x.com/NASA/status/${ID}`));
    expect(key(`https://x.com/NASA/status/${ID}/video/2`)).not.toBe(key(`https://x.com/NASA/status/${ID}/video/3`));
  });
});

describe('shapes that still name no single post', () => {
  it.each([
    'https://twitter.com/statuses/',
    'https://twitter.com/statuses/abc',
    'https://x.com/i/videos/tweet/',
    'https://x.com/i/videos/tweet/12ab',
    `https://x.com/NASA/status/${ID}/video/0`,
    `https://x.com/NASA/status/${ID}/video/`,
    `https://x.com/NASA/status/${ID}/photo/1/extra`,
    `https://x.com/NASA/status/${ID}/retweets`,
    `https://x.com/NASA/status/${ID}/video/100`,
    `https://m.twitter.com/NASA/likes`,
    'https://x.com/i/spaces/1YqKDqDXAbVKV',
    'https://x.com/i/broadcasts/1yNGaQLWpejGj',
  ])('rejects %s', (url) => {
    const result = parseForPlatform('microblog', url);
    expect(result).toMatchObject({ ok: false, error: 'Invalid URL' });
  });
});
