// www.youtube.com: the home page (visitor-data bootstrap), InnerTube `POST /youtubei/v1/player` and
// `GET /api/timedtext`. Player answers are the recorded responses in test/fixtures/youtube, served
// byte for byte for the ids they were recorded with; other scenario ids get a copy with only the
// video id (and for the PO-token gate the caption URLs' `exp=`) rewritten. Some scenarios answer
// per InnerTube client (`context.client.clientName`), as YouTube does in 2026 (research
// upstream-live-2026.md §1: the same video, the same minute, TV `ERROR`, Android and iOS OK).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { html, isTransportScenario, json, jsonText, notFound, redirect, text, withTransportScenario, type Answer, type FixtureRequest, type TransportScenario } from '../answers';
import type { HostModule } from './index';
import { realLengthSrv3 } from '../realLength';
import { browse, channelFeed, resolveUrl } from './youtubeBrowse';

const FIXTURES = resolve(__dirname, '../../fixtures');
const load = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

const RECORDED = {
  withCaptions: load('youtube/innertube-player-android-ok-with-captions.GJLlxj_dtq8.json'),
  manualAndAsr: load('youtube/innertube-player-android-ok-manual-and-asr-en.F1xioXWb8CY.json'),
  noCaptions: load('youtube/innertube-player-android-ok-no-captions.dsMFmonKDD4.json'),
  ageRestricted: load('youtube/innertube-player-android-age-restricted.Njp5uhTorCo.json'),
  botCheck: load('youtube/innertube-player-android-bot-check-login-required.json'),
  unavailable: load('youtube/innertube-player-android-video-unavailable.json'),
  webPoGated: load('youtube/innertube-player-web-po-gated.GJLlxj_dtq8.json'),
};

/** The home page with the recorded ytcfg (SOURCES.md); its visitor data is what the player requests must carry. */
const HOME_PAGE = load('youtube/home-page-ytcfg.html');
export const YOUTUBE_VISITOR_DATA = 'CgtybUlNRDEtNnA3OCjFu6bCBjIKCgJERRIEEgAgOw%3D%3D';

let homePageDown = false;
/** Makes the home page answer 500 (a failed visitor-data bootstrap) until called with false. */
export function setYoutubeHomePageDown(down: boolean): void {
  homePageDown = down;
}

const CAPTIONS = {
  srv1: load('youtube/timedtext-srv1-fixture.xml'),
  srv3Manual: load('captions/srv3-manual.xml'),
  srv3Asr: load('captions/srv3-asr.xml'),
  json3: load('captions/json3-asr.json'),
  vtt: load('captions/youtube-asr.vtt'),
};

/** Video ids the fixture knows, by what they show. README.md lists them with the expected answers. */
export const YOUTUBE_IDS = {
  withCaptions: 'GJLlxj_dtq8',
  manualAndAsr: 'F1xioXWb8CY',
  noCaptions: 'dsMFmonKDD4',
  ageRestricted: 'Njp5uhTorCo',
  botCheck: 'botCheck000',
  unavailable: 'deletedVid0',
  private: 'privateVid0',
  poToken: 'poTokenGate',
  poEmptyBody: 'poEmptyBody',
  botCheckTvOnly: 'botCheckTv0',
  asrOnly: 'asrOnly0000',
  live: 'liveNow0000',
  otherVideo: 'mixUpVideo0',
  json3PastAnHour: 'longJson300',
  rollingVtt: 'rollingVtt0',
  rateLimited: 'rateLimited',
  rateLimitedOnce: 'retryAfter1',
  serverError: 'serverError',
  slowBody: 'slowBody000',
  truncated: 'truncated00',
  malformed: 'malformed00',
  // Per-client answers (the walk over every client, issue 11).
  tvErrorOnly: 'tvErrorOnly',
  androidError: 'androidErr0',
  androidBotCheck: 'androidBot0',
  noCaptionsFirst: 'noCapsFirst',
  goneTvBotCheck: 'goneTvBot00',
  mixedRefusals: 'mixedRefuse',
  visionNoCaptions: 'visionNoCap',
  goneDisagree: 'goneSplit00',
  visitorGate: 'visitorGate',
  captions429: 'captions429',
  // A talk of real length (realLength.ts) whose description has the creator's chapters (issue 19).
  creatorChapters: 'realChapter',
} as const;

