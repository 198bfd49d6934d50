// rumble.com video pages, the embedJS video API and the CDN the captions and media live on. The page
// names the embed id (different from the page id) in an oEmbed link, JSON-LD and the player call;
// `embedJS/u3/?request=video&ver=2&v=<embedId>` answers JSON with `cc` (an object of languages, or
// `[]`), `ua.mp4` renditions, or the body `false` (research/upstream-video.md §6).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { html, isTransportScenario, json, jsonText, media, notFound, text, withTransportScenario, type Answer, type FixtureRequest, type TransportScenario } from '../answers';
import type { HostModule } from './index';

const ENGLISH_VTT = readFileSync(resolve(__dirname, '../../fixtures/captions/rumble-captions.vtt'), 'utf8');
const GERMAN_VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.400\nGuten Abend und willkommen zur Sendung.\n';

/** Page ids (the `v…` of the page URL); each has its own embed id. */
export const RUMBLE_IDS = {
  withCaptions: 'vok0001',
  twoLanguages: 'vmulti1',
  noCaptions: 'vnocc01',
  missing: 'vfals01',
  deleted: 'vgone01',
  noEmbedId: 'vnoemb1',
  cloudflare: 'vcf4031',
  captionsBlocked: 'vccblk1',
  rateLimited: 'v429001',
  serverError: 'v500001',
  slowBody: 'vslow01',
  truncated: 'vtrunc1',
  malformed: 'vbadjs1',
  /** A publisher's video: every place on the page names the embed id with the publisher's prefix (`ufe9n.v…`). */
  publisherPrefix: 'vpubpx1',
} as const;

/** The publisher prefix of RUMBLE_IDS.publisherPrefix, in the shape of yt-dlp's `ufe9n.v5pv5f` example. */
export const RUMBLE_PUBLISHER = 'ufe9n';

export const rumblePageUrl = (id: string) => `https://rumble.com/${id}-city-council-bridge-vote-live-coverage.html`;

type Scenario =
  | 'with-captions'
  | 'two-languages'
  | 'no-captions'
  | 'missing'
  | 'deleted'
  | 'no-embed-id'
  | 'cloudflare'
  | 'captions-blocked'
  | 'malformed'
  | 'publisher-prefix'
  | Exclude<TransportScenario, 'rate-limited-once'>;

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  [RUMBLE_IDS.withCaptions]: 'with-captions',
  [RUMBLE_IDS.twoLanguages]: 'two-languages',
  [RUMBLE_IDS.noCaptions]: 'no-captions',
  [RUMBLE_IDS.missing]: 'missing',
  [RUMBLE_IDS.deleted]: 'deleted',
  [RUMBLE_IDS.noEmbedId]: 'no-embed-id',
  [RUMBLE_IDS.cloudflare]: 'cloudflare',
  [RUMBLE_IDS.captionsBlocked]: 'captions-blocked',
  [RUMBLE_IDS.rateLimited]: 'rate-limited',
  [RUMBLE_IDS.serverError]: 'server-error',
  [RUMBLE_IDS.slowBody]: 'slow-body',
  [RUMBLE_IDS.truncated]: 'truncated',
  [RUMBLE_IDS.malformed]: 'malformed',
  [RUMBLE_IDS.publisherPrefix]: 'publisher-prefix',
};

/** The embed id of a page id: another short base36 id, as on the real site. */
const embedIdOf = (pageId: string) => `v${pageId.slice(1).split('').reverse().join('')}e`;
const pageIdOfEmbed = (embedId: string) => `v${embedId.slice(1, -1).split('').reverse().join('')}`;

const CDN = 'https://1a-1791.com';
const vttUrl = (embedId: string, lang: string) => `${CDN}/video/fww1/a6/s8/6/x/E/${embedId}.${lang}.vtt`;
const mp4 = (embedId: string, rendition: string) => `${CDN}/video/fww1/a6/s8/2/x/E/${embedId}.${rendition}.mp4`;

function page(pageId: string, withEmbedId: boolean, publisher?: string): string {
  const embedId = embedIdOf(pageId);
  // The id the page shows: with a publisher prefix for publishers' videos (the API takes it without).
  const shownId = publisher === undefined ? embedId : `${publisher}.${embedId}`;
  const embedUrl = `https://rumble.com/embed/${shownId}/`;
  const discovery = withEmbedId
    ? `<link rel="alternate" href="https://rumble.com/api/Media/oembed.json?url=${encodeURIComponent(embedUrl)}" type="application/json+oembed" title="City council bridge vote"><script type="application/ld+json">${JSON.stringify([{ '@context': 'http://schema.org', '@type': 'VideoObject', name: 'City council bridge vote – live coverage', playerType: 'HTML5', description: 'Full coverage', thumbnailUrl: `${CDN}/s8/1/x/E/${embedId}.qR4e-small.jpg`, uploadDate: '2026-06-10T18:00:00+00:00', duration: 'PT00H00M07S', embedUrl, url: rumblePageUrl(pageId), width: 1920, height: 1080, videoQuality: 'HD' }])}</script>`
    : '';
  const player = withEmbedId ? `<script>Rumble("play", {"opts":["title_hover"],"video":"${shownId}","div":"vid_${embedId}","resize":1,"api":function(api){}});</script>` : '';
  const frame = publisher === undefined ? '' : `<iframe class="rumble" width="640" height="360" src="${embedUrl}?pub=4" frameborder="0" allowfullscreen></iframe>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>City council bridge vote – live coverage</title><meta property="og:title" content="City council bridge vote – live coverage">${discovery}</head><body><div class="videoPlayer-Rumble-cls" id="vid_${embedId}"></div>${player}${frame}</body></html>`;
}

