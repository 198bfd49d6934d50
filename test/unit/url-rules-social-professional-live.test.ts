// URL shapes added for issue 11 (research upstream-live-2026 §4, §5, §11): Facebook share links,
// video.php / watch/live / story.php / permalink.php / group posts; LinkedIn ugcPost, share and
// feed/update URNs. Every new shape: at least three real-looking instances, and the look-alikes we refuse.
import { describe, expect, it } from 'vitest';
import { parseAny, parseForPlatform } from '#shared/url/parse';

describe('Facebook: the app share links are short links the server resolves', () => {
  it.each([
    ['https://www.facebook.com/share/v/1AbCdEfGh2/', 'https://www.facebook.com/share/v/1AbCdEfGh2/'],
    ['https://www.facebook.com/share/v/15xYzQ8rTm/?mibextid=wwXIfr', 'https://www.facebook.com/share/v/15xYzQ8rTm/'],
    ['https://m.facebook.com/share/v/1Gq7hKpLw3', 'https://www.facebook.com/share/v/1Gq7hKpLw3/'],
    ['https://www.facebook.com/share/r/19XyZrEeL5/', 'https://www.facebook.com/share/r/19XyZrEeL5/'],
    ['https://facebook.com/share/r/1Bm4Vn8QpZ/?mibextid=rS40aB7S9Ucbxw6v', 'https://www.facebook.com/share/r/1Bm4Vn8QpZ/'],
    ['https://web.facebook.com/share/r/DkR2x9Lw0a/', 'https://www.facebook.com/share/r/DkR2x9Lw0a/'],
  ])('%s', (input, normalized) => {
    expect(parseForPlatform('social', input)).toEqual({ ok: true, platform: 'social', canonicalKey: `short:${normalized}`, itemId: normalized.split('/')[5], normalizedUrl: normalized, shortLink: true });
  });

  it('is found by auto-detection too', () => {
    expect(parseAny('facebook.com/share/v/1AbCdEfGh2/')).toMatchObject({ ok: true, platform: 'social', shortLink: true });
  });
});

describe('Facebook: video id URLs key the same as /watch/?v=<id>', () => {
  it.each([
    'https://www.facebook.com/video.php?v=10153231379946729',
    'https://m.facebook.com/video.php?v=647537299265662&set=vb.1&type=3',
    'https://www.facebook.com/video.php?v=2525230067928144&ref=sharing',
    'https://www.facebook.com/watch/live/?v=1102379934014473',
    'https://www.facebook.com/watch/live/?ref=watch_permalink&v=647537299265662',
    'https://m.facebook.com/watch/live?v=2525230067928144',
  ])('%s', (input) => {
    const v = new URL(input).searchParams.get('v') as string;
    const viaWatch = parseForPlatform('social', `https://www.facebook.com/watch/?v=${v}`);
    expect(parseForPlatform('social', input)).toEqual(viaWatch);
    expect(viaWatch).toMatchObject({ ok: true, canonicalKey: `video:${v}`, normalizedUrl: `https://www.facebook.com/watch/?v=${v}` });
  });
});