/** The description of `creatorChapters`: three chapters by YouTube's rule, plus a line past the video's end. */
export const CREATOR_CHAPTERS_DESCRIPTION = 'What the Surface Go is like after a month.\n\n0:00 Intro\n1:30 The keyboard\n3:05 Verdict\n12:00 Bonus past the end\n\nMusic: Sunday Vibez';

type Scenario =
  | 'with-captions'
  | 'manual-and-asr'
  | 'no-captions'
  | 'age-restricted'
  | 'bot-check'
  | 'unavailable'
  | 'private'
  | 'po-token'
  | 'po-empty-body'
  | 'bot-check-tv-only'
  | 'asr-only'
  | 'live'
  | 'other-video'
  | 'json3-past-an-hour'
  | 'rolling-vtt'
  | 'malformed'
  | 'tv-error-only'
  | 'android-error'
  | 'android-bot-check'
  | 'no-captions-first'
  | 'gone-tv-bot-check'
  | 'mixed-refusals'
  | 'vision-no-captions'
  | 'gone-disagree'
  | 'visitor-gate'
  | 'captions-429'
  | 'creator-chapters'
  | TransportScenario;

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  [YOUTUBE_IDS.withCaptions]: 'with-captions',
  [YOUTUBE_IDS.manualAndAsr]: 'manual-and-asr',
  [YOUTUBE_IDS.noCaptions]: 'no-captions',
  [YOUTUBE_IDS.ageRestricted]: 'age-restricted',
  [YOUTUBE_IDS.botCheck]: 'bot-check',
  [YOUTUBE_IDS.unavailable]: 'unavailable',
  [YOUTUBE_IDS.private]: 'private',
  [YOUTUBE_IDS.poToken]: 'po-token',
  [YOUTUBE_IDS.poEmptyBody]: 'po-empty-body',
  [YOUTUBE_IDS.botCheckTvOnly]: 'bot-check-tv-only',
  [YOUTUBE_IDS.asrOnly]: 'asr-only',
  [YOUTUBE_IDS.live]: 'live',
  [YOUTUBE_IDS.otherVideo]: 'other-video',
  [YOUTUBE_IDS.json3PastAnHour]: 'json3-past-an-hour',
  [YOUTUBE_IDS.rollingVtt]: 'rolling-vtt',
  [YOUTUBE_IDS.rateLimited]: 'rate-limited',
  [YOUTUBE_IDS.rateLimitedOnce]: 'rate-limited-once',
  [YOUTUBE_IDS.serverError]: 'server-error',
  [YOUTUBE_IDS.slowBody]: 'slow-body',
  [YOUTUBE_IDS.truncated]: 'truncated',
  [YOUTUBE_IDS.malformed]: 'malformed',
  [YOUTUBE_IDS.tvErrorOnly]: 'tv-error-only',
  [YOUTUBE_IDS.androidError]: 'android-error',
  [YOUTUBE_IDS.androidBotCheck]: 'android-bot-check',
  [YOUTUBE_IDS.noCaptionsFirst]: 'no-captions-first',
  [YOUTUBE_IDS.goneTvBotCheck]: 'gone-tv-bot-check',
  [YOUTUBE_IDS.mixedRefusals]: 'mixed-refusals',
  [YOUTUBE_IDS.visionNoCaptions]: 'vision-no-captions',
  [YOUTUBE_IDS.goneDisagree]: 'gone-disagree',
  [YOUTUBE_IDS.visitorGate]: 'visitor-gate',
  [YOUTUBE_IDS.captions429]: 'captions-429',
  [YOUTUBE_IDS.creatorChapters]: 'creator-chapters',
};

/**
 * Ids not in the table: `ok…` is a playable video with captions (benchmarks use fresh ones), `real…`
 * the same with a talk of real length (realLength.ts: 400 cues, about 24 KB of text), anything
 * else is gone.
 */
