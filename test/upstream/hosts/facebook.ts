// www.facebook.com video pages, fb.watch short links and the fbcdn hosts their payloads point at.
// Video data sits in `<script type="application/json" data-sjs>` blobs:
// require → ScheduledServerJS → __bbox.require → RelayPrefetchedStreamCache → __bbox.result.data,
// with the legacy (`playable_url…`) or the newer (`videoDeliveryResponseFragment…progressive_urls`)
// delivery fields and `video_available_captions_locales` (research/upstream-video.md §4.2).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { html, isTransportScenario, media, notFound, redirect, text, withTransportScenario, type Answer, type FixtureRequest, type TransportScenario } from '../answers';
import type { HostModule } from './index';

const CAPTIONS_VTT = readFileSync(resolve(__dirname, '../../fixtures/captions/facebook-captions.vtt'), 'utf8');
const CAPTIONS_SRT = readFileSync(resolve(__dirname, '../../fixtures/captions/facebook-captions.srt'), 'utf8');

export const FACEBOOK_PAGE = 'GardenClub';
export const FACEBOOK_IDS = {
  legacyWithCaptions: '1000000000000001',
  progressiveWithSrtCaptions: '1000000000000002',
  videoNoCaptions: '1000000000000003',
  nothing: '1000000000000004',
  private: '1000000000000005',
  deleted: '1000000000000006',
  loginWall: '1000000000000007',
  captionsBlocked: '1000000000000008',
  rateLimited: '1000000000000009',
  serverError: '1000000000000010',
  slowBody: '1000000000000011',
  truncated: '1000000000000012',
  malformed: '1000000000000013',
  reel: '1000000000000014',
  noVideoNode: '1000000000000015',
  oneBrokenBlob: '1000000000000016',
  manualNullMethod: '1000000000000017',
  sharedVideo: '1000000000000018',
  sharedReel: '1000000000000019',
} as const;

/** A post whose page holds a video with captions. */
export const FACEBOOK_POST = 'pfbid02fixturePostWithVideo7Lm9';
export const FACEBOOK_SHORT = { toVideo: 'Gd3nCl7bVx', toLogin: 'L0g1nWall9' } as const;
/**
 * The app's share links (`/share/v/<code>/`, `/share/r/<code>/`): a 302 to the item with Facebook's
 * `rdid` and `share_url` parameters added, as yt-dlp#17102 shows; or, without a session, the login page.
 */
export const FACEBOOK_SHARE = { video: '1AbCdEfGh2', reel: '19XyZrEeL5', toLogin: '1L0g1nSh4' } as const;
/** A public group's post holding video …001. */
export const FACEBOOK_GROUP = { id: '1401234567890123', post: '2601234567890123' } as const;

type Scenario =
  | 'legacy-with-captions'
  | 'progressive-with-srt'
  | 'video-no-captions'
  | 'nothing'
  | 'private'
  | 'deleted'
  | 'login-wall'
  | 'captions-blocked'
  | 'reel'
  | 'malformed'
  | 'no-video-node'
  | 'one-broken-blob'
  | 'manual-null-method'
  | Exclude<TransportScenario, 'rate-limited-once'>;

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  [FACEBOOK_IDS.legacyWithCaptions]: 'legacy-with-captions',
  [FACEBOOK_IDS.progressiveWithSrtCaptions]: 'progressive-with-srt',
  [FACEBOOK_IDS.videoNoCaptions]: 'video-no-captions',
  [FACEBOOK_IDS.nothing]: 'nothing',
  [FACEBOOK_IDS.private]: 'private',
  [FACEBOOK_IDS.deleted]: 'deleted',
  [FACEBOOK_IDS.loginWall]: 'login-wall',
  [FACEBOOK_IDS.captionsBlocked]: 'captions-blocked',
  [FACEBOOK_IDS.rateLimited]: 'rate-limited',
  [FACEBOOK_IDS.serverError]: 'server-error',
  [FACEBOOK_IDS.slowBody]: 'slow-body',
  [FACEBOOK_IDS.truncated]: 'truncated',
  [FACEBOOK_IDS.malformed]: 'malformed',
  [FACEBOOK_IDS.reel]: 'reel',
  [FACEBOOK_IDS.noVideoNode]: 'no-video-node',
  [FACEBOOK_IDS.oneBrokenBlob]: 'one-broken-blob',
  [FACEBOOK_IDS.manualNullMethod]: 'manual-null-method',
  [FACEBOOK_IDS.sharedVideo]: 'legacy-with-captions',
  [FACEBOOK_IDS.sharedReel]: 'reel',
};

