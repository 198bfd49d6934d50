// www.tiktok.com video pages, vm./vt. short links and the CDN hosts their payloads point at.
// Pages carry `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">` with
// `__DEFAULT_SCOPE__["webapp.video-detail"]` shaped as research/upstream-video.md §2.2 describes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { file, html, isTransportScenario, media, notFound, redirect, text, withTransportScenario, type Answer, type FixtureRequest, type TransportScenario } from '../answers';
import type { HostModule } from './index';
import { mediaFile } from '../media';

const ENGLISH_VTT = readFileSync(resolve(__dirname, '../../fixtures/captions/tiktok-asr.vtt'), 'utf8');
const SPANISH_VTT = 'WEBVTT\n\n00:00:00.120 --> 00:00:01.800\nTres cosas que nadie te dice\n';

export const TIKTOK_USER = 'traveltok';
export const TIKTOK_IDS = {
  withCaptions: '7350000000000000001',
  videoNoCaptions: '7350000000000000002',
  nothing: '7350000000000000003',
  privatePost: '7350000000000000004',
  privateAccount: '7350000000000000005',
  deleted: '7350000000000000006',
  ageGated: '7350000000000000007',
  ipBlocked: '7350000000000000008',
  challenge: '7350000000000000009',
  loginRedirect: '7350000000000000010',
  captionsBlocked: '7350000000000000011',
  rateLimited: '7350000000000000012',
  serverError: '7350000000000000013',
  slowBody: '7350000000000000014',
  truncated: '7350000000000000015',
  malformed: '7350000000000000016',
  /** Only an SRT track (no WebVTT). */
  srtOnly: '7350000000000000017',
  /** Only a `creator_caption` (JSON) track. */
  creatorCaptionOnly: '7350000000000000018',
  /** The "downgrade-mssdk" app shell without data (yt-dlp#17393). */
  botWall: '7350000000000000019',
  /** The JS challenge again, even with the right cookie. */
  challengeRepeated: '7350000000000000020',
  /** A challenge whose digest no number up to 10^6 gives. */
  challengeUnsolvable: '7350000000000000021',
} as const;

/** Short-link codes and where they lead. */
export const TIKTOK_SHORT = { toCaptions: 'ZMok0001', toHome: 'ZMdead01' } as const;

type Scenario =
  | 'with-captions'
  | 'video-no-captions'
  | 'nothing'
  | 'private-post'
  | 'private-account'
  | 'deleted'
  | 'age-gated'
  | 'ip-blocked'
  | 'challenge'
  | 'login-redirect'
  | 'captions-blocked'
  | 'malformed'
  | 'srt-only'
  | 'creator-caption-only'
  | 'bot-wall'
  | 'challenge-repeated'
  | 'challenge-unsolvable'
  | Exclude<TransportScenario, 'rate-limited-once'>;

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  [TIKTOK_IDS.withCaptions]: 'with-captions',
  [TIKTOK_IDS.videoNoCaptions]: 'video-no-captions',
  [TIKTOK_IDS.nothing]: 'nothing',
  [TIKTOK_IDS.privatePost]: 'private-post',
  [TIKTOK_IDS.privateAccount]: 'private-account',
  [TIKTOK_IDS.deleted]: 'deleted',
  [TIKTOK_IDS.ageGated]: 'age-gated',
  [TIKTOK_IDS.ipBlocked]: 'ip-blocked',
  [TIKTOK_IDS.challenge]: 'challenge',
  [TIKTOK_IDS.loginRedirect]: 'login-redirect',
  [TIKTOK_IDS.captionsBlocked]: 'captions-blocked',
  [TIKTOK_IDS.rateLimited]: 'rate-limited',
  [TIKTOK_IDS.serverError]: 'server-error',
  [TIKTOK_IDS.slowBody]: 'slow-body',
  [TIKTOK_IDS.truncated]: 'truncated',
  [TIKTOK_IDS.malformed]: 'malformed',
  [TIKTOK_IDS.srtOnly]: 'srt-only',
  [TIKTOK_IDS.creatorCaptionOnly]: 'creator-caption-only',
  [TIKTOK_IDS.botWall]: 'bot-wall',
  [TIKTOK_IDS.challengeRepeated]: 'challenge-repeated',
  [TIKTOK_IDS.challengeUnsolvable]: 'challenge-unsolvable',
};

