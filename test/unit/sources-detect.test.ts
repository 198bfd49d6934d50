// Which URLs are sources, from their shape alone (src-shared/sources/detect.ts), and the feed
// episode link form (src-shared/url/rules/feedEpisode.ts).
import { describe, expect, it } from 'vitest';
import { detectSource } from '#shared/sources/detect';
import { parseAny, parseForPlatform } from '#shared/url/parse';
import { feedEpisodeUrl } from '#shared/url/rules/feedEpisode';

describe('detectSource', () => {
  it.each([
    ['https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf', 'youtube-playlist', 'https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf', 'youtube-playlist:PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf', null],
    ['m.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf&si=x', 'youtube-playlist', 'https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf', 'youtube-playlist:PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf', null],
    ['https://www.youtube.com/@SomeChannel', 'youtube-channel', 'https://www.youtube.com/@SomeChannel/videos', 'youtube-channel:@somechannel:videos', 'videos'],
    ['https://youtube.com/@SomeChannel/shorts', 'youtube-channel', 'https://www.youtube.com/@SomeChannel/shorts', 'youtube-channel:@somechannel:shorts', 'shorts'],
    ['https://www.youtube.com/@SomeChannel/live', 'youtube-channel', 'https://www.youtube.com/@SomeChannel/streams', 'youtube-channel:@somechannel:streams', 'streams'],
    ['https://www.youtube.com/@SomeChannel/featured', 'youtube-channel', 'https://www.youtube.com/@SomeChannel/videos', 'youtube-channel:@somechannel:videos', 'videos'],
    ['https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw/videos', 'youtube-channel', 'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw/videos', 'youtube-channel:UC_x5XG1OV2P6uZZ5FSM9Ttw:videos', 'videos'],
    ['https://www.youtube.com/c/GoogleDevelopers', 'youtube-channel', 'https://www.youtube.com/c/GoogleDevelopers/videos', 'youtube-channel:c/GoogleDevelopers:videos', 'videos'],
    ['https://www.youtube.com/user/GoogleDevelopers/streams', 'youtube-channel', 'https://www.youtube.com/user/GoogleDevelopers/streams', 'youtube-channel:user/GoogleDevelopers:streams', 'streams'],
    ['https://podcasts.apple.com/us/podcast/the-daily/id1200361736', 'apple-show', 'https://podcasts.apple.com/us/podcast/id1200361736', 'apple-show:1200361736', null],
    ['https://podcasts.apple.com/gb/podcast/id1200361736', 'apple-show', 'https://podcasts.apple.com/gb/podcast/id1200361736', 'apple-show:1200361736', null],
    ['https://www.twitch.tv/Shroud/clips', 'twitch-clips', 'https://www.twitch.tv/shroud/clips?range=7d', 'twitch-clips:shroud:7d', '7d'],
    ['https://www.twitch.tv/shroud/clips?filter=clips&range=all', 'twitch-clips', 'https://www.twitch.tv/shroud/clips?range=all', 'twitch-clips:shroud:all', 'all'],
  ])('%s is a %s', (input, kind, url, key, tab) => {
    expect(detectSource(input)).toMatchObject({ kind, url, key, tab });
  });

  it.each([
    ['one video played inside a playlist', 'https://www.youtube.com/watch?v=GJLlxj_dtq8&list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf'],
    ['a video', 'https://youtu.be/GJLlxj_dtq8'],
    ['a channel tab that lists no videos', 'https://www.youtube.com/@SomeChannel/community'],
    ['an Apple episode', 'https://podcasts.apple.com/us/podcast/the-daily/id1200361736?i=1000650000000'],
    ['a Twitch clip', 'https://www.twitch.tv/shroud/clip/SomeSlug-abc'],
    ['a Twitch channel page', 'https://www.twitch.tv/shroud'],
    ['a feed (known only by reading it)', 'https://feeds.example.com/show.xml'],
    ['not a URL', 'hello world'],
  ])('%s is not a source by shape', (_what, input) => {
    expect(detectSource(input)).toBeUndefined();
  });
});

describe('feed episode links', () => {
  const link = feedEpisodeUrl('https://Feeds.Example.com/show.xml?x=1#old', 'gid://art19/V0/a b+c');

  it('carry the feed and the guid; every part survives the round trip', () => {
    expect(link).toBe('https://feeds.example.com/show.xml?x=1#guid=gid%3A%2F%2Fart19%2FV0%2Fa%20b%2Bc');
    const parsed = parseAny(link);
    expect(parsed).toMatchObject({ ok: true, platform: 'podcast', itemId: 'gid://art19/V0/a b+c', normalizedUrl: link, parts: { feedUrl: 'https://feeds.example.com/show.xml?x=1', guid: 'gid://art19/V0/a b+c' } });
    expect(parseForPlatform('podcast', link)).toEqual(parsed);
  });

  it('one episode has one cache key, another guid or feed another', () => {
    const key = (url: string) => {
      const parsed = parseAny(url);
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.canonicalKey;
    };
    expect(key(link)).toMatch(/^feed-[0-9a-f]{16}$/);
    expect(key(link)).toBe(key(feedEpisodeUrl('https://feeds.example.com/show.xml?x=1', 'gid://art19/V0/a b+c')));
    expect(key(link)).not.toBe(key(feedEpisodeUrl('https://feeds.example.com/show.xml?x=1', 'gid://art19/V0/a b+d')));
    expect(key(link)).not.toBe(key(feedEpisodeUrl('https://feeds.example.com/other.xml?x=1', 'gid://art19/V0/a b+c')));
  });

  it('an empty or broken guid is refused in words; other platforms do not take the form', () => {
    expect(parseAny('https://feeds.example.com/show.xml#guid=%E0%A4%A')).toMatchObject({ ok: false, platform: 'podcast', reason: 'The episode guid after #guid= is not valid URL encoding' });
    expect(parseAny('https://feeds.example.com/show.xml#guid=%20')).toMatchObject({ ok: false, reason: 'The episode guid after #guid= is empty' });
    expect(parseForPlatform('longform', 'https://feeds.example.com/show.xml#guid=abc').ok).toBe(false);
  });
});