const VIDEO_CDN = 'https://video.xx.fbcdn.net';
const CONTENT_CDN = 'https://scontent.xx.fbcdn.net';
const signed = '_nc_cat=104&ccb=1-7&_nc_sid=985c63&efg=eyJ2ZW5jb2RlX3RhZyI6Im9lcF9zZCJ9&_nc_ohc=fixture&_nc_ht=video.xx&oh=00_AYfixture&oe=67A1B2C3';
const sdUrl = (id: string) => `${VIDEO_CDN}/v/t42.1790-2/${id}_sd.mp4?${signed}`;
const hdUrl = (id: string) => `${VIDEO_CDN}/v/t39.25447-2/${id}_hd.mp4?${signed}&bitrate=2411000`;
const thumbUrl = (id: string) => `${CONTENT_CDN}/v/t15.5256-10/${id}_thumb_n.jpg?stp=dst-jpg_s960x960&${signed}`;
const captionsUrl = (id: string, ext: 'vtt' | 'srt', locale = 'en_US') => `${CONTENT_CDN}/v/t39.8562-6/${id}_captions_${locale}.${ext === 'srt' ? 'srt' : 'vtt'}?${signed}`;

const captionLocales = (id: string, ext: 'vtt' | 'srt', method: string | null) => [
  { locale: 'en_US', captions_url: captionsUrl(id, ext), localized_language: 'English', localized_country: 'United States', ...(method === null ? {} : { localized_creation_method: method }) },
];

/** The uploader's own British-English track next to the automatic US one; its body differs so a test can tell which was read. */
const BRITISH_VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.750\nWelcome back to the allotment.\n';
const autoAndManualLocales = (id: string) => [
  { locale: 'en_US', captions_url: captionsUrl(id, 'vtt'), localized_language: 'English', localized_country: 'United States', localized_creation_method: 'Auto-generated' },
  // JSON null: what a track someone wrote carries when the field is present at all (yt-dlp treats only truthy as automatic).
  { locale: 'en_GB', captions_url: captionsUrl(id, 'vtt', 'en_GB'), localized_language: 'English', localized_country: 'United Kingdom', localized_creation_method: null },
];

function legacyVideo(id: string, options: { captions: boolean; video: boolean }): Record<string, unknown> {
  return {
    __typename: 'Video',
    id,
    videoId: id,
    name: 'Planting tomatoes and basil',
    savable_description: { text: 'Spring planting, part 3' },
    owner: { __typename: 'Page', id: '100064000000001', name: 'Garden Club' },
    publish_time: 1718020000,
    playable_duration_in_ms: 8000,
    is_video_broadcast: false,
    preferred_thumbnail: { image: { uri: thumbUrl(id) }, image_preview_payload: null },
    ...(options.video
      ? { playable_url: sdUrl(id), playable_url_quality_hd: hdUrl(id), browser_native_sd_url: sdUrl(id), browser_native_hd_url: hdUrl(id), playable_url_dash: `${VIDEO_CDN}/v/dash/${id}.mpd?${signed}` }
      : { playable_url: null, playable_url_quality_hd: null, browser_native_sd_url: null, browser_native_hd_url: null }),
    video_available_captions_locales: options.captions ? captionLocales(id, 'vtt', 'Auto-generated') : [],
  };
}

function progressiveVideo(id: string): Record<string, unknown> {
  return {
    __typename: 'Video',
    id,
    videoId: id,
    length_in_second: 8,
    thumbnailImage: { uri: thumbUrl(id) },
    videoDeliveryResponseFragment: {
      videoDeliveryResponseResult: {
        progressive_urls: [
          { progressive_url: sdUrl(id), failure_reason: null, metadata: { quality: 'SD' } },
          { progressive_url: hdUrl(id), failure_reason: null, metadata: { quality: 'HD' } },
        ],
        dash_manifest_urls: [{ manifest_url: `${VIDEO_CDN}/v/dash/${id}.mpd?${signed}` }],
        hls_playlist_urls: [],
      },
    },
    // Manual captions: no creation method.
    video_available_captions_locales: captionLocales(id, 'srt', null),
  };
}