const CDN = 'https://v16-webapp-prime.tiktok.com';
const IMAGES = 'https://p16-sign-va.tiktokcdn.com';
const videoUrl = (id: string, gear: string) => `${CDN}/video/tos/useast5/tos-useast5-pve-0068-tx/${id}/?a=1988&bti=NEBzNTY6QGo6OjZALnAjNDQuYCMxNDNg&ch=0&cr=3&dr=0&lr=all&cd=0%7C0%7C0%7C&cv=1&br=2038&bt=1019&cs=0&ds=6&ft=4KJMyMzm8Zmo0PVvo-4jVH1r&mime_type=video_mp4&qs=0&rc=${gear}&vvpl=1&l=202606101200000A1B2C3D4E5F&btag=e00088000`;
const subtitleUrl = (id: string, lang: string, ext: SubtitleFormat = 'webvtt') => `${CDN}/subtitle/tos-useast5-v-0068-tx/${id}/${lang}.${ext}?a=1988&expire=1781000000&policy=2&signature=f1xtur3s1gn4tur3&l=202606101200000A1B2C3D4E5F`;
const coverUrl = (id: string) => `${IMAGES}/tos-useast5-p-0068-tx/${id}~tplv-tiktokx-cropcenter:300:400.jpeg?dr=10395&nonce=18225&refresh_token=abc&x-expires=1781000000&x-signature=xyz&idc=useast5&ps=13740610&shcp=81f88b70&shp=a5d48078&t=4d5b0474`;

type SubtitleFormat = 'webvtt' | 'srt' | 'creator_caption';

/** The English WebVTT as SubRip, for the SRT-only video. */
const ENGLISH_SRT = `1
00:00:00,120 --> 00:00:01,800
Three things nobody tells you

2
00:00:01,800 --> 00:00:03,960
about moving to Lisbon & working remotely

3
00:00:03,960 --> 00:00:06,200
First: the hills are real.

4
00:00:06,200 --> 00:00:08,480
Second, "pastel de nata" is a lifestyle.
`;

/**
 * The creator's own captions as JSON. Synthesized: no recorded body exists; the shape is the one
 * yt-dlp reads from TikTok's caption JSON (`utterances[]` with `start_time`/`end_time` in ms and
 * `text`, tiktok.py `_get_subtitles`).
 */
const ENGLISH_CREATOR_CAPTION = JSON.stringify({
  version: '1',
  language: 'eng-US',
  utterances: [
    { start_time: 120, end_time: 1800, text: 'Three things nobody tells you', words: [] },
    { start_time: 1800, end_time: 3960, text: 'about moving to Lisbon & working remotely', words: [] },
    { start_time: 3960, end_time: 6200, text: 'First: the hills are real.', words: [] },
    { start_time: 6200, end_time: 8480, text: 'Second, "pastel de nata" is a lifestyle.', words: [] },
  ],
});

interface SubtitleInfo {
  LanguageID: string;
  LanguageCodeName: string;
  Url: string;
  UrlExpire: number;
  Format: SubtitleFormat;
  Version: string;
  Source: 'ASR' | 'MT';
  VideoSubtitleID: number;
  Size: number;
}

