// www.youtube.com: InnerTube `POST /youtubei/v1/player` and `GET /api/timedtext`. Player answers
// are the recorded responses in test/fixtures/youtube, served byte for byte for the ids they were
// recorded with; other scenario ids get a copy with only the video id (and for the PO-token gate
// the caption URLs' `exp=`) rewritten.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isTransportScenario, json, jsonText, notFound, text, withTransportScenario, type Answer, type FixtureRequest, type TransportScenario } from '../answers';
import type { HostModule } from './index';

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
} as const;

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
};

/** Ids not in the table: `ok…` is a playable video with captions (benchmarks use fresh ones), anything else is gone. */
function scenarioOf(id: string): Scenario {
  return SCENARIOS[id] ?? (id.startsWith('ok') ? 'with-captions' : 'unavailable');
}

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
      // The bot-check response's shape with YouTube's private-video texts (research §1.5).
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
    case 'po-token':
      // The real WEB response: simpleText names and exp=xpe on every caption URL.
      return recordedFor(id, RECORDED.webPoGated, 'GJLlxj_dtq8');
    case 'po-empty-body':
      return rewritten(RECORDED.withCaptions, id);
    case 'bot-check-tv-only':
      return client === 'TVHTML5' ? RECORDED.botCheck : rewritten(RECORDED.manualAndAsr, id);
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
  let request: { videoId?: unknown; context?: { client?: { clientName?: unknown } } };
  try {
    request = JSON.parse(req.body) as typeof request;
  } catch {
    return json({ error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } }, 400);
  }
  const id = typeof request.videoId === 'string' ? request.videoId : '';
  const client = typeof request.context?.client?.clientName === 'string' ? request.context.client.clientName : '';
  const scenario = scenarioOf(id);
  const answer = () => jsonText(playerAnswer(id, scenario, client));
  return isTransportScenario(scenario) ? withTransportScenario(scenario, req, `youtube:${id}`, answer) : answer();
}

/** Caption bodies by requested format; the track's language only shows in the request log. */
function timedtext(req: FixtureRequest): Answer {
  const query = req.url.searchParams;
  const exp = query.get('exp');
  // The PO-token gate: 200 with nothing in it, exactly as YouTube answers (research §1.2).
  if (scenarioOf(query.get('v') ?? '') === 'po-empty-body' || exp === 'xpe' || exp === 'xpv') return text('', 'text/xml; charset=UTF-8');
  const asr = query.get('kind') === 'asr';
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

export const youtube: HostModule = {
  hosts: ['www.youtube.com', 'youtube.com', 'm.youtube.com'],
  handle(req) {
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/youtubei/v1/player') return player(req);
    if (req.method === 'GET' && path === '/api/timedtext') return timedtext(req);
    return notFound(`YouTube path ${path}`);
  },
};