const relayBlob = (data: Record<string, unknown>) =>
  JSON.stringify({
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [{ __bbox: { require: [['RelayPrefetchedStreamCache', 'next', [], ['adp_CometTahoeRootQueryRelayPreloader_6657a1b2c3d4e5f60', { __bbox: { complete: true, result: { data, extensions: { is_final: true } }, sequence_number: 0 } }]]] } }],
      ],
    ],
  });

const otherBlob = JSON.stringify({ require: [['ScheduledServerJS', 'handle', null, [{ __bbox: { define: [['CurrentUserInitialData', [], { USER_ID: '0', ACCOUNT_ID: '0' }, 270]] } }]]] });

function page(blobs: string[], id: string): string {
  const scripts = blobs.map((blob) => `<script type="application/json" data-content-len="${blob.length}" data-sjs>${blob}</script>`).join('');
  return `<!DOCTYPE html><html id="facebook" lang="en"><head><meta charset="utf-8"/><title>Garden Club | Facebook</title><meta property="og:title" content="Planting tomatoes and basil"/><meta property="og:image" content="${thumbUrl(id).replace(/&/g, '&amp;')}"/><meta property="og:locale" content="en_US"/><meta property="og:url" content="https://www.facebook.com/watch/?v=${id}"/></head><body><div id="mount_0_0_fx"></div>${scripts}</body></html>`;
}

const videoPage = (id: string, video: Record<string, unknown>) => page([otherBlob, relayBlob({ video: { story: { attachments: [{ media: video }] } } })], id);

const LOGIN_WALL = `<!DOCTYPE html><html id="facebook" lang="en"><head><title>Log in to Facebook</title></head><body><div class="_4-u2">You must log in to continue.</div><form id="login_form" action="/login/device-based/regular/login/" method="post"><input type="email" name="email" id="email"/><input type="password" name="pass" id="pass"/><button id="loginbutton" name="login" type="submit">Log In</button></form></body></html>`;
const unavailable = (id: string) =>
  page(
    [otherBlob, relayBlob({ video: null, uiInterstitialContent: { title: "This content isn't available right now", message: "When this happens, it's usually because the owner only shared it with a small group of people, changed who can see it or it's been deleted." } })],
    id,
  );

/** Relay data of a watch page that holds no video node: what a layout change or a soft login wall leaves. */
const noVideoNodePage = (id: string) =>
  page([otherBlob, relayBlob({ viewer: { __typename: 'Viewer', actor: null, is_logged_in: false }, comet_route: { rootView: { props: { v: id } } } })], id);

/** A relay blob cut off mid-way (an unrelated query), before the one that holds the video. */
const brokenRelayBlob = relayBlob({ viewer: { __typename: 'Viewer', news_feed: { edges: [{ node: { id: 'S:_I100064000000001:1' } }] } } }).slice(0, -40);

function videoAnswer(req: FixtureRequest, id: string): Answer {
  const scenario = SCENARIOS[id] ?? 'deleted';
  const normal = () => html(videoPage(id, legacyVideo(id, { captions: true, video: true })));
  if (isTransportScenario(scenario)) return withTransportScenario(scenario, req, `facebook:${id}`, normal);
  switch (scenario) {
    case 'legacy-with-captions':
    case 'captions-blocked':
      return normal();
    case 'progressive-with-srt':
      return html(videoPage(id, progressiveVideo(id)));
    case 'reel':
      return html(page([otherBlob, relayBlob({ node: { creation_story: { short_form_video_context: { playback_video: legacyVideo(id, { captions: true, video: true }) } } } })], id));
    case 'video-no-captions':
      return html(videoPage(id, legacyVideo(id, { captions: false, video: true })));
    case 'nothing':
      return html(videoPage(id, legacyVideo(id, { captions: false, video: false })));
    case 'private':
      return html(unavailable(id));
    case 'deleted':
      return html(unavailable(id), 404);
    case 'login-wall':
      return html(LOGIN_WALL);
    case 'malformed':
      return html(videoPage(id, legacyVideo(id, { captions: true, video: true })).replace('"RelayPrefetchedStreamCache"', '"RelayPrefetchedStreamCache",,'));
    case 'no-video-node':
      return html(noVideoNodePage(id));
    case 'one-broken-blob':
      return html(page([otherBlob, brokenRelayBlob, relayBlob({ video: { story: { attachments: [{ media: legacyVideo(id, { captions: true, video: true }) }] } } })], id));
    case 'manual-null-method':
      return html(videoPage(id, { ...legacyVideo(id, { captions: false, video: true }), video_available_captions_locales: autoAndManualLocales(id) }));
  }
}