function itemStruct(id: string, options: { captions: boolean | SubtitleFormat; video: boolean }): Record<string, unknown> {
  const only = typeof options.captions === 'string' ? options.captions : undefined;
  const subtitleInfos: SubtitleInfo[] = only !== undefined
    ? [{ LanguageID: '2', LanguageCodeName: 'eng-US', Url: subtitleUrl(id, 'eng-US', only), UrlExpire: 1781000000, Format: only, Version: '1', Source: 'ASR', VideoSubtitleID: 0, Size: 1024 }]
    : options.captions
    ? [
        // A machine translation listed first: the fetcher must still pick the original speech.
        { LanguageID: '3', LanguageCodeName: 'spa-ES', Url: subtitleUrl(id, 'spa-ES'), UrlExpire: 1781000000, Format: 'webvtt', Version: '4', Source: 'MT', VideoSubtitleID: 0, Size: SPANISH_VTT.length },
        { LanguageID: '2', LanguageCodeName: 'eng-US', Url: subtitleUrl(id, 'eng-US'), UrlExpire: 1781000000, Format: 'webvtt', Version: '1', Source: 'ASR', VideoSubtitleID: 0, Size: ENGLISH_VTT.length },
      ]
    : [];
  const video: Record<string, unknown> = {
    id,
    height: 1024,
    width: 576,
    duration: 9,
    ratio: '540p',
    format: 'mp4',
    codecType: 'h264',
    definition: '540p',
    cover: coverUrl(id),
    originCover: coverUrl(id).replace('cropcenter', 'origin'),
    dynamicCover: coverUrl(id).replace('cropcenter', 'dynamic'),
    zoomCover: { '240': coverUrl(id), '480': coverUrl(id), '720': coverUrl(id), '960': coverUrl(id) },
    videoQuality: 'normal',
    volumeInfo: { Loudness: -17.3, Peak: 0.89125 },
  };
  if (options.video) {
    video.playAddr = videoUrl(id, 'normal_540_0');
    video.downloadAddr = videoUrl(id, 'watermark_540');
    video.bitrate = 1043806;
    video.bitrateInfo = [
      { Bitrate: 1043806, QualityType: 20, GearName: 'normal_540_0', CodecType: 'h264', PlayAddr: { DataSize: 1175391, Width: 576, Height: 1024, Uri: `v12044gd0000${id}`, UrlList: [videoUrl(id, 'normal_540_0'), videoUrl(id, 'normal_540_0').replace('v16-webapp-prime', 'v19-webapp-prime')], UrlKey: `v12044gd0000${id}_h264_540p_1043806`, FileHash: '9f1b2c3d4e5f', FileCs: 'c:0-8120-1a2b' } },
      { Bitrate: 620112, QualityType: 24, GearName: 'lower_540_0', CodecType: 'h265_hvc1', PlayAddr: { DataSize: 698224, Width: 576, Height: 1024, Uri: `v12044gd0000${id}`, UrlList: [videoUrl(id, 'lower_540_0')], UrlKey: `v12044gd0000${id}_bytevc1_540p_620112`, FileHash: '8e0a1b2c3d4e', FileCs: 'c:0-8120-9f8e' } },
    ];
  }
  video.subtitleInfos = subtitleInfos;
  return {
    id,
    desc: 'Three things nobody tells you about Lisbon #travel #lisbon',
    createTime: '1718020000',
    scheduleTime: 0,
    video,
    author: { id: '6812345678901234567', shortId: '', uniqueId: TIKTOK_USER, nickname: 'Travel Tok', avatarLarger: `${IMAGES}/avatar/${TIKTOK_USER}.jpeg`, signature: 'Slow travel, fast cuts', verified: false, secUid: 'MS4wLjABAAAAfixtureSecUidfixtureSecUidfixtureSecUid', privateAccount: false },
    music: { id: '7350000000000000999', title: `original sound - ${TIKTOK_USER}`, playUrl: `${CDN}/music/${id}.mp3`, authorName: 'Travel Tok', original: true, duration: 9 },
    challenges: [{ id: '5057', title: 'travel' }],
    stats: { diggCount: 12034, shareCount: 311, commentCount: 207, playCount: 240311, collectCount: 1880 },
    statsV2: { diggCount: '12034', shareCount: '311', commentCount: '207', playCount: '240311', collectCount: '1880', repostCount: '0' },
    isAd: false,
    isContentClassified: false,
    privateItem: false,
    duetEnabled: true,
    stitchEnabled: true,
    shareEnabled: true,
  };
}