function scenarioOf(id: string): Scenario {
  return SCENARIOS[id] ?? (id.startsWith('ok') || isRealLength(id) ? 'with-captions' : 'unavailable');
}

const isRealLength = (id: string) => id.startsWith('real');

interface PlayerJson {
  playabilityStatus?: Record<string, unknown>;
  videoDetails?: Record<string, unknown>;
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: { baseUrl: string; kind?: string }[]; audioTracks?: { captionTrackIndices?: number[]; defaultCaptionTrackIndex?: number }[] } };
}

const copies = new Map<string, string>();

/** A recorded response for another video id: the id in videoDetails and in every caption URL. */
function rewritten(recorded: string, id: string, change: (player: PlayerJson) => void = () => undefined): string {
  const key = `${id}:${recorded.length}`;
  const cached = copies.get(key);
  if (cached !== undefined) return cached;
  const player = JSON.parse(recorded) as PlayerJson;
  if (player.videoDetails !== undefined) player.videoDetails.videoId = id;
  for (const track of player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? []) track.baseUrl = track.baseUrl.replace(/([?&]v=)[^&]*/, `$1${id}`);
  change(player);
  const out = JSON.stringify(player);
  copies.set(key, out);
  return out;
}

function recordedFor(id: string, recorded: string, recordedId: string): string {
  return id === recordedId ? recorded : rewritten(recorded, id);
}

/** The bot-check response's shape with YouTube's private-video texts (research §1.5). */
function privateAnswer(id: string): string {
  return rewritten(RECORDED.botCheck, id, (player) => {
    const status = player.playabilityStatus ?? {};
    status.reason = 'This video is private';
    status.messages = ['This is a private video. Please sign in to verify that you may see it.'];
    const renderer = (status.errorScreen as { playerErrorMessageRenderer?: Record<string, unknown> } | undefined)?.playerErrorMessageRenderer;
    if (renderer !== undefined) {
      renderer.reason = { runs: [{ text: 'This video is private' }] };
      delete renderer.subreason;
    }
  });
}

/** The recorded ERROR response turned into the refusal some clients get (pytube#1593): about the app, not the video. */
const NOT_ON_THIS_APP = (() => {
  const player = JSON.parse(RECORDED.unavailable) as PlayerJson;
  const status = player.playabilityStatus ?? {};
  status.status = 'UNPLAYABLE';
  status.reason = 'The following content is not available on this app.';
  const renderer = (status.errorScreen as { playerErrorMessageRenderer?: Record<string, unknown> } | undefined)?.playerErrorMessageRenderer;
  if (renderer !== undefined) renderer.reason = { runs: [{ text: 'The following content is not available on this app.' }] };
  return JSON.stringify(player);
})();

/** The player request carries the bootstrapped visitor data in header and context, and its User-Agent in the context too. */
function carriesSession(req: FixtureRequest, context: { visitorData?: unknown; userAgent?: unknown }): boolean {
  return req.headers['x-goog-visitor-id'] === YOUTUBE_VISITOR_DATA && context.visitorData === YOUTUBE_VISITOR_DATA && context.userAgent === req.headers['user-agent'];
}

