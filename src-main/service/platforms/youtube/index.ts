// longform (YouTube): InnerTube player → caption track → timedtext, trying the next InnerTube client
// when one is refused. Connection failures, rate limits and server errors end the walk at once:
// every client goes through the same network to the same servers.
import type { ParsedItem } from '../../../../src-shared/url/parse';
import { parseCaptions } from '../../captions/index';
import type { UpstreamClient } from '../../upstream/client';
import type { FetchContext, FetchFailure, FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { parseJson } from '../json';
import { fetchUpstream } from '../request';
import { CLIENT_CHAIN, PLAYER_URL, playerHeaders, playerRequestBody, type InnertubeClient } from './clients';
import { readPlayer } from './player';
import { longformBody } from './shape';
import { captionTracksOf, chooseTrack } from './tracks';

type Attempt = { kind: 'done'; outcome: FetchOutcome } | { kind: 'refused'; reason: string };

const done = (outcome: FetchOutcome): Attempt => ({ kind: 'done', outcome });
const failed = (failure: FetchFailure): Attempt => done({ ok: false, ...failure });
const refused = (reason: string): Attempt => ({ kind: 'refused', reason });

/** Answers that hold for every client: the same IP is rate-limited, the same servers are down. */
const sharedByAllClients = (status: number) => status === 429 || status >= 500;

async function tryClient(upstream: UpstreamClient, client: InnertubeClient, item: ParsedItem, ctx: FetchContext): Promise<Attempt> {
  const videoId = item.itemId;
  const player = await fetchUpstream(upstream, 'longform', { url: PLAYER_URL, method: 'POST', headers: playerHeaders(client), body: playerRequestBody(client, videoId), signal: ctx.signal });
  if (!player.ok) return failed(player.failure);
  const answer = player.response;
  if (sharedByAllClients(answer.status)) return failed(statusFailure('longform', answer, 'the video', { missingMeansGone: false }) ?? upstreamFailure(`YouTube answered HTTP ${answer.status}`));
  if (answer.status !== 200) return refused(`the player answered HTTP ${answer.status}`);
  const parsed = parseJson(answer.text());
  if (!parsed.ok) return refused("YouTube's player answer is not valid JSON");

  const verdict = readPlayer(parsed.value, videoId);
  if (verdict.kind === 'gone') return failed(noTranscript('longform', verdict.message));
  if (verdict.kind === 'refused') return refused(verdict.reason);

  const { tracks, defaultIndex } = captionTracksOf(parsed.value);
  if (tracks.length === 0) return failed(noTranscript('longform', 'This YouTube video has no captions'));
  const choice = chooseTrack(tracks, defaultIndex, ctx.lang);
  if (!choice.ok) {
    if (choice.reason === 'po_token') return refused('every caption track it offers needs a PO token (exp=xpe)');
    const offered = [...new Set(tracks.map((t) => t.languageCode))].join(', ');
    return failed(noTranscript('longform', `This YouTube video has no captions in "${ctx.lang ?? ''}" (it has: ${offered})`));
  }

  const timedtext = await fetchUpstream(upstream, 'longform', { url: choice.track.baseUrl, headers: { 'user-agent': client.userAgent }, signal: ctx.signal });
  if (!timedtext.ok) return failed(timedtext.failure);
  const body = timedtext.response;
  if (sharedByAllClients(body.status)) return failed(statusFailure('longform', body, 'the caption track', { missingMeansGone: false }) ?? upstreamFailure(`YouTube answered HTTP ${body.status}`));
  if (body.status !== 200) return refused(`the caption track answered HTTP ${body.status}`);
  const captions = parseCaptions(body.text());
  if (!captions.ok) {
    // Never "no captions": an empty 200 is the PO-token gate, a web page is a block.
    if (captions.problem === 'empty') return refused('the caption track came back empty (PO-token gate)');
    if (captions.problem === 'html') return refused('the caption track came back as a web page (blocked)');
    return failed(upstreamFailure(`YouTube's caption track is unreadable: ${captions.detail}`));
  }
  if (captions.segments.length === 0) return failed(noTranscript('longform', `The ${choice.track.name.simpleText} caption track of this YouTube video is empty`));
  return done({
    ok: true,
    transcript: {
      body: longformBody(item, videoId, choice.track, tracks, captions.segments),
      text: captions.segments.map((s) => s.text).join('\n'),
      segments: captions.segments,
      title: verdict.title,
    },
  });
}

/** One message for a walk where every client was refused: the reason once if they agree. */
function refusedEverywhere(refusals: readonly { client: string; reason: string }[]): string {
  const reasons = [...new Set(refusals.map((r) => r.reason))];
  const clients = refusals.map((r) => r.client).join(', ');
  if (reasons.length === 1) return `${reasons[0] ?? ''}; tried the ${clients} clients`;
  return `YouTube refused every client: ${refusals.map((r) => `${r.client}: ${r.reason}`).join('; ')}`;
}

export function youtubeFetcher(deps: { upstream: UpstreamClient }): PlatformFetcher {
  return {
    honoursLang: true,
    async fetch(item, ctx) {
      const refusals: { client: string; reason: string }[] = [];
      for (const client of CLIENT_CHAIN) {
        const attempt = await tryClient(deps.upstream, client, item, ctx);
        if (attempt.kind === 'done') return attempt.outcome;
        refusals.push({ client: client.label, reason: attempt.reason });
      }
      return { ok: false, ...upstreamFailure(refusedEverywhere(refusals)) };
    },
  };
}