function video(embedId: string, cc: Record<string, { path: string; language: string }> | never[]): Record<string, unknown> {
  const rendition = (h: number, w: number, bitrate: number, tag: string) => ({ url: mp4(embedId, tag), meta: { bitrate, size: bitrate * 900, w, h } });
  return {
    fps: 30,
    w: 1920,
    h: 1080,
    u: { mp4: { url: mp4(embedId, 'caa'), meta: { bitrate: 1500, size: 1350000, w: 1280, h: 720 } } },
    ua: {
      mp4: { '360': rendition(360, 640, 650, 'baa'), '480': rendition(480, 854, 960, 'oaa'), '720': rendition(720, 1280, 1500, 'caa'), '1080': rendition(1080, 1920, 3000, 'gaa') },
      webm: { '480': rendition(480, 854, 800, 'eaa') },
      hls: { auto: { url: `https://rumble.com/live-hls-dvr/${embedId}/playlist.m3u8`, meta: { bitrate: 0, size: 0, w: 0, h: 0 } } },
      tar: { '1080': { url: `${CDN}/video/${embedId}.tar`, meta: {} } },
    },
    i: `${CDN}/s8/1/x/E/${embedId}.qR4e.jpg`,
    evt: { v: `/l/view...${embedId}`, e: `/l/pte...${embedId}` },
    cc,
    l: `/${pageIdOfEmbed(embedId)}-city-council-bridge-vote-live-coverage.html`,
    r: 1,
    title: 'City council bridge vote &ndash; live coverage',
    author: { name: 'Civic Channel', url: 'https://rumble.com/c/CivicChannel' },
    player: 'https://rumble.com/embed/…',
    duration: 7,
    pubDate: '2026-06-10T18:00:00+00:00',
    loaded: 1,
    vid: 302311544,
    timeline: [],
    own: false,
    restrict: [-3, 0],
    live: 0,
    live_placeholder: false,
    livestream_has_dvr: null,
    a: { timeout: -1, u: '' },
    sys: { msg: [] },
  };
}

function pageAnswer(req: FixtureRequest, pageId: string): Answer {
  const scenario = SCENARIOS[pageId] ?? 'deleted';
  const normal = () => html(page(pageId, true));
  if (isTransportScenario(scenario)) return withTransportScenario(scenario, req, `rumble:${pageId}`, normal);
  if (scenario === 'deleted') return html('<!DOCTYPE html><html><head><title>404 - Not Found</title></head><body><h1>404 Page not found</h1></body></html>', 404);
  if (scenario === 'no-embed-id') return html(page(pageId, false));
  if (scenario === 'publisher-prefix') return html(page(pageId, true, RUMBLE_PUBLISHER));
  return normal();
}

const CLOUDFLARE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main"><noscript>Enable JavaScript and cookies to continue</noscript></div><script>(function(){window._cf_chl_opt={cvId: '3',cZone: "rumble.com",cType: 'managed'};}());</script></body></html>`;

function embedAnswer(embedId: string): Answer {
  const scenario = SCENARIOS[pageIdOfEmbed(embedId)];
  const english = { path: vttUrl(embedId, 'en'), language: 'English' };
  switch (scenario) {
    case 'with-captions':
    case 'captions-blocked':
    case 'publisher-prefix':
      return json(video(embedId, { en: english }));
    case 'two-languages':
      return json(video(embedId, { de: { path: vttUrl(embedId, 'de'), language: 'Deutsch' }, en: english }));
    case 'no-captions':
      return json(video(embedId, []));
    case 'missing':
      return jsonText('false');
    case 'cloudflare':
      return { status: 403, headers: { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge', server: 'cloudflare' }, body: CLOUDFLARE };
    case 'malformed':
      return jsonText(JSON.stringify(video(embedId, { en: english })).slice(0, 300));
    case 'deleted':
    case 'no-embed-id':
    case 'rate-limited':
    case 'server-error':
    case 'slow-body':
    case 'truncated':
    case undefined:
      break;
  }
  // Their pages fail first; an embed id nobody links to is a missing video.
  return jsonText('false');
}

export const rumble: HostModule = {
  hosts: ['rumble.com', 'www.rumble.com', '1a-1791.com'],
  handle(req) {
    const path = req.url.pathname;
    if (req.host === '1a-1791.com') {
      const vtt = /\/(v\w+)\.(\w+)\.vtt$/.exec(path);
      if (vtt) {
        const [, embedId, lang] = vtt as unknown as [string, string, string];
        if (SCENARIOS[pageIdOfEmbed(embedId)] === 'captions-blocked') return { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE };
        return text(lang === 'de' ? GERMAN_VTT : ENGLISH_VTT, 'text/vtt');
      }
      return media(path.endsWith('.jpg') ? 'image/jpeg' : 'video/mp4');
    }
    if (path === '/embedJS/u3/' || path === '/embedJS/u3') {
      const query = req.url.searchParams;
      if (query.get('request') !== 'video') return json({ error: 'unknown request' }, 400);
      return embedAnswer(query.get('v') ?? '');
    }
    const video = /^\/(v[0-9a-z]+)-[^/]*\.html$/.exec(path);
    if (video) return pageAnswer(req, video[1] as string);
    return notFound(`Rumble page ${path}`);
  },
};