function universalData(detail: Record<string, unknown>): string {
  const data = {
    __DEFAULT_SCOPE__: {
      'webapp.app-context': { language: 'en', region: 'US', appId: 1988, appType: 'm', user: {}, wid: '7350000000000001234', webIdCreatedTime: '1718020000', odinId: '7350000000000005678', nonce: 'fixture', botType: 'others', requestId: '202606101200000A1B2C3D4E5F' },
      'webapp.biz-context': { renderServerEnv: 'fixture', isMobile: false },
      'webapp.video-detail': detail,
    },
  };
  // TikTok writes every "/" inside this script as \u002F.
  return JSON.stringify(data).replace(/\//g, '\\u002F');
}

function page(detailJson: string, title: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="UTF-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>${title}</title><meta property="og:site_name" content="TikTok"/><link rel="preconnect" href="https://lf16-tiktok-web.tiktokcdn-us.com"/></head><body><div id="app"></div><script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${detailJson}</script><script src="https://lf16-tiktok-web.tiktokcdn-us.com/obj/tiktok-web-tx/tiktok/webapp/main/webapp-desktop/npm-runtime.js" async=""></script></body></html>`;
}

const shareMeta = { title: 'Travel Tok on TikTok', desc: 'Three things nobody tells you about Lisbon' };
const ok = (id: string, options: { captions: boolean | SubtitleFormat; video: boolean }) =>
  page(universalData({ itemInfo: { itemStruct: itemStruct(id, options) }, shareMeta, statusCode: 0, statusMsg: '', statusCode_: 0 }), 'Three things nobody tells you about Lisbon | TikTok');
const status = (code: number, msg: string) => page(universalData({ shareMeta: { title: 'TikTok', desc: '' }, statusCode: code, statusMsg: msg }), 'TikTok - Make Your Day');

// The JS challenge page TikTok shows instead of data (research upstream-live-2026 §2; yt-dlp
// tiktok.py `_solve_challenge_and_set_cookies`): `#cs`'s class is base64 JSON whose `v.a` (base64)
// and a decimal number hash (SHA-256) to `v.c` (base64); `#wci`'s class names the cookie that must
// carry the same JSON with `d` = base64 of the number; `#rci`/`#rs` name an optional second cookie.
const CHALLENGE_COOKIE = '_wafchallengeid';
const CHALLENGE_NUMBER = 121853;
const CHALLENGE_SALT = Buffer.from('fixture-waf-salt-0123');
const sha256 = (...parts: Buffer[]) => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest();

function challengeData(scenario: 'solvable' | 'unsolvable'): { v: { a: string; c: string }; s: string } {
  // Unsolvable: the digest of a number past the solver's 10^6 bound.
  const number = scenario === 'solvable' ? CHALLENGE_NUMBER : 1_000_007;
  return { v: { a: CHALLENGE_SALT.toString('base64'), c: sha256(CHALLENGE_SALT, Buffer.from(String(number))).toString('base64') }, s: 'fixture-signature' };
}

function challengePage(scenario: 'solvable' | 'unsolvable'): string {
  const cs = Buffer.from(JSON.stringify(challengeData(scenario))).toString('base64');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Please wait...</title></head><body><div id="cs" class="${cs}"></div><div id="wci" class="${CHALLENGE_COOKIE}"></div><div id="rci" class="waforiginalreid"></div><div id="rs" class="fixture-original-request"></div><p>Please wait...</p><script>/* solves #cs, sets the cookie named by #wci, reloads */</script></body></html>`;
}

/** Whether the request carries a correct solution: the issued challenge with `d` hashing to `v.c`. */
function solvedChallenge(req: FixtureRequest): boolean {
  const cookie = /(?:^|;\s*)_wafchallengeid=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
  if (cookie === undefined) return false;
  try {
    const answer = JSON.parse(Buffer.from(cookie, 'base64').toString('utf8')) as { v?: { a?: string; c?: string }; d?: string };
    const issued = challengeData('solvable');
    if (answer.v?.a !== issued.v.a || answer.v.c !== issued.v.c || typeof answer.d !== 'string') return false;
    return sha256(Buffer.from(issued.v.a, 'base64'), Buffer.from(answer.d, 'base64')).equals(Buffer.from(issued.v.c, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The app shell TikTok serves without any video data (yt-dlp#17393, 2026-08, also under browser
 * impersonation); the marker is `data-source="downgrade-mssdk-preload"`. Synthesized around it.
 */
const BOT_WALL = `<!DOCTYPE html><html lang="en"><head><meta charSet="UTF-8"/><title>TikTok - Make Your Day</title><script data-source="downgrade-mssdk-preload" src="https://sf16-website-login.neutral.ttwstatic.com/obj/tiktok_web_login_static/webmssdk/1.0.0.318/webmssdk.js"></script></head><body><div id="app"></div><script src="https://lf16-tiktok-web.tiktokcdn-us.com/obj/tiktok-web-tx/tiktok/webapp/main/webapp-desktop/npm-runtime.js" async=""></script></body></html>`;

function videoPage(req: FixtureRequest, id: string): Answer {
  const scenario = SCENARIOS[id] ?? 'deleted';
  const normal = () => html(ok(id, { captions: true, video: true }));
  if (isTransportScenario(scenario)) return withTransportScenario(scenario, req, `tiktok:${id}`, normal);
  switch (scenario) {
    case 'with-captions':
    case 'captions-blocked':
      return normal();
    case 'video-no-captions':
      return html(ok(id, { captions: false, video: true }));
    case 'nothing':
      return html(ok(id, { captions: false, video: false }));
    case 'private-post':
      return html(status(10216, 'item is private'));
    case 'private-account':
      return html(status(10222, 'author is private'));
    case 'deleted':
      return html(status(10221, "item doesn't exist"));
    case 'age-gated': {
      const item = itemStruct(id, { captions: false, video: false });
      delete item.video;
      item.isContentClassified = true;
      return html(page(universalData({ itemInfo: { itemStruct: item }, shareMeta, statusCode: 0, statusMsg: '' }), 'TikTok'));
    }
    case 'ip-blocked':
      return html(status(10204, 'Your IP address is blocked'));
    case 'challenge':
      return solvedChallenge(req) ? normal() : html(challengePage('solvable'));
    case 'challenge-repeated':
      return html(challengePage('solvable'));
    case 'challenge-unsolvable':
      return html(challengePage('unsolvable'));
    case 'bot-wall':
      return html(BOT_WALL);
    case 'srt-only':
      return html(ok(id, { captions: 'srt', video: true }));
    case 'creator-caption-only':
      return html(ok(id, { captions: 'creator_caption', video: true }));
    case 'login-redirect':
      return redirect(`https://www.tiktok.com/login?redirect_url=${encodeURIComponent(req.url.href)}&lang=en&enter_method=mandatory`);
    case 'malformed': {
      const good = ok(id, { captions: true, video: true });
      return html(good.replace('"statusCode":0', '"statusCode":0,,'));
    }
  }
}

