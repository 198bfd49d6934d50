// The TikTok and Instagram link shapes of issue 11 point 13 (research upstream-live-2026 §11): each
// names one item, so each is accepted and keyed like the plain video/post link (a cache hit across
// forms); stories are refused as the spec's "Invalid URL".
import { describe, expect, it } from 'vitest';
import { parseAny, parseForPlatform } from '#shared/url/parse';

const SEC_UIDS = [
  'MS4wLjABAAAATh8Vewkn0LYM7Fo03iec3qKdeCUOcBIouRk1mkiag6h3o_pQu_dUXvZ2EZlGST7_',
  'MS4wLjABAAAAM3R2BtjzVT-uAtstkl2iugMzC6AtnpkojJbjiOdDDrdsTiTR75-8lyWJCY5VvDrZ',
  'MS4wLjABAAAA-kQ8yL2h_Zx0vN1bC7dR3eT5fG6hJ8iK9lM0nO1pQ2rS3tU4vW5xY6zA7bC8dE9f',
];
const VIDEO_IDS = ['7042692929109986561', '7668090902816017671', '7350123456789012345'];

describe('TikTok: every form of one video has the video id as its key', () => {
  it('has 76-character secUids with - and _ in the test data', () => {
    for (const secUid of SEC_UIDS) expect(secUid).toHaveLength(76);
  });

  const cases: [string, string, string][] = [
    ...SEC_UIDS.map((secUid, i): [string, string, string] => [`https://www.tiktok.com/@${secUid}/video/${VIDEO_IDS[i]}`, VIDEO_IDS[i] as string, `https://www.tiktok.com/@${secUid}/video/${VIDEO_IDS[i]}`]),
    ...VIDEO_IDS.map((id): [string, string, string] => [`https://www.tiktok.com/share/video/${id}`, id, `https://www.tiktok.com/@_/video/${id}`]),
    ...VIDEO_IDS.map((id): [string, string, string] => [`https://tiktok.com/share/video/${id}/?u_code=dfk3&share_app_id=1233`, id, `https://www.tiktok.com/@_/video/${id}`]),
    ...VIDEO_IDS.map((id): [string, string, string] => [`https://www.tiktokv.com/share/video/${id}/`, id, `https://www.tiktok.com/@_/video/${id}`]),
    ...VIDEO_IDS.map((id): [string, string, string] => [`https://www.tiktok.com/@/video/${id}/`, id, `https://www.tiktok.com/@_/video/${id}`]),
    ...VIDEO_IDS.map((id): [string, string, string] => [`https://www.tiktok.com/embed/${id}`, id, `https://www.tiktok.com/@_/video/${id}`]),
    ...VIDEO_IDS.map((id): [string, string, string] => [`https://www.tiktok.com/embed/v2/${id}?lang=en-US&referrer=https%3A%2F%2Fexample.com`, id, `https://www.tiktok.com/@_/video/${id}`]),
  ];

  it.each(cases)('%s → %s', (url, key, normalizedUrl) => {
    expect(parseForPlatform('shortform', url)).toMatchObject({ ok: true, platform: 'shortform', canonicalKey: key, itemId: key, normalizedUrl });
    // Auto-detection finds the platform from the host alone (tiktokv.com too).
    expect(parseAny(url)).toMatchObject({ ok: true, platform: 'shortform', canonicalKey: key });
  });

  it.each([
    'https://www.tiktok.com/embed/123',
    'https://www.tiktok.com/embed/v3/7042692929109986561',
    'https://www.tiktok.com/embed/@scout2015',
    'https://www.tiktok.com/share/video/',
    'https://www.tiktok.com/share/live/7209423610325322522',
    'https://www.tiktokv.com/@scout2015/video/7042692929109986561',
    'https://www.tiktokv.com/embed/7042692929109986561',
    `https://www.tiktok.com/@${'a'.repeat(101)}/video/7042692929109986561`,
    'https://www.tiktok.com/@sc out/video/7042692929109986561',
    `https://www.tiktok.com/@${SEC_UIDS[0]}`,
  ])('rejects %s', (url) => {
    expect(parseForPlatform('shortform', url)).toMatchObject({ ok: false, error: 'Invalid URL' });
  });
});

describe('Instagram: user-prefixed and embed forms name the post; stories are invalid', () => {
  const SHORTCODES = ['CWqAgUZgCku', 'C2Q8kx7Lg9d', 'DFx1ReelOk0'];

  it.each([
    ...SHORTCODES.map((sc): [string, string, string] => [`https://www.instagram.com/marvelskies.fc/reel/${sc}/`, sc, `https://www.instagram.com/reel/${sc}/`]),
    ...SHORTCODES.map((sc): [string, string, string] => [`https://instagram.com/natgeo/p/${sc}/?img_index=1`, sc, `https://www.instagram.com/p/${sc}/`]),
    ...SHORTCODES.map((sc): [string, string, string] => [`https://www.instagram.com/harbor_films/reels/${sc}`, sc, `https://www.instagram.com/reel/${sc}/`]),
    ...SHORTCODES.map((sc): [string, string, string] => [`https://www.instagram.com/p/${sc}/embed/`, sc, `https://www.instagram.com/p/${sc}/`]),
    ...SHORTCODES.map((sc): [string, string, string] => [`https://www.instagram.com/reel/${sc}/embed/captioned/?cr=1&v=14`, sc, `https://www.instagram.com/reel/${sc}/`]),
  ])('%s → %s', (url, key, normalizedUrl) => {
    expect(parseForPlatform('reels', url)).toMatchObject({ ok: true, platform: 'reels', canonicalKey: key, itemId: key, normalizedUrl });
  });

  it.each([
    'https://www.instagram.com/stories/natgeo/3301234567890123456/',
    'https://www.instagram.com/stories/harbor.films/3312345678901234567/?utm_source=ig_story_item_share&igsh=MXh0',
    'https://instagram.com/stories/marvelskies.fc/3298765432109876543',
    'https://www.instagram.com/stories/highlights/17912345678901234/',
  ])('a story is 400 Invalid URL: %s', (url) => {
    const result = parseForPlatform('reels', url);
    expect(result).toMatchObject({ ok: false, error: 'Invalid URL', reason: expect.stringMatching(/stories are not supported/) as unknown });
  });

  it.each([
    'https://www.instagram.com/natgeo/',
    'https://www.instagram.com/natgeo/tagged/',
    'https://www.instagram.com/natgeo/reel/',
    'https://www.instagram.com/a/b/reel/CWqAgUZgCku/',
    'https://www.instagram.com/p/CWqAgUZgCku/embed/other/',
    'https://www.instagram.com/p/CWqAgUZgCku/liked_by/',
    'https://www.instagram.com/reels/audio/1234567890123/',
    'https://www.instagram.com/explore/tags/cats/',
  ])('rejects %s', (url) => {
    expect(parseForPlatform('reels', url)).toMatchObject({ ok: false, error: 'Invalid URL' });
  });
});
