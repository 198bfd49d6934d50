// www.linkedin.com public post pages and the licdn hosts their markup points at. A post with a
// video carries `<video data-sources="[…]" data-captions-url="…">` (JSON in an HTML attribute) and
// `og:image`, as research/upstream-video.md §5.2 describes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { html, isTransportScenario, media, notFound, redirect, text, withTransportScenario, type Answer, type FixtureRequest, type TransportScenario } from '../answers';
import type { HostModule } from './index';

const CAPTIONS = readFileSync(resolve(__dirname, '../../fixtures/captions/linkedin-captions.vtt'), 'utf8');

export const LINKEDIN_IDS = {
  withCaptions: '7200000000000000001',
  videoNoCaptions: '7200000000000000002',
  noVideo: '7200000000000000003',
  authWall: '7200000000000000004',
  deleted: '7200000000000000005',
  botCheck: '7200000000000000006',
  captionsBlocked: '7200000000000000007',
  rateLimited: '7200000000000000008',
  serverError: '7200000000000000009',
  slowBody: '7200000000000000010',
  truncated: '7200000000000000011',
  malformed: '7200000000000000012',
} as const;

/** A post URL for an activity id, in the shape the URL rules accept. */
export const linkedinPostUrl = (id: string, code = 'AbCd') => `https://www.linkedin.com/posts/jane-doe_hiring-founders-activity-${id}-${code}`;

type Scenario =
  | 'with-captions'
  | 'video-no-captions'
  | 'no-video'
  | 'auth-wall'
  | 'deleted'
  | 'bot-check'
  | 'captions-blocked'
  | 'malformed'
  | Exclude<TransportScenario, 'rate-limited-once'>;

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  [LINKEDIN_IDS.withCaptions]: 'with-captions',
  [LINKEDIN_IDS.videoNoCaptions]: 'video-no-captions',
  [LINKEDIN_IDS.noVideo]: 'no-video',
  [LINKEDIN_IDS.authWall]: 'auth-wall',
  [LINKEDIN_IDS.deleted]: 'deleted',
  [LINKEDIN_IDS.botCheck]: 'bot-check',
  [LINKEDIN_IDS.captionsBlocked]: 'captions-blocked',
  [LINKEDIN_IDS.rateLimited]: 'rate-limited',
  [LINKEDIN_IDS.serverError]: 'server-error',
  [LINKEDIN_IDS.slowBody]: 'slow-body',
  [LINKEDIN_IDS.truncated]: 'truncated',
  [LINKEDIN_IDS.malformed]: 'malformed',
};

const DMS = 'https://dms.licdn.com';
const MEDIA = 'https://media.licdn.com';
const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const source = (id: string, rendition: string) => `${DMS}/playlist/vid/v2/D4E05AQH${id.slice(-6)}fx/${rendition}/0/1718020000000?e=1781000000&v=beta&t=fixtureToken${id.slice(-4)}`;
const captionsUrl = (id: string) => `${DMS}/playlist/vid/v2/D4E05AQH${id.slice(-6)}fx/captions-vtt/0/1718020000000?e=1781000000&v=beta&t=fixtureCaptions${id.slice(-4)}`;
const image = (id: string) => `${MEDIA}/dms/image/v2/D4E05AQH${id.slice(-6)}fx/videocover-high/0/1718020000000?e=1781000000&v=beta&t=fixtureCover`;

function videoTag(id: string, captions: boolean): string {
  const sources = JSON.stringify([
    { src: source(id, 'mp4-720p-30fp-crf28'), type: 'video/mp4', 'data-bitrate': 2270000 },
    { src: source(id, 'mp4-640p-30fp-crf28'), type: 'video/mp4', 'data-bitrate': 1150000 },
  ]);
  const captionsAttr = captions ? ` data-captions-url="${escapeAttr(captionsUrl(id))}"` : '';
  return `<video class="share-native-video__node video-js" playsinline="" title="Video player for Hiring founders" data-sources="${escapeAttr(sources)}" data-poster-url="${escapeAttr(image(id))}"${captionsAttr} data-tracking-id="fixture"></video>`;
}

