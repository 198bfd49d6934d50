import { describe, expect, it } from 'vitest';
import type { PlatformToken } from '#shared/platforms';
import { parseAny, parseForPlatform } from '#shared/url/parse';

interface Cases {
  /** URL → the canonical key it must yield. */
  accepted: Record<string, string>;
  rejected: string[];
  /** The 400 text for this platform. */
  error?: string;
}

const CASES: Record<PlatformToken, Cases> = {
  longform: {
    accepted: {
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ': 'dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s': 'dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=GJLlxj_dtq8&list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs&index=2': 'GJLlxj_dtq8',
      'https://youtu.be/F1xioXWb8CY?si=Hk3xT9aQ': 'F1xioXWb8CY',
      'http://youtu.be/dsMFmonKDD4': 'dsMFmonKDD4',
      'https://www.youtube.com/shorts/Njp5uhTorCo': 'Njp5uhTorCo',
      'https://www.youtube.com/live/qVv6vCqciTM?si=abc': 'qVv6vCqciTM',
      'https://www.youtube.com/embed/dQw4w9WgXcQ': 'dQw4w9WgXcQ',
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ&feature=share': 'dQw4w9WgXcQ',
      'www.youtube.com/watch?v=dQw4w9WgXcQ': 'dQw4w9WgXcQ',
      '  https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ  ': 'dQw4w9WgXcQ',
    },
    rejected: [
      'https://www.youtube.com/watch',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/@mkbhd',
      'https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
      'https://www.youtube.com/channel/UCBR8-60-B28hp2BmDPdntcQ',
      'https://www.youtube.com/watch?list=PL1&v=',
      'https://www.youtube.com/embed/videoseries?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
      'https://youtu.be/',
      'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.tiktok.com/@scout2015/video/6718335390845095173',
    ],
  },
  shortform: {
    accepted: {
      'https://www.tiktok.com/@scout2015/video/6718335390845095173': '6718335390845095173',
      'https://www.tiktok.com/@scout2015/video/6718335390845095173?is_from_webapp=1&sender_device=pc': '6718335390845095173',
      'https://tiktok.com/@other.user_1/video/6718335390845095173': '6718335390845095173',
      'https://m.tiktok.com/@scout2015/video/6718335390845095173/': '6718335390845095173',
      'https://vm.tiktok.com/ZMeBTp4R2/': 'short:https://vm.tiktok.com/ZMeBTp4R2/',
      'https://vt.tiktok.com/ZSmKEhAfY/': 'short:https://vt.tiktok.com/ZSmKEhAfY/',
      'https://www.tiktok.com/t/ZTRQbJsYk/': 'short:https://www.tiktok.com/t/ZTRQbJsYk/',
    },
    rejected: [
      'https://www.tiktok.com/@scout2015',
      'https://www.tiktok.com/@scout2015/video/123',
      'https://www.tiktok.com/@scout2015/live',
      'https://www.tiktok.com/@scout2015/photo/7218335390845095173',
      'https://www.tiktok.com/',
      'https://vm.tiktok.com/',
      'https://www.tiktok.com/tag/cats',
    ],
  },
  reels: {
    accepted: {
      'https://www.instagram.com/reel/C2Q8kx7Lg9d/': 'C2Q8kx7Lg9d',
      'https://www.instagram.com/reel/C2Q8kx7Lg9d/?igsh=MWQ1ZGUxMzBkMA==': 'C2Q8kx7Lg9d',
      'https://instagram.com/p/C2Q8kx7Lg9d': 'C2Q8kx7Lg9d',
      'https://www.instagram.com/tv/CdmYaq3LAYo/': 'CdmYaq3LAYo',
      'https://www.instagram.com/reels/C2Q8kx7Lg9d/': 'C2Q8kx7Lg9d',
      'https://www.instagram.com/p/B-AbC_d-123/': 'B-AbC_d-123',
      'https://www.instagram.com/p/C2Q8kx7Lg9d/embed/': 'C2Q8kx7Lg9d',
      'https://www.instagram.com/natgeo/reel/C2Q8kx7Lg9d/': 'C2Q8kx7Lg9d',
    },
    rejected: [
      'https://www.instagram.com/stories/natgeo/',
      'https://www.instagram.com/stories/natgeo/3301234567890123456/?utm_source=ig_story_item_share',
      'https://www.instagram.com/natgeo/',
      'https://www.instagram.com/explore/tags/cats/',
      'https://www.instagram.com/reel/',
    ],
  },
  social: {
    accepted: {
      'https://www.facebook.com/NASA/videos/647537299265662/': 'video:647537299265662',
      'https://www.facebook.com/NASA/videos/a-walk-in-space/647537299265662/': 'video:647537299265662',
      'https://www.facebook.com/reel/647537299265662': 'video:647537299265662',
      'https://www.facebook.com/watch/?v=647537299265662': 'video:647537299265662',
      'https://m.facebook.com/watch?v=647537299265662&_rdr': 'video:647537299265662',
      'https://www.facebook.com/NASA/posts/pfbid02Xs8Fp1yQ3kLm9Zr4TnUvWx': 'post:pfbid02Xs8Fp1yQ3kLm9Zr4TnUvWx',
      'https://fb.watch/1QaAHN0SGl/': 'short:https://fb.watch/1QaAHN0SGl/',
      'https://zh-hk.facebook.com/NASA/videos/647537299265662/': 'video:647537299265662',
    },
    rejected: [
      'https://www.facebook.com/watch/',
      'https://www.facebook.com/watch/?v=abc',
      'https://www.facebook.com/NASA',
      'https://www.facebook.com/groups/123456/members/',
      'https://www.facebook.com/share/p/1AbCdEf/',
      'https://www.facebook.com/reel/',
      'https://fb.watch/',
      'https://www.facebook.com/NASA/photos/a.123/456/',
    ],
  },
  professional: {
    accepted: {
      'https://www.linkedin.com/posts/satyanadella_ai-copilot-activity-7180123456789012345-AbCd': '7180123456789012345',
      'https://www.linkedin.com/posts/satyanadella_ai-copilot-activity-7180123456789012345-AbCd/?utm_source=share&utm_medium=member_desktop': '7180123456789012345',
      'https://linkedin.com/posts/jane-doe-1a2b3c_video-activity-7012345678901234567-mM20': '7012345678901234567',
      'https://www.linkedin.com/posts/acme_%C3%BCber-uns-activity-7112345678901234567-H2C_': '7112345678901234567',
      'https://www.linkedin.com/posts/someone_-activity-7212345678901234567-4Gu7': '7212345678901234567',
    },
    rejected: [
      'https://www.linkedin.com/in/satyanadella/',
      'https://www.linkedin.com/company/microsoft/',
      'https://www.linkedin.com/pulse/future-work-satya-nadella/',
      'https://www.linkedin.com/posts/satyanadella_ai-copilot-comment-7180123456789012345-AbCd',
      'https://www.linkedin.com/feed/update/urn:li:activity:718012345/',
      'https://www.linkedin.com/posts/satyanadella_ai-activity-718012345-AbCd',
    ],
  },
  openvideo: {
    accepted: {
      'https://rumble.com/vdmum1-moose-the-dog-helps-girls-dig-a-snow-fort.html': 'vdmum1',
      'https://www.rumble.com/v2ea9qb-the-beach.html?mref=6zof&mc=3': 'v2ea9qb',
      'https://rumble.com/v7aeqg0-dogs-are-amazing-.html': 'v7aeqg0',
      'https://rumble.com/vwax3p-episode-1.2-the-start.html?playlist_id=123': 'vwax3p',
      'http://rumble.com/vdmum1-other-title.html': 'vdmum1',
    },
    rejected: [
      'https://rumble.com/embed/vb0ofn/?pub=4',
      'https://rumble.com/c/MyChannel',
      'https://rumble.com/user/someone',
      'https://rumble.com/vdmum1',
      'https://rumble.com/videos?page=2',
      'https://rumble.com/browse/live',
    ],
  },
  microblog: {
    accepted: {
      'https://x.com/NASA/status/1783171523410284672': '1783171523410284672',
      'https://twitter.com/NASA/status/1783171523410284672?s=20&t=abc': '1783171523410284672',
      'https://www.twitter.com/NASA/status/1783171523410284672': '1783171523410284672',
      'https://mobile.twitter.com/NASA/status/1783171523410284672': '1783171523410284672',
      'https://x.com/NASA/status/1783171523410284672/video/1': '1783171523410284672',
      'https://x.com/i/web/status/1783171523410284672': '1783171523410284672',
      'https://twitter.com/jack/status/20': '20',
      'https://x.com/NASA/status/1783171523410284672/photo/1': '1783171523410284672',
    },
    rejected: [
      'https://x.com/NASA',
      'https://x.com/NASA/likes',
      'https://x.com/i/spaces/1YqKDqDXAbVKV',
      'https://x.com/NASA/status/',
      'https://x.com/NASA/status/abc',
      'https://x.com/NASA/status/1783171523410284672/analytics',
      'https://t.co/AbCdEf123',
    ],
  },
  clips_a: {
    error: 'Invalid URL. Please provide a valid Kick clip URL.',
    accepted: {
      'https://kick.com/spreen/clips/clip_01J8RGZRKHXHXXKJEHGRM932A5': 'clip_01J8RGZRKHXHXXKJEHGRM932A5',
      'https://www.kick.com/spreen/clips/clip_01J8RGZRKHXHXXKJEHGRM932A5?ref=share#t': 'clip_01J8RGZRKHXHXXKJEHGRM932A5',
      'https://kick.com/spreen?clip=clip_01J8RGZRKHXHXXKJEHGRM932A5': 'clip_01J8RGZRKHXHXXKJEHGRM932A5',
      'https://kick.com/mxddy?clip=clip_01GYXVB5Y8PWAPWCWMSBCFB05X': 'clip_01GYXVB5Y8PWAPWCWMSBCFB05X',
      'https://kick.com/destiny/?foo=bar&clip=clip_01H9SKET879NE7N9RJRRDS98J3': 'clip_01H9SKET879NE7N9RJRRDS98J3',
      'https://kick.com/a-log-burner/clips/clip_01j8rgzrkhxhxxkjehgrm932a5': 'clip_01J8RGZRKHXHXXKJEHGRM932A5',
    },
    rejected: [
      'https://kick.com/spreen',
      'https://kick.com/spreen/clips',
      'https://kick.com/spreen/videos/0b9cbb2c-59e4-4d4c-a1ed-6f0e5f0e2f0a',
      'https://kick.com/video/0b9cbb2c-59e4-4d4c-a1ed-6f0e5f0e2f0a',
      'https://kick.com/spreen/clips/clip_123',
      'https://kick.com.evil.example/spreen/clips/clip_01J8RGZRKHXHXXKJEHGRM932A5',
    ],
  },
  clips_b: {
    error: 'Invalid URL. Please provide a valid Twitch clip URL.',
    accepted: {
      'https://clips.twitch.tv/FaintLightGullWholeWheat': 'FaintLightGullWholeWheat',
      'https://www.twitch.tv/xqc/clip/CulturedAmazingKuduDatSheffy-TiZ_-ixAGYR3y2Uy': 'CulturedAmazingKuduDatSheffy-TiZ_-ixAGYR3y2Uy',
      'https://twitch.tv/xqc/clip/CulturedAmazingKuduDatSheffy-TiZ_-ixAGYR3y2Uy?filter=clips&range=7d': 'CulturedAmazingKuduDatSheffy-TiZ_-ixAGYR3y2Uy',
      'https://m.twitch.tv/clip/FaintLightGullWholeWheat': 'FaintLightGullWholeWheat',
      'https://m.twitch.tv/rossbroadcast/clip/ConfidentBraveHumanChefFrank': 'ConfidentBraveHumanChefFrank',
      'https://clips.twitch.tv/rflegendary/UninterestedBeeDAESuppy': 'UninterestedBeeDAESuppy',
      'https://go.twitch.tv/rossbroadcast/clip/ConfidentBraveHumanChefFrank': 'ConfidentBraveHumanChefFrank',
    },
    rejected: [
      'https://www.twitch.tv/videos/2217181435',
      'https://www.twitch.tv/xqc',
      'https://www.twitch.tv/xqc/clips',
      'https://clips.twitch.tv/embed?clip=FaintLightGullWholeWheat',
      'https://player.twitch.tv/?video=v2217181435',
      'https://www.twitch.tv/xqc/v/2217181435',
      'https://www.twitch.tv/xqc/schedule?vodID=2217181435',
    ],
  },
  podcast: {
    accepted: {
      'https://podcasts.apple.com/us/podcast/urbana-podcast-724-by-david-penn/id1531349107?i=1000748574256': '1000748574256',
      'https://podcasts.apple.com/podcast/207-whitney-webb-returns/id1135137367?i=1000482637777': '1000482637777',
      'https://podcasts.apple.com/podcast/id1135137367?i=1000482637777': '1000482637777',
      'https://podcasts.apple.com/gb/podcast/the-rest-is-history/id1537788786?i=1000650000001&uo=4': '1000650000001',
      'https://podcasts.apple.com/de/podcast/some-show/id1200361736?l=en&i=1000600000002': '1000600000002',
    },
    rejected: [
      'https://podcasts.apple.com/us/podcast/the-daily/id1200361736',
      'https://podcasts.apple.com/us/podcast/207-whitney-webb-returns?i=1000482637777',
      'https://podcasts.apple.com/us/podcast/the-daily/idabc?i=1000482637777',
      'https://podcasts.apple.com/us/podcast/the-daily/id1200361736?i=abc',
      'https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk',
      'https://podcasts.apple.com/us/browse',
    ],
  },
};