describe('Facebook: story.php, permalink.php and group posts key the same as /<page>/posts/<id>', () => {
  it.each([
    ['https://www.facebook.com/story.php?story_fbid=10158765432109876&id=100064000000001', '10158765432109876', 'https://www.facebook.com/story.php?story_fbid=10158765432109876&id=100064000000001'],
    ['https://m.facebook.com/story.php?story_fbid=pfbid02Xs8Fp1yQ3kLm9Zr4TnUvWx&id=100044123456789&mibextid=Nif5oz', 'pfbid02Xs8Fp1yQ3kLm9Zr4TnUvWx', 'https://www.facebook.com/story.php?story_fbid=pfbid02Xs8Fp1yQ3kLm9Zr4TnUvWx&id=100044123456789'],
    ['https://www.facebook.com/permalink.php?story_fbid=pfbid0vK1t7hDq9mZr3nWcLpXyA&id=100083456789012', 'pfbid0vK1t7hDq9mZr3nWcLpXyA', 'https://www.facebook.com/permalink.php?story_fbid=pfbid0vK1t7hDq9mZr3nWcLpXyA&id=100083456789012'],
    ['https://m.facebook.com/permalink.php?story_fbid=2046823582144897&id=100005342917744', '2046823582144897', 'https://www.facebook.com/permalink.php?story_fbid=2046823582144897&id=100005342917744'],
    ['https://www.facebook.com/permalink.php?id=100064000000001&story_fbid=859281212934452&substory_index=0', '859281212934452', 'https://www.facebook.com/permalink.php?story_fbid=859281212934452&id=100064000000001'],
    ['https://www.facebook.com/groups/1401234567890123/permalink/2601234567890123/', '2601234567890123', 'https://www.facebook.com/groups/1401234567890123/posts/2601234567890123/'],
    ['https://www.facebook.com/groups/gardeningtips/posts/3145926535897932/', '3145926535897932', 'https://www.facebook.com/groups/gardeningtips/posts/3145926535897932/'],
    ['https://m.facebook.com/groups/watch.party.club/permalink/1029384756102938/?mibextid=Nif5oz', '1029384756102938', 'https://www.facebook.com/groups/watch.party.club/posts/1029384756102938/'],
  ])('%s', (input, id, normalized) => {
    const result = parseForPlatform('social', input);
    expect(result).toEqual({ ok: true, platform: 'social', canonicalKey: `post:${id}`, itemId: id, normalizedUrl: normalized });
    // The page URL of the same post shares the cache entry.
    expect(parseForPlatform('social', `https://www.facebook.com/SomePage/posts/${id}`)).toMatchObject({ canonicalKey: `post:${id}` });
  });
});

describe('Facebook: look-alikes refused with 400 "Invalid URL"', () => {
  it.each([
    'https://www.facebook.com/share/v/',
    'https://www.facebook.com/share/p/1AbCdEfGh2/',
    'https://www.facebook.com/share/v/1AbCdEfGh2/extra/',
    'https://www.facebook.com/share/v/ab/',
    'https://www.facebook.com/video.php',
    'https://www.facebook.com/video.php?v=abc',
    'https://www.facebook.com/watch/live/',
    'https://www.facebook.com/watch/live/?v=12',
    'https://www.facebook.com/story.php?story_fbid=10158765432109876',
    'https://www.facebook.com/story.php?id=4&story_fbid=1221554178030470',
    'https://www.facebook.com/permalink.php?id=100064000000001',
    'https://www.facebook.com/permalink.php?story_fbid=not-an-id&id=100064000000001',
    'https://www.facebook.com/groups/gardeningtips/',
    'https://www.facebook.com/groups/gardeningtips/permalink/',
    'https://www.facebook.com/groups/gardeningtips/posts/pfbid02Xs8Fp1yQ3kLm9Zr4TnUvWx/comments/',
    'https://www.facebook.com/groups/gardeningtips/members/',
  ])('%s', (input) => {
    expect(parseForPlatform('social', input)).toMatchObject({ ok: false, error: 'Invalid URL' });
  });
});

describe('LinkedIn: ugcPost and share slugs', () => {
  it.each([
    ['https://www.linkedin.com/posts/mishalkhawaja_sendinblueviews-toronto-digitalmarketing-ugcPost-6850898786781339649-mM20', 'ugcPost', '6850898786781339649'],
    ['https://www.linkedin.com/posts/groveben_in-a-time-of-agentic-creation-taste-and-ugcPost-7403592769451335681-Jt4n?utm_source=share&utm_medium=member_desktop', 'ugcPost', '7403592769451335681'],
    ['https://linkedin.com/posts/acme_%C3%BCber-uns-ugcPost-7112345678901234567-H2C_/', 'ugcPost', '7112345678901234567'],
    ['https://www.linkedin.com/posts/jane-doe_hiring-share-7180123456789012345-AbCd', 'share', '7180123456789012345'],
    ['https://www.linkedin.com/posts/the-mathworks_2_cloud-center-share-7151241570371948544-4Gu7/?utm_source=share', 'share', '7151241570371948544'],
    ['https://linkedin.com/posts/someone_-share-7212345678901234567-x9Qz', 'share', '7212345678901234567'],
  ])('%s', (input, kind, id) => {
    const result = parseForPlatform('professional', input);
    expect(result).toMatchObject({ ok: true, platform: 'professional', canonicalKey: `${kind}:${id}`, itemId: id, parts: { kind } });
    if (result.ok) expect(result.normalizedUrl).toBe(`https://www.linkedin.com${new URL(input).pathname.replace(/\/$/, '')}`);
  });

  it('keeps the activity key of the URLs accepted before (a bare activity id)', () => {
    expect(parseForPlatform('professional', 'https://www.linkedin.com/posts/the-mathworks_2_what-is-mathworks-cloud-center-activity-7151241570371948544-4Gu7')).toMatchObject({ canonicalKey: '7151241570371948544', parts: { kind: 'activity' } });
  });
});

