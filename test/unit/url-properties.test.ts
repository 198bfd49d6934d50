import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_TOKENS, type PlatformToken } from '#shared/platforms';
import { parseAny, parseForPlatform } from '#shared/url/parse';

const chars = (alphabet: string, min: number, max: number) => fc.string({ unit: fc.constantFrom(...alphabet.split('')), minLength: min, maxLength: max });
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DIGITS = '0123456789';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const scheme = fc.constantFrom('https://', 'http://', '');
const junkQuery = fc.constantFrom('', 'utm_source=share', 'si=Abc123&feature=share', 't=42', 'ref=x&utm_medium=copy');
const withQuery = (url: string, extra: string) => (extra === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${extra}`);

/** For each platform: an arbitrary item and every URL form that must name it. */
const ITEM_FORMS: Record<PlatformToken, fc.Arbitrary<string[]>> = {
  longform: chars(`${ALNUM}_-`, 11, 11).map((id) => [
    `www.youtube.com/watch?v=${id}`,
    `youtube.com/watch?feature=share&v=${id}`,
    `m.youtube.com/watch?v=${id}`,
    `youtu.be/${id}`,
    `www.youtube.com/shorts/${id}`,
    `www.youtube.com/live/${id}`,
    `music.youtube.com/watch?v=${id}`,
  ]),
  shortform: fc.tuple(chars(DIGITS, 19, 19), chars(`${ALNUM}._`, 1, 20)).map(([id, user]) => [
    `www.tiktok.com/@${user}/video/${id}`,
    `tiktok.com/@${user}/video/${id}/`,
    `m.tiktok.com/@someone/video/${id}?lang=en`,
  ]),
  reels: chars(`${ALNUM}_-`, 11, 11).map((sc) => [`www.instagram.com/reel/${sc}/`, `instagram.com/p/${sc}`, `www.instagram.com/reels/${sc}/`, `www.instagram.com/tv/${sc}`]),
  social: chars(DIGITS, 15, 17).map((id) => [
    `www.facebook.com/watch/?v=${id}`,
    `m.facebook.com/watch?v=${id}`,
    `www.facebook.com/reel/${id}`,
    `www.facebook.com/somepage/videos/${id}/`,
    `web.facebook.com/somepage/videos/a-title/${id}`,
  ]),
  professional: fc.tuple(chars(DIGITS, 19, 19), chars(`${ALNUM}_`, 4, 4), chars(`${ALNUM}-`, 1, 30)).map(([id, code, slug]) => [
    `www.linkedin.com/posts/author_${slug}-activity-${id}-${code}`,
    `linkedin.com/posts/author_${slug}-activity-${id}-${code}/`,
  ]),
  openvideo: fc.tuple(chars('abcdefghijklmnopqrstuvwxyz0123456789', 4, 7), chars('abcdefghijklmnopqrstuvwxyz0123456789-.', 0, 40)).map(([id, slug]) => [
    `rumble.com/v${id}-${slug}.html`,
    `www.rumble.com/v${id}-${slug}.html?mref=abc`,
  ]),
  microblog: fc.tuple(chars(DIGITS, 1, 19), chars(`${ALNUM}_`, 1, 15)).map(([id, user]) => [
    `x.com/${user}/status/${id}`,
    `twitter.com/${user}/status/${id}`,
    `mobile.twitter.com/${user}/status/${id}/video/1`,
    `x.com/i/web/status/${id}`,
  ]),
  clips_a: fc.tuple(chars(CROCKFORD, 26, 26), chars('abcdefghijklmnopqrstuvwxyz0123456789_-', 1, 20)).map(([ulid, channel]) => [
    `kick.com/${channel}/clips/clip_${ulid}`,
    `www.kick.com/${channel}?clip=clip_${ulid}`,
    `kick.com/${channel.toUpperCase()}/clips/clip_${ulid.toLowerCase()}`,
    `kick.com/another_channel/?x=1&clip=clip_${ulid}`,
  ]),
  clips_b: fc.tuple(chars(`${ALNUM}_-`, 3, 60), chars(`${ALNUM}_`, 1, 25)).filter(([slug]) => slug !== 'embed').map(([slug, channel]) => [
    `clips.twitch.tv/${slug}`,
    `www.twitch.tv/${channel}/clip/${slug}`,
    `m.twitch.tv/clip/${slug}`,
    `go.twitch.tv/${channel}/clip/${slug}?filter=clips`,
  ]),
  podcast: fc.tuple(chars(DIGITS, 9, 10), chars(DIGITS, 13, 13), chars('abcdefghijklmnopqrstuvwxyz0123456789-', 1, 40)).map(([show, ep, slug]) => [
    `podcasts.apple.com/us/podcast/${slug}/id${show}?i=${ep}`,
    `podcasts.apple.com/podcast/id${show}?i=${ep}`,
    `podcasts.apple.com/gb/podcast/${slug}/id${show}?i=${ep}&uo=4`,
  ]),
};

describe('URL rules: properties', () => {
  it('never throw, whatever the input', () => {
    const anyInput = fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.anything());
    fc.assert(
      fc.property(anyInput, fc.constantFrom(...PLATFORM_TOKENS), (input, platform) => {
        const a = parseAny(input);
        const b = parseForPlatform(platform, input);
        return typeof a.ok === 'boolean' && typeof b.ok === 'boolean';
      }),
      { numRuns: 3000 },
    );
  });

  it('never throw on mangled platform URLs', () => {
    const mangled = fc.tuple(fc.constantFrom(...PLATFORM_TOKENS), fc.integer({ min: 0, max: 6 }), fc.string({ maxLength: 8 }), fc.nat()).chain(([platform, formIndex, noise, cut]) =>
      ITEM_FORMS[platform].map((forms) => {
        const form = forms[formIndex % forms.length] as string;
        const at = cut % (form.length + 1);
        return { platform, url: `https://${form.slice(0, at)}${noise}${form.slice(at)}` };
      }),
    );
    fc.assert(
      fc.property(mangled, ({ platform, url }) => {
        const result = parseForPlatform(platform, url);
        return result.ok ? result.platform === platform : result.error.startsWith('Invalid URL');
      }),
      { numRuns: 3000 },
    );
  });

  it.each(PLATFORM_TOKENS)('%s: every accepted form of one item yields one canonical key', (platform) => {
    fc.assert(
      fc.property(ITEM_FORMS[platform], scheme, junkQuery, (forms, prefix, extra) => {
        const keys = new Set<string>();
        for (const form of forms) {
          const result = parseForPlatform(platform, withQuery(`${prefix}${form}`, extra));
          expect(result, `${prefix}${form}`).toMatchObject({ ok: true });
          if (result.ok) keys.add(result.canonicalKey);
        }
        expect(keys.size).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it.each(PLATFORM_TOKENS)('%s: normalization is idempotent', (platform) => {
    fc.assert(
      fc.property(ITEM_FORMS[platform], scheme, junkQuery, (forms, prefix, extra) => {
        for (const form of forms) {
          const first = parseAny(withQuery(`${prefix}${form}`, extra));
          if (!first.ok) return false;
          const second = parseAny(first.normalizedUrl);
          expect(second).toEqual(first);
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });
});