function postPage(id: string, body: string): string {
  const url = `https://www.linkedin.com/posts/jane-doe_hiring-founders-activity-${id}-AbCd`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>Jane Doe on LinkedIn: Hiring is the most important thing a founder does.</title><meta property="og:title" content="Jane Doe on LinkedIn: Hiring is the most important thing a founder does."><meta property="og:description" content="Here are three questions I ask in every interview."><meta property="og:image" content="${escapeAttr(image(id))}"><meta property="og:url" content="${url}"><meta property="og:type" content="article"><script type="application/ld+json">${JSON.stringify({ '@context': 'http://schema.org', '@type': 'SocialMediaPosting', headline: 'Hiring is the most important thing a founder does.', author: { '@type': 'Person', name: 'Jane Doe' }, url })}</script></head><body class="public-post"><main><article class="main-feed-activity-card" data-activity-urn="urn:li:activity:${id}"><p class="attributed-text-segment-list__content">Hiring is the most important thing a founder does.</p>${body}<span class="social-counts-reactions" data-num-reactions="1284"></span></article></main></body></html>`;
}

function postAnswer(req: FixtureRequest, id: string): Answer {
  const scenario = SCENARIOS[id] ?? 'deleted';
  const normal = () => html(postPage(id, `<div class="share-native-video">${videoTag(id, true)}</div>`));
  if (isTransportScenario(scenario)) return withTransportScenario(scenario, req, `linkedin:${id}`, normal);
  switch (scenario) {
    case 'with-captions':
    case 'captions-blocked':
      return normal();
    case 'video-no-captions':
      return html(postPage(id, `<div class="share-native-video">${videoTag(id, false)}</div>`));
    case 'no-video':
      return html(postPage(id, '<div class="feed-images-content"><img src="https://media.licdn.com/dms/image/fixture.jpg" alt=""></div>'));
    case 'auth-wall':
      return redirect(`https://www.linkedin.com/authwall?trk=bf&trkInfo=AQFixture&original_referer=&sessionRedirect=${encodeURIComponent(req.url.href)}`);
    case 'deleted':
      return html('<!DOCTYPE html><html lang="en"><head><title>Page not found | LinkedIn</title></head><body><h1>This page doesn’t exist</h1></body></html>', 404);
    case 'bot-check':
      // LinkedIn's own status for refused clients.
      return { status: 999, headers: { 'content-type': 'text/html' }, body: '<html><head><script>window.location.href="https://www.linkedin.com/checkpoint"</script></head></html>' };
    case 'malformed':
      // A page in a shape the fetcher does not know: no Open Graph data, no post markup.
      return html('<!DOCTYPE html><html><head><title>LinkedIn</title></head><body><div id="root" data-state="{&quot;broken&quot;:"></div></body></html>');
  }
}

export const linkedin: HostModule = {
  hosts: ['www.linkedin.com', 'linkedin.com', 'dms.licdn.com', 'media.licdn.com'],
  handle(req) {
    const path = req.url.pathname;
    if (req.host === 'dms.licdn.com') {
      const captions = /\/D4E05AQH(\d{6})fx\/captions-vtt\//.exec(path);
      if (captions) {
        const scenario = Object.entries(SCENARIOS).find(([id]) => id.endsWith(captions[1] as string))?.[1];
        if (scenario === 'captions-blocked') return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' };
        return text(CAPTIONS, 'text/vtt');
      }
      return media('video/mp4');
    }
    if (req.host === 'media.licdn.com') return media('image/jpeg');
    if (path.startsWith('/authwall')) return html('<!DOCTYPE html><html><head><title>Sign Up | LinkedIn</title></head><body><form class="join-form"></form></body></html>');
    const post = /^\/posts\/[^/]+-activity-(\d{19})-\w{4}\/?$/.exec(path);
    if (post) return postAnswer(req, post[1] as string);
    return notFound(`LinkedIn page ${path}`);
  },
};