function playerAnswer(id: string, scenario: Scenario, client: string): string {
  switch (scenario) {
    case 'with-captions':
      return recordedFor(id, RECORDED.withCaptions, 'GJLlxj_dtq8');
    case 'manual-and-asr':
      return recordedFor(id, RECORDED.manualAndAsr, 'F1xioXWb8CY');
    case 'no-captions':
      return recordedFor(id, RECORDED.noCaptions, 'dsMFmonKDD4');
    case 'age-restricted':
      return recordedFor(id, RECORDED.ageRestricted, 'Njp5uhTorCo');
    case 'bot-check':
      return RECORDED.botCheck;
    case 'unavailable':
      return RECORDED.unavailable;
    case 'private':
      return privateAnswer(id);
    case 'po-token':
      // The real WEB response: simpleText names and exp=xpe on every caption URL.
      return recordedFor(id, RECORDED.webPoGated, 'GJLlxj_dtq8');
    case 'po-empty-body':
      return rewritten(RECORDED.withCaptions, id);
    case 'bot-check-tv-only':
      return client === 'TVHTML5' ? RECORDED.botCheck : rewritten(RECORDED.manualAndAsr, id);
    case 'tv-error-only':
      // obsidian-clipper#946 (2026-09-02): TVHTML5 `ERROR` with no tracks while Android and iOS serve the video.
      return client === 'TVHTML5' ? RECORDED.unavailable : rewritten(RECORDED.withCaptions, id);
    case 'android-error':
      return client === 'ANDROID' ? RECORDED.unavailable : rewritten(RECORDED.withCaptions, id);
    case 'android-bot-check':
      return client === 'ANDROID' ? RECORDED.botCheck : rewritten(RECORDED.manualAndAsr, id);
    case 'no-captions-first':
      return client === 'ANDROID' ? rewritten(RECORDED.noCaptions, id) : rewritten(RECORDED.withCaptions, id);
    case 'gone-tv-bot-check':
      return client === 'TVHTML5' ? RECORDED.botCheck : RECORDED.unavailable;
    case 'mixed-refusals':
      if (client === 'ANDROID') return RECORDED.unavailable;
      if (client === 'IOS') return RECORDED.botCheck;
      if (client === 'TVHTML5') return NOT_ON_THIS_APP;
      return recordedFor(id, RECORDED.webPoGated, 'GJLlxj_dtq8');
    case 'vision-no-captions':
      return client === 'VISIONOS' ? rewritten(RECORDED.noCaptions, id) : RECORDED.botCheck;
    case 'gone-disagree':
      // Android and iOS both refuse the video, but not for the same reason: no agreement, no 404.
      return client === 'IOS' ? privateAnswer(id) : RECORDED.unavailable;
    case 'captions-429':
      return rewritten(RECORDED.withCaptions, id);
    case 'creator-chapters':
      return rewritten(RECORDED.withCaptions, id, (player) => {
        if (player.videoDetails !== undefined) player.videoDetails.shortDescription = CREATOR_CHAPTERS_DESCRIPTION;
      });
    case 'visitor-gate':
      // Decided in player(), which sees the headers.
      return RECORDED.botCheck;
    case 'asr-only':
      return rewritten(RECORDED.manualAndAsr, id, (player) => {
        const renderer = player.captions?.playerCaptionsTracklistRenderer;
        if (renderer?.captionTracks === undefined) return;
        renderer.captionTracks = renderer.captionTracks.filter((track) => track.kind === 'asr');
        renderer.audioTracks = [{ captionTrackIndices: [0] }];
      });
    case 'live':
      return rewritten(RECORDED.noCaptions, id, (player) => {
        Object.assign(player.videoDetails ?? {}, { isLive: true, isLiveContent: true });
      });
    case 'json3-past-an-hour':
      // The Android tracks asking for json3 instead of srv3; the json3 body runs past one hour.
      return rewritten(RECORDED.manualAndAsr, id, (player) => {
        for (const track of player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? []) track.baseUrl = track.baseUrl.replace('fmt=srv3', 'fmt=json3');
      });
    case 'rolling-vtt':
      // Only the ASR track, asking for WebVTT: YouTube's rolling auto-caption layout.
      return rewritten(RECORDED.manualAndAsr, id, (player) => {
        const renderer = player.captions?.playerCaptionsTracklistRenderer;
        if (renderer?.captionTracks === undefined) return;
        renderer.captionTracks = renderer.captionTracks.filter((track) => track.kind === 'asr');
        for (const track of renderer.captionTracks) track.baseUrl = track.baseUrl.replace('fmt=srv3', 'fmt=vtt');
        renderer.audioTracks = [{ captionTrackIndices: [0] }];
      });
    case 'other-video':
      // YouTube sometimes answers with a different video; the fetcher has to notice.
      return RECORDED.withCaptions;
    case 'malformed':
      return `${RECORDED.withCaptions.slice(0, 4096)}<html>`;
    case 'rate-limited':
    case 'rate-limited-once':
    case 'server-error':
    case 'slow-body':
    case 'truncated':
      return recordedFor(id, RECORDED.withCaptions, 'GJLlxj_dtq8');
  }
}

