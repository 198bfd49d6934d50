// longform (YouTube): InnerTube player → caption track → timedtext, asking the clients of the chain
// one after the other until one serves captions; when none does, walk.ts merges what they said.
// Connection failures, rate limits and server errors end the walk at once: every client goes
// through the same network to the same servers.
import type { LongformBody } from '#shared/contract/api/index';
import type { ParsedItem } from '#shared/url/parse';
import { parseCaptions } from '#service/captions/index';
import type { UpstreamClient, UpstreamResponse } from '#service/upstream/client';
import type { FetchContext, FetchFailure, FetchOutcome, PlatformFetcher } from '../fetcher';
import { rateLimitedFailure, statusFailure, upstreamFailure } from '../failures';
import type { FetcherDeps } from '../index';
import { fetchUpstream } from '../request';
import { clientChain, PLAYER_URL, playerHeaders, playerRequestBody, type InnertubeClient } from './clients';
import { readPlayer } from './player';
import { playerAnswerOf } from './playerAnswer';
import { longformBody } from './shape';
import { captionTracksOf, captionUrl, chooseTrack, trackProvenance, translatedName } from './tracks';
import { VisitorSession } from './visitor';
import { walkVerdict, type ClientAnswer } from './walk';

/** How one client's attempt ended: the walk's end (captions, or a failure shared by all clients), or this client's answer. */
type Attempt = { kind: 'done'; outcome: FetchOutcome<LongformBody> } | { kind: 'answered'; answer: ClientAnswer };

const done = (outcome: FetchOutcome<LongformBody>): Attempt => ({ kind: 'done', outcome });
const failed = (failure: FetchFailure): Attempt => done({ ok: false, ...failure });

/** Answers that hold for every client: the same IP is rate-limited, the same servers are down. */
const sharedByAllClients = (status: number) => status === 429 || status >= 500;

/**
 * A timedtext 429 often comes at a low request rate: since mid-2025 YouTube throttles subtitle
 * downloads by the client's TLS fingerprint (yt-dlp#13770, #13831; yt-dlp fetches them with browser
 * impersonation since #13786), so the message must not promise that waiting helps.
 */
function captionsRateLimited(response: UpstreamResponse): FetchFailure {
  const failure = rateLimitedFailure('YouTube', response.headers['retry-after']);
  return {
    ...failure,
    message: `${failure.message ?? ''} for the caption track. YouTube also answers 429 to caption downloads from HTTP clients whose fingerprint (TLS handshake) does not look like a browser's, whatever the request rate, so waiting may not help`,
  };
}

interface Session {
  upstream: UpstreamClient;
  visitorData: string | undefined;
}

async function tryClient(session: Session, client: InnertubeClient, item: ParsedItem, ctx: FetchContext): Promise<Attempt> {
  const { upstream, visitorData } = session;
  const videoId = item.itemId;
  const answered = (answer: ClientAnswer): Attempt => ({ kind: 'answered', answer });
  const refused = (reason: string) => answered({ kind: 'refused', client, reason });

  const player = await fetchUpstream(upstream, 'longform', { url: PLAYER_URL, method: 'POST', headers: playerHeaders(client, visitorData), body: playerRequestBody(client, videoId, visitorData), signal: ctx.signal });
  if (!player.ok) return failed(player.failure);
  const answer = player.response;
  if (sharedByAllClients(answer.status)) return failed(statusFailure('longform', answer, 'the video', { missingMeansGone: false }) ?? upstreamFailure(`YouTube answered HTTP ${answer.status}`));
  if (answer.status !== 200) return refused(`the player answered HTTP ${answer.status}`);
  const parsed = playerAnswerOf(answer.body, videoId);
  if (!parsed.ok) return refused("YouTube's player answer is not valid JSON");

  const verdict = readPlayer(parsed.value, videoId);
  if (verdict.kind === 'gone') return answered({ kind: 'gone', client, why: verdict.why, message: verdict.message });
  if (verdict.kind === 'refused') return refused(verdict.reason);

  const list = captionTracksOf(parsed.value);
  const { tracks } = list;
  if (tracks.length === 0) return answered({ kind: 'no-captions', client, offered: [] });
  const choice = chooseTrack(tracks, list.defaultIndex, ctx.lang, list);
  if (!choice.ok) {
    if (choice.reason === 'po_token') return refused('every caption track it offers needs a PO token (exp=xpe)');
    return answered({ kind: 'no-captions', client, offered: [...new Set(tracks.map((t) => t.languageCode))] });
  }

  const timedtext = await fetchUpstream(upstream, 'longform', { url: captionUrl(choice), headers: { 'user-agent': client.userAgent }, signal: ctx.signal });
  if (!timedtext.ok) return failed(timedtext.failure);
  const body = timedtext.response;
  if (body.status === 429) return failed(captionsRateLimited(body));
  if (sharedByAllClients(body.status)) return failed(statusFailure('longform', body, 'the caption track', { missingMeansGone: false }) ?? upstreamFailure(`YouTube answered HTTP ${body.status}`));
  if (body.status !== 200) return refused(`the caption track answered HTTP ${body.status}`);
  const captions = parseCaptions(body.text());
  if (!captions.ok) {
    // Never "no captions": an empty 200 is the PO-token gate, a web page is a block.
    if (captions.problem === 'empty') return refused('the caption track came back empty (PO-token gate)');
    if (captions.problem === 'html') return refused('the caption track came back as a web page (blocked)');
    return refused(`its caption track is unreadable: ${captions.detail}`);
  }
  const language = choice.translation === undefined ? choice.track.name.simpleText : translatedName(choice.track, choice.translation);
  if (captions.segments.length === 0) return answered({ kind: 'no-captions', client, offered: [], emptyTrack: language });
  return done({
    ok: true,
    transcript: {
      body: longformBody(item, videoId, language, tracks, captions.segments),
      text: captions.segments.map((s) => s.text).join('\n'),
      segments: captions.segments,
      title: verdict.title,
      provenance: trackProvenance(choice),
    },
  });
}

export function youtubeFetcher(deps: Pick<FetcherDeps, 'upstream' | 'profile'>): PlatformFetcher<'longform'> {
  const visitor = new VisitorSession(deps.upstream);
  return {
    honoursLang: true,
    async fetch(item, ctx) {
      const session: Session = { upstream: deps.upstream, visitorData: await visitor.get() };
      // Read per request, so a `transcript-desk upstream set` applies to the next one.
      const chain = clientChain((key) => deps.profile.get(key));
      const answers: ClientAnswer[] = [];
      for (const client of chain) {
        const attempt = await tryClient(session, client, item, ctx);
        if (attempt.kind === 'done') return attempt.outcome;
        answers.push(attempt.answer);
      }
      return { ok: false, ...walkVerdict(answers, ctx.lang) };
    },
  };
}
