// The choices fetchers make inside a page that the fixture scenarios reach only one way each.
import { describe, expect, it } from 'vitest';
import { facebookCaptionsUrl } from '#service/platforms/facebook/page';
import { HtmlPage } from '#service/platforms/html';
import { embedIdOf } from '#service/platforms/rumble/index';
import { subtitleTrackOf, videoUrlsOf } from '#service/platforms/tiktok/item';

describe('Rumble embed id discovery', () => {
  it.each([
    ['the oEmbed link', '<link rel="alternate" href="https://rumble.com/api/Media/oembed.json?url=https%3A%2F%2Frumble.com%2Fembed%2Fv4abcd%2F" type="application/json+oembed">'],
    ['JSON-LD embedUrl', '<script type="application/ld+json">[{"@type":"VideoObject","embedUrl":"https://rumble.com/embed/v4abcd/"}]</script>'],
    ['the player call', '<script>Rumble("play", {"opts":["title_hover"],"video":"v4abcd","div":"vid_v4abcd"});</script>'],
    ['an embed iframe', '<iframe src="https://rumble.com/embed/v4abcd/?pub=4" width="640"></iframe>'],
  ])('from %s', (_name, markup) => {
    expect(embedIdOf(new HtmlPage(`<html><head>${markup}</head><body></body></html>`))).toBe('v4abcd');
  });

  it('finds none in a page without them, and survives a broken oEmbed link', () => {
    expect(embedIdOf(new HtmlPage('<html><head><link rel="alternate" href="https://rumble.com/api/Media/oembed.json?url=%E0%A4%A"></head></html>'))).toBeUndefined();
  });
});

describe('TikTok item fields', () => {
  const rendition = (url: string, codec: string, w: number, h: number, key = `v0_${codec}_${h}p_1`) => ({ CodecType: codec, PlayAddr: { UrlList: [url], Width: w, Height: h, UrlKey: key } });

  it('picks the play address as sd, a 720p-or-more rendition as hd, skipping H.266 and web-host URLs', () => {
    const item = {
      video: {
        playAddr: 'https://www.tiktok.com/video/broken',
        cover: 'https://p16.example/cover.jpg',
        bitrateInfo: [
          rendition('https://cdn.example/bytevc2-1080.mp4', 'bytevc2', 1080, 1920, 'v0_bytevc2_1080p_9'),
          rendition('https://cdn.example/h264-540.mp4', 'h264', 576, 1024),
          rendition('https://cdn.example/h265-1080.mp4', 'h265_hvc1', 1080, 1920),
          rendition('https://cdn.example/h264-720.mp4', 'h264', 720, 1280),
        ],
      },
    };
    expect(videoUrlsOf(item)).toEqual({ sd: 'https://cdn.example/h264-540.mp4', hd: 'https://cdn.example/h264-720.mp4', thumbnail: 'https://p16.example/cover.jpg' });
    expect(videoUrlsOf({ video: { cover: 'not a url' } })).toEqual({ sd: null, hd: null, thumbnail: null });
  });

  it('reads the spoken language (ASR) before translations, and WebVTT before SRT before the creator JSON', () => {
    const info = (Url: string, Source: string, Format = 'webvtt') => ({ Url, Source, Format, LanguageCodeName: 'x' });
    expect(subtitleTrackOf({ video: { subtitleInfos: [info('https://s/mt.vtt', 'MT'), info('https://s/cc.json', 'ASR', 'creator_caption'), info('https://s/asr.vtt', 'ASR')] } })).toMatchObject({ url: 'https://s/asr.vtt', format: 'webvtt' });
    expect(subtitleTrackOf({ video: { subtitleInfos: [info('https://s/mt.vtt', 'MT')] } })).toMatchObject({ url: 'https://s/mt.vtt', format: 'webvtt' });
    expect(subtitleTrackOf({ video: { subtitleInfos: [info('https://s/cc.json', 'ASR', 'creator_caption'), info('https://s/asr.srt', 'ASR', 'SRT')] } })).toMatchObject({ url: 'https://s/asr.srt', format: 'srt' });
    expect(subtitleTrackOf({ video: { subtitleInfos: [info('https://s/mt.vtt', 'MT'), info('https://s/cc.json', 'ASR', 'creator_caption')] } })).toMatchObject({ url: 'https://s/cc.json', format: 'creator_caption' });
    expect(subtitleTrackOf({ video: { subtitleInfos: [info('https://s/x.ttml', 'ASR', 'ttml')] } })).toBeUndefined();
    expect(subtitleTrackOf({ video: {} })).toBeUndefined();
  });
});

describe('Facebook captions choice', () => {
  const page = new HtmlPage('<html><head><meta property="og:locale" content="de_DE"></head></html>');
  const locale = (locale: string, url: string, automatic: boolean) => ({ locale, captions_url: url, ...(automatic ? { localized_creation_method: 'Auto-generated' } : {}) });

  it('prefers written captions, then the page locale', () => {
    const video = { video_available_captions_locales: [locale('de_DE', 'https://c/de-auto.vtt', true), locale('en_US', 'https://c/en.vtt', false), locale('de_DE', 'https://c/de.vtt', false)] };
    expect(facebookCaptionsUrl(video, page)).toBe('https://c/de.vtt');
    expect(facebookCaptionsUrl({ video_available_captions_locales: [locale('en_US', 'https://c/en-auto.vtt', true), locale('de_DE', 'https://c/de-auto.vtt', true)] }, page)).toBe('https://c/de-auto.vtt');
  });

  it('falls back to a lone captions_url, and finds nothing in nulls', () => {
    expect(facebookCaptionsUrl({ captions_url: 'https://c/only.srt' }, page)).toBe('https://c/only.srt');
    expect(facebookCaptionsUrl({ video_available_captions_locales: [{ locale: 'en_US', captions_url: null }] }, page)).toBeUndefined();
  });
});