export const tiktok: HostModule = {
  hosts: ['www.tiktok.com', 'm.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com', 'v16-webapp-prime.tiktok.com', 'v19-webapp-prime.tiktok.com', 'p16-sign-va.tiktokcdn.com'],
  handle(req) {
    const path = req.url.pathname;
    if (req.host === 'vm.tiktok.com' || req.host === 'vt.tiktok.com') {
      const code = path.split('/')[1] ?? '';
      if (code === TIKTOK_SHORT.toCaptions) return redirect(`https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}?_r=1&_t=ZT-8nVfixture`, 301);
      if (code === TIKTOK_SHORT.toHome) return redirect('https://www.tiktok.com/', 301);
      return notFound(`short link ${code}`);
    }
    if (req.host === 'www.tiktok.com' || req.host === 'm.tiktok.com') {
      const match = /^\/@[^/]+\/video\/(\d+)\/?$/.exec(path);
      if (match) return videoPage(req, match[1] as string);
      if (path === '/' || path === '/login') return html('<!DOCTYPE html><html><head><title>TikTok - Make Your Day</title></head><body></body></html>');
      return notFound(`TikTok page ${path}`);
    }
    const subtitle = /^\/subtitle\/[^/]+\/(\d+)\/([\w-]+)\.(webvtt|srt|creator_caption)$/.exec(path);
    if (subtitle) {
      const [, id, lang, ext] = subtitle as unknown as [string, string, string, SubtitleFormat];
      if (SCENARIOS[id] === 'captions-blocked') return { status: 403, headers: { 'content-type': 'text/html' }, body: '<html><head><title>Access Denied</title></head><body>Access Denied</body></html>' };
      if (ext === 'srt') return text(ENGLISH_SRT, 'application/x-subrip');
      if (ext === 'creator_caption') return text(ENGLISH_CREATOR_CAPTION, 'application/json');
      return text(lang === 'spa-ES' ? SPANISH_VTT : ENGLISH_VTT, 'text/vtt; charset=utf-8');
    }
    // The video is the fixture's spoken clip, so "Transcribe the audio" has speech to transcribe.
    if (path.startsWith('/video/')) return mediaFile(req.mediaDir, 'clip.mp4').then((clip) => readFile(clip)).then((bytes) => file(bytes, 'video/mp4'));
    if (path.startsWith('/music/')) return media('audio/mpeg');
    return media('image/jpeg');
  },
};
