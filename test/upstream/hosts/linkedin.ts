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
  /** A group-style post: no `<video>`, the video in `<code>` JSON (the activity behind LINKEDIN_UGC_POSTS.codeJson). */
  codeJson: '7300000000000000101',
} as const;

/**
 * ugcPost ids (a different number from the activity id of the same post). Each page names both:
 * `data-activity-urn` on the card, the ugcPost in `data-attributed-urn` and in its URL.
 */
export const LINKEDIN_UGC_POSTS = {
  /** The same post as activity LINKEDIN_IDS.withCaptions. */
  withCaptions: '6850898786781339649',
  /** No `<video>`; `<code>` JSON with progressiveStreams, adaptiveStreams and a WebVTT transcript. */
  codeJson: '7300000000000000001',
  /** `<code>` JSON with streams but no transcripts. */
  codeJsonNoCaptions: '7300000000000000002',
  /** A post page that shows other posts, not this one (no mention of its id). */
  notThePost: '7300000000000000003',
  /** `<code>` JSON that mentions streams but is cut off. */
  codeJsonBroken: '7300000000000000004',
} as const;

/** The activity id behind each ugcPost id. */
const ACTIVITY_OF_UGC: Readonly<Record<string, string>> = {
  [LINKEDIN_UGC_POSTS.withCaptions]: LINKEDIN_IDS.withCaptions,
  [LINKEDIN_UGC_POSTS.codeJson]: LINKEDIN_IDS.codeJson,
  [LINKEDIN_UGC_POSTS.codeJsonNoCaptions]: '7300000000000000102',
  [LINKEDIN_UGC_POSTS.notThePost]: '7300000000000000103',
  [LINKEDIN_UGC_POSTS.codeJsonBroken]: '7300000000000000104',
};

/** A post URL for an activity id, in the shape the URL rules accept. */
export const linkedinPostUrl = (id: string, code = 'AbCd') => `https://www.linkedin.com/posts/jane-doe_hiring-founders-activity-${id}-${code}`;
/** A post URL for a ugcPost id (yt-dlp's own test URL has this shape). */
export const linkedinUgcPostUrl = (id: string, code = 'mM20') => `https://www.linkedin.com/posts/jane-doe_hiring-founders-ugcPost-${id}-${code}`;

type Scenario =
  | 'with-captions'
  | 'video-no-captions'
  | 'no-video'
  | 'auth-wall'
  | 'deleted'
  | 'bot-check'
  | 'captions-blocked'
  | 'malformed'
  | 'code-json'
  | 'code-json-no-captions'
  | 'not-the-post'
  | 'code-json-broken'
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
  [LINKEDIN_IDS.codeJson]: 'code-json',
  [ACTIVITY_OF_UGC[LINKEDIN_UGC_POSTS.codeJsonNoCaptions] as string]: 'code-json-no-captions',
  [ACTIVITY_OF_UGC[LINKEDIN_UGC_POSTS.notThePost] as string]: 'not-the-post',
  [ACTIVITY_OF_UGC[LINKEDIN_UGC_POSTS.codeJsonBroken] as string]: 'code-json-broken',
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