function player(req: FixtureRequest): Answer {
  let request: { videoId?: unknown; context?: { client?: { clientName?: unknown; visitorData?: unknown; userAgent?: unknown } } };
  try {
    request = JSON.parse(req.body) as typeof request;
  } catch {
    return json({ error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } }, 400);
  }
  const id = typeof request.videoId === 'string' ? request.videoId : '';
  const client = typeof request.context?.client?.clientName === 'string' ? request.context.client.clientName : '';
  const scenario = scenarioOf(id);
  if (scenario === 'visitor-gate' && carriesSession(req, request.context?.client ?? {})) return jsonText(rewritten(RECORDED.withCaptions, id));
  const answer = () => jsonText(playerAnswer(id, scenario, client));
  return isTransportScenario(scenario) ? withTransportScenario(scenario, req, `youtube:${id}`, answer) : answer();
}

/** Caption bodies by requested format; the track's language only shows in the request log. */
function timedtext(req: FixtureRequest): Answer {
  const query = req.url.searchParams;
  const exp = query.get('exp');
  // The PO-token gate: 200 with nothing in it, exactly as YouTube answers (research §1.2).
  const scenario = scenarioOf(query.get('v') ?? '');
  if (scenario === 'po-empty-body' || exp === 'xpe' || exp === 'xpv') return text('', 'text/xml; charset=UTF-8');
  // yt-dlp#13770/#13831: timedtext answering 429 to a client whose request rate was low (no Retry-After).
  if (scenario === 'captions-429') return text('<html><head><title>Sorry...</title></head><body>We\'re sorry... but your computer or network may be sending automated queries.</body></html>', 'text/html; charset=UTF-8', 429);
  const asr = query.get('kind') === 'asr';
  // The Android client's caption URLs ask for srv3, the only format a real-length talk comes in.
  const id = query.get('v') ?? '';
  if (isRealLength(id)) return text(realLengthSrv3(id), 'text/xml; charset=UTF-8');
  switch (query.get('fmt')) {
    case 'json3':
      return text(CAPTIONS.json3, 'application/json; charset=UTF-8');
    case 'vtt':
      return text(CAPTIONS.vtt, 'text/vtt; charset=UTF-8');
    case 'srv3':
      return text(asr ? CAPTIONS.srv3Asr : CAPTIONS.srv3Manual, 'text/xml; charset=UTF-8');
    case null:
    default:
      // No fmt (the WEB client's URLs): the default format, srv1.
      return text(CAPTIONS.srv1, 'text/xml; charset=UTF-8');
  }
}

/**
 * The home page the visitor data is read from. Without the consent cookie YouTube sends EU visitors
 * to consent.youtube.com (a host this fixture does not serve), so a missing `SOCS` shows up as a
 * failed bootstrap.
 */
function homePage(req: FixtureRequest): Answer {
  if (homePageDown) return text('<html><body>Internal Server Error</body></html>', 'text/html', 500);
  if (!/(^|;\s*)SOCS=CAI(;|$)/.test(req.headers.cookie ?? '')) return redirect('https://consent.youtube.com/m?continue=https%3A%2F%2Fwww.youtube.com%2F&gl=DE&m=0&pc=yt&hl=en&src=1');
  return html(HOME_PAGE);
}

export const youtube: HostModule = {
  hosts: ['www.youtube.com', 'youtube.com', 'm.youtube.com'],
  handle(req) {
    const path = req.url.pathname;
    if (req.method === 'GET' && path === '/') return homePage(req);
    if (req.method === 'POST' && path === '/youtubei/v1/player') return player(req);
    if (req.method === 'GET' && path === '/api/timedtext') return timedtext(req);
    if (req.method === 'POST' && path === '/youtubei/v1/browse') return browse(req);
    if (req.method === 'GET' && path === '/feeds/videos.xml') return channelFeed(req);
    if (req.method === 'POST' && path === '/youtubei/v1/navigation/resolve_url') return resolveUrl(req);
    return notFound(`YouTube path ${path}`);
  },
};