describe('LinkedIn: feed/update URNs', () => {
  it.each([
    ['https://www.linkedin.com/feed/update/urn:li:activity:7016901149999955968/?utm_source=share&utm_medium=member_desktop', 'activity', '7016901149999955968', '7016901149999955968'],
    ['https://www.linkedin.com/feed/update/urn:li:activity:7381400030911500288/', 'activity', '7381400030911500288', '7381400030911500288'],
    ['https://linkedin.com/feed/update/urn%3Ali%3Aactivity%3A7180123456789012345', 'activity', '7180123456789012345', '7180123456789012345'],
    ['https://www.linkedin.com/feed/update/urn:li:ugcPost:7021048319078457345/', 'ugcPost', '7021048319078457345', 'ugcPost:7021048319078457345'],
    ['https://www.linkedin.com/feed/update/urn:li:ugcPost:7123117641833074688?commentUrn=urn%3Ali%3Acomment%3A', 'ugcPost', '7123117641833074688', 'ugcPost:7123117641833074688'],
    ['https://linkedin.com/feed/update/urn%3Ali%3AugcPost%3A6608309192438710272/', 'ugcPost', '6608309192438710272', 'ugcPost:6608309192438710272'],
    ['https://www.linkedin.com/feed/update/urn:li:share:7151241570371948544/', 'share', '7151241570371948544', 'share:7151241570371948544'],
    ['https://www.linkedin.com/feed/update/urn:li:share:7016901149999955968?utm_source=share', 'share', '7016901149999955968', 'share:7016901149999955968'],
    ['https://linkedin.com/feed/update/urn%3Ali%3Ashare%3A7212345678901234567/', 'share', '7212345678901234567', 'share:7212345678901234567'],
  ])('%s', (input, kind, id, key) => {
    expect(parseForPlatform('professional', input)).toEqual({
      ok: true,
      platform: 'professional',
      canonicalKey: key,
      itemId: id,
      normalizedUrl: `https://www.linkedin.com/feed/update/urn:li:${kind}:${id}/`,
      parts: { kind },
    });
  });

  it('keys an activity feed URL and the activity post URL of one post alike', () => {
    const feed = parseForPlatform('professional', 'https://www.linkedin.com/feed/update/urn:li:activity:7180123456789012345/');
    const post = parseForPlatform('professional', 'https://www.linkedin.com/posts/satyanadella_ai-copilot-activity-7180123456789012345-AbCd');
    expect(feed.ok && post.ok && feed.canonicalKey === post.canonicalKey).toBe(true);
  });
});

describe('LinkedIn: look-alikes refused with 400 "Invalid URL"', () => {
  it.each([
    'https://www.linkedin.com/feed/',
    'https://www.linkedin.com/feed/update/',
    'https://www.linkedin.com/feed/update/urn:li:activity:718012345/',
    'https://www.linkedin.com/feed/update/urn:li:comment:(activity:7180123456789012345,7180123456789000000)/',
    'https://www.linkedin.com/feed/update/urn:li:activity:7180123456789012345/comments/',
    'https://www.linkedin.com/posts/satyanadella_ai-copilot-ugcPost-718012345-AbCd',
    'https://www.linkedin.com/posts/satyanadella_ai-copilot-comment-7180123456789012345-AbCd',
    'https://www.linkedin.com/posts/ugcPost-7180123456789012345-AbCd',
    'https://uk.linkedin.com/posts/satyanadella_ai-copilot-ugcPost-7180123456789012345-AbCd',
    'https://www.linkedin.com/video/live/urn:li:ugcPost:7123117641833074688/',
  ])('%s', (input) => {
    expect(parseForPlatform('professional', input)).toMatchObject({ ok: false });
  });
});