function postPage(id: string, body: string, ugcPostId?: string): string {
  const url = ugcPostId === undefined ? `https://www.linkedin.com/posts/jane-doe_hiring-founders-activity-${id}-AbCd` : linkedinUgcPostUrl(ugcPostId);
  const attributed = ugcPostId === undefined ? '' : ` data-attributed-urn="urn:li:ugcPost:${ugcPostId}"`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>Jane Doe on LinkedIn: Hiring is the most important thing a founder does.</title><meta property="og:title" content="Jane Doe on LinkedIn: Hiring is the most important thing a founder does."><meta property="og:description" content="Here are three questions I ask in every interview."><meta property="og:image" content="${escapeAttr(image(id))}"><meta property="og:url" content="${url}"><meta property="og:type" content="article"><script type="application/ld+json">${JSON.stringify({ '@context': 'http://schema.org', '@type': 'SocialMediaPosting', headline: 'Hiring is the most important thing a founder does.', author: { '@type': 'Person', name: 'Jane Doe' }, url })}</script></head><body class="public-post"><main><article class="main-feed-activity-card" data-activity-urn="urn:li:activity:${id}"${attributed}><p class="attributed-text-segment-list__content">Hiring is the most important thing a founder does.</p>${body}<span class="social-counts-reactions" data-num-reactions="1284"></span></article></main></body></html>`;
}

/**
 * The Voyager payload a group or feed post page hides in `<code style="display: none">` (entity-
 * escaped JSON), next to the `datalet-…` block that describes the request it answered
 * (yt-dlp#16531/#16560; field names of com.linkedin.videocontent.VideoPlayMetadata).
 */
function codeBlocks(activityId: string, ugcPostId: string, options: { transcripts: boolean; broken?: boolean }): string {
  const asset = `D4E05AQH${activityId.slice(-6)}fx`;
  const payload = {
    data: { '*elements': [`urn:li:fsd_update:(urn:li:activity:${activityId},MAIN_FEED,EMPTY,DEFAULT,false)`], $type: 'com.linkedin.restli.common.CollectionResponse' },
    included: [
      {
        $type: 'com.linkedin.voyager.dash.feed.Update',
        entityUrn: `urn:li:fsd_update:(urn:li:activity:${activityId},MAIN_FEED,EMPTY,DEFAULT,false)`,
        metadata: { backendUrn: `urn:li:activity:${activityId}`, shareUrn: `urn:li:ugcPost:${ugcPostId}` },
        content: { linkedInVideoComponent: { '*videoPlayMetadata': `urn:li:digitalmediaAsset:${asset}` } },
      },
      {
        $type: 'com.linkedin.videocontent.VideoPlayMetadata',
        entityUrn: `urn:li:digitalmediaAsset:${asset}`,
        media: `urn:li:digitalmediaAsset:${asset}`,
        duration: 9000,
        provider: 'UGC',
        trackingId: 'fixtureTrackingId==',
        aspectRatio: 1.7777778,
        thumbnail: { rootUrl: `${MEDIA}/dms/image/v2/${asset}/videocover-high/0/`, artifacts: [{ width: 1280, height: 720, fileIdentifyingUrlPathSegment: '1718020000000?e=1781000000&v=beta&t=fixtureCover' }] },
        progressiveStreams: [
          { $type: 'com.linkedin.videocontent.ProgressiveDownloadMetadata', width: 1280, height: 720, bitRate: 2270000, size: 2554000, mediaType: 'video/mp4', streamingLocations: [{ url: source(activityId, 'mp4-720p-30fp-crf28'), expiresAt: 1781000000000 }] },
          { $type: 'com.linkedin.videocontent.ProgressiveDownloadMetadata', width: 640, height: 360, bitRate: 1150000, size: 1294000, mediaType: 'video/mp4', streamingLocations: [{ url: source(activityId, 'mp4-640p-30fp-crf28'), expiresAt: 1781000000000 }] },
        ],
        adaptiveStreams: [
          { $type: 'com.linkedin.videocontent.AdaptiveStreamingMetadata', protocol: 'HLS', mediaType: 'application/vnd.apple.mpegURL', masterPlaylists: [{ url: `${DMS}/playlist/vid/v2/${asset}/hls-720p-30fp/0/1718020000000?e=1781000000&v=beta&t=fixtureHls`, expiresAt: 1781000000000 }] },
        ],
        transcripts: options.transcripts
          ? [{ $type: 'com.linkedin.videocontent.Transcript', captionFile: captionsUrl(activityId), captionFormat: 'WEBVTT', isAutogenerated: true, locale: { language: 'en', country: 'US' } }]
          : [],
      },
    ],
  };
  const json = JSON.stringify(payload);
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const request = { request: `/voyager/api/feed/dash/feedUpdates/urn:li:fsd_update:(urn:li:activity:${activityId},MAIN_FEED,EMPTY,DEFAULT,false)`, status: 200, body: 'bpr-guid-1843210', method: 'GET' };
  return `<code style="display: none" id="datalet-bpr-guid-1843210">${escape(JSON.stringify(request))}</code><code style="display: none" id="bpr-guid-1843210">${escape(options.broken === true ? json.slice(0, Math.floor(json.length / 2)) : json)}</code>`;
}

/** Another post's card: what LinkedIn shows in place of one it will not render for this visitor. */
const otherPostsPage = () =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>Jane Doe on LinkedIn</title><meta property="og:title" content="Jane Doe | LinkedIn"><meta property="og:url" content="https://www.linkedin.com/in/jane-doe"></head><body><main><section class="more-from-author"><article class="main-feed-activity-card" data-activity-urn="urn:li:activity:7199999999999999999"><p>An older post.</p></article></section></main></body></html>`;

function postAnswer(req: FixtureRequest, id: string, ugcPostId?: string): Answer {
  const scenario = SCENARIOS[id] ?? 'deleted';
  const normal = () => html(postPage(id, `<div class="share-native-video">${videoTag(id, true)}</div>`, ugcPostId));
  const ugc = ugcPostId ?? '0';
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
    case 'code-json':
      return html(postPage(id, codeBlocks(id, ugc, { transcripts: true }), ugcPostId));
    case 'code-json-no-captions':
      return html(postPage(id, codeBlocks(id, ugc, { transcripts: false }), ugcPostId));
    case 'code-json-broken':
      return html(postPage(id, codeBlocks(id, ugc, { transcripts: true, broken: true }), ugcPostId));
    case 'not-the-post':
      return html(otherPostsPage());
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
    const post = /^\/posts\/[^/]+-(activity|ugcPost|share)-(\d{19})-\w{4}\/?$/.exec(path) ?? /^\/feed\/update\/urn:li:(activity|ugcPost|share):(\d{19})\/?$/.exec(path);
    if (post) {
      const [, kind, id] = post as unknown as [string, string, string];
      if (kind === 'activity') return postAnswer(req, id, Object.keys(ACTIVITY_OF_UGC).find((ugc) => ACTIVITY_OF_UGC[ugc] === id));
      const activity = ACTIVITY_OF_UGC[id];
      return activity === undefined ? postAnswer(req, id) : postAnswer(req, activity, id);
    }
    return notFound(`LinkedIn page ${path}`);
  },
};