describe.each(Object.entries(CASES) as [PlatformToken, Cases][])('URL rules for %s', (platform, cases) => {
  it.each(Object.entries(cases.accepted))('accepts %s', (url, key) => {
    const result = parseForPlatform(platform, url);
    expect(result).toMatchObject({ ok: true, platform, canonicalKey: key });
    // The renderer's auto-detection must agree with the endpoint's rules.
    expect(parseAny(url)).toEqual(result);
  });

  it.each(cases.rejected)('rejects %s with the spec text and a reason', (url) => {
    const result = parseForPlatform(platform, url);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBe(cases.error ?? 'Invalid URL');
      expect(result.reason.length).toBeGreaterThan(10);
    }
  });

  it('has at least five real-looking accepted and rejected URLs', () => {
    expect(Object.keys(cases.accepted).length).toBeGreaterThanOrEqual(5);
    expect(cases.rejected.length).toBeGreaterThanOrEqual(5);
  });
});

describe('normalized URLs', () => {
  it.each([
    ['longform', 'https://youtu.be/dQw4w9WgXcQ?t=3', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['clips_a', 'https://www.kick.com/Spreen?clip=clip_01J8RGZRKHXHXXKJEHGRM932A5', 'https://kick.com/spreen/clips/clip_01J8RGZRKHXHXXKJEHGRM932A5'],
    ['clips_b', 'https://m.twitch.tv/xqc/clip/FaintLightGullWholeWheat?x=1', 'https://clips.twitch.tv/FaintLightGullWholeWheat'],
    ['podcast', 'https://podcasts.apple.com/podcast/id1135137367?i=1000482637777', 'https://podcasts.apple.com/us/podcast/id1135137367?i=1000482637777'],
    ['microblog', 'https://mobile.twitter.com/NASA/status/1783171523410284672/video/1', 'https://x.com/NASA/status/1783171523410284672'],
    ['reels', 'https://instagram.com/reels/C2Q8kx7Lg9d', 'https://www.instagram.com/reel/C2Q8kx7Lg9d/'],
  ] as const)('%s: %s → %s', (platform, input, normalized) => {
    expect(parseForPlatform(platform, input)).toMatchObject({ ok: true, normalizedUrl: normalized });
  });

  it('marks short links so the server resolves them', () => {
    expect(parseForPlatform('shortform', 'https://vm.tiktok.com/ZMeBTp4R2/')).toMatchObject({ ok: true, shortLink: true });
    expect(parseForPlatform('social', 'https://fb.watch/1QaAHN0SGl/')).toMatchObject({ ok: true, shortLink: true });
  });

  it('gives podcasts the ids the lookup needs', () => {
    expect(parseForPlatform('podcast', 'https://podcasts.apple.com/gb/podcast/x/id1537788786?i=1000650000001')).toMatchObject({
      parts: { showId: '1537788786', episodeId: '1000650000001', country: 'gb' },
    });
  });
});

describe('hostile and odd input', () => {
  it.each([undefined, null, 42, {}, [], '', '   ', 'not a url', 'https://', 'file:///etc/passwd', 'data:text/html,hi', `https://www.youtube.com/watch?v=${'a'.repeat(3000)}`, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ\n'])(
    'refuses %j without throwing',
    (input) => {
      const result = parseForPlatform('longform', input);
      if (input === 'https://www.youtube.com/watch?v=dQw4w9WgXcQ\n') expect(result.ok).toBe(true); // trailing newline of a pasted line
      else expect(result.ok).toBe(false);
    },
  );

  it('says which platform a misdirected link belongs to', () => {
    const result = parseForPlatform('longform', 'https://www.tiktok.com/@scout2015/video/6718335390845095173');
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('TikTok') as unknown });
  });

  it('rejects unknown hosts in auto-detection', () => {
    expect(parseAny('https://example.com/watch?v=dQw4w9WgXcQ')).toMatchObject({ ok: false, error: 'Invalid URL' });
  });
});