/** A post page: the post FACEBOOK_POST holds video …001; any other post is "not available". */
const postAnswer = (postId: string): Answer =>
  postId === FACEBOOK_POST ? html(videoPage(FACEBOOK_IDS.legacyWithCaptions, legacyVideo(FACEBOOK_IDS.legacyWithCaptions, { captions: true, video: true }))) : html(unavailable('0'));

function shareAnswer(req: FixtureRequest, kind: 'v' | 'r', code: string): Answer {
  const shareUrl = encodeURIComponent(req.url.href);
  const tail = `?rdid=Fx${code.slice(0, 6)}&share_url=${shareUrl}`;
  if (code === FACEBOOK_SHARE.video && kind === 'v') return redirect(`https://www.facebook.com/${FACEBOOK_PAGE}/videos/${FACEBOOK_IDS.sharedVideo}/${tail}`);
  if (code === FACEBOOK_SHARE.reel && kind === 'r') return redirect(`https://www.facebook.com/reel/${FACEBOOK_IDS.sharedReel}/${tail}`);
  if (code === FACEBOOK_SHARE.toLogin) return redirect(`https://www.facebook.com/login/?next=${shareUrl}`);
  return notFound(`Facebook share link ${code}`);
}

export const facebook: HostModule = {
  hosts: ['www.facebook.com', 'm.facebook.com', 'web.facebook.com', 'fb.watch', 'video.xx.fbcdn.net', 'scontent.xx.fbcdn.net'],
  handle(req) {
    const path = req.url.pathname;
    if (req.host === 'fb.watch') {
      const code = path.split('/')[1] ?? '';
      if (code === FACEBOOK_SHORT.toVideo) return redirect(`https://www.facebook.com/${FACEBOOK_PAGE}/videos/${FACEBOOK_IDS.legacyWithCaptions}/`);
      if (code === FACEBOOK_SHORT.toLogin) return redirect(`https://www.facebook.com/login/?next=${encodeURIComponent(`https://fb.watch/${code}/`)}`);
      return notFound(`fb.watch/${code}`);
    }
    if (req.host === 'scontent.xx.fbcdn.net') {
      const captions = /^\/v\/[^/]+\/(\d+)_captions_(\w+)\.(vtt|srt)$/.exec(path);
      if (captions) {
        const [, id, locale, ext] = captions as unknown as [string, string, string, string];
        if (SCENARIOS[id] === 'captions-blocked') return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'URL signature mismatch' };
        if (locale === 'en_GB') return text(BRITISH_VTT, 'application/octet-stream');
        // Served without a telling Content-Type, as fbcdn does: the fetcher has to sniff.
        return text(ext === 'srt' ? CAPTIONS_SRT : CAPTIONS_VTT, 'application/octet-stream');
      }
      return media('image/jpeg');
    }
    if (req.host === 'video.xx.fbcdn.net') return media('video/mp4');
    if (path === '/login/' || path === '/login') return html(LOGIN_WALL);
    const share = /^\/share\/([vr])\/([^/]+)\/?$/.exec(path);
    if (share) return shareAnswer(req, share[1] as 'v' | 'r', share[2] as string);
    if (path === '/story.php' || path === '/permalink.php') return postAnswer(req.url.searchParams.get('story_fbid') ?? '');
    const groupPost = /^\/groups\/([^/]+)\/(?:permalink|posts)\/(\d+)\/?$/.exec(path);
    if (groupPost) return groupPost[1] === FACEBOOK_GROUP.id && groupPost[2] === FACEBOOK_GROUP.post ? postAnswer(FACEBOOK_POST) : html(unavailable('0'));
    if (path === '/watch/' || path === '/watch') return videoAnswer(req, req.url.searchParams.get('v') ?? '');
    const video = /^\/(?:[^/]+\/videos\/(?:[^/]+\/)?|reel\/)(\d+)\/?$/.exec(path);
    if (video) return videoAnswer(req, video[1] as string);
    const post = /^\/[^/]+\/posts\/([^/]+)\/?$/.exec(path);
    if (post) return postAnswer(post[1] as string);
    return notFound(`Facebook page ${path}`);
  },
};
