// reels (Instagram): Instagram exposes no captions, so the post's video goes to speech-to-text.
// Finding the video walks the sources yt-dlp walks (instagram.py, 2026-07), in its order:
//   signed in (a `sessionid` cookie): `api/v1/media/<pk>/info/`;
//   else the home page's LSD token (cached) → Instagram's ruling → the logged-out GraphQL query →
//   PolarisPostRootQuery → the `/p/<code>/` page's relay data.
// An empty answer is what a non-browser client, an anonymous rate limit or a rotated doc id gets,
// so empty everywhere is a 502, never "private". 404 only where Instagram itself says so: its
// ruling's words (e.g. "Restricted Video") when both queries came back empty, its 404 page for the
// post, its signed-in API's "not found", or a post without video.
import type { ReelsBody } from '#shared/contract/api/index';
import type { SpeechToText } from '#service/stt/index';
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import type { FetchFailure, FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, upstreamFailure } from '../failures';
import { asString, at, type JsonObject } from '../json';
import { transcribeSpeech } from '../speech';
import { fetchRuling, fetchSignedInMedia } from './api';
import { loggedOutQuery, postRootQuery } from './graphql';
import { mediaIdOf, videoOf } from './media';
import { fetchPostPage } from './postPage';
import { HOME, InstagramSession } from './session';
import type { SourceAnswer } from './source';

export { lsdTokenOf } from './session';

/** Private posts' shortcodes carry 28 more characters (research/upstream-video.md §3.1). */
const PRIVATE_SHORTCODE_LENGTH = 28;

type Found = { ok: true; media: JsonObject } | ({ ok: false } & FetchFailure);

/** The visitor's walk; `notes` gathers why each source came back empty, for the 502. */
async function findAsVisitor(deps: { upstream: UpstreamClient; profile: UpstreamProfile }, session: InstagramSession, shortcode: string, mediaId: string, referer: string, signal: AbortSignal): Promise<Found> {
  const lsd = await session.lsd(signal);
  if (!lsd.ok) return { ok: false, ...lsd.failure };
  const ruling = await fetchRuling(deps.upstream, deps.profile, mediaId, signal);
  const ctx = { upstream: deps.upstream, profile: deps.profile, session, lsd: lsd.lsd, referer, signal };
  const notes: string[] = [];
  const settle = (answer: SourceAnswer, source: string): Found | undefined => {
    if (answer.kind === 'media') return { ok: true, media: answer.media };
    if (answer.kind === 'empty') {
      notes.push(`${source}: ${answer.why}`);
      return undefined;
    }
    return { ok: false, ...answer.failure };
  };

  const first = settle(await loggedOutQuery(ctx, mediaId, ruling.granted ? session.csrf() : undefined), 'logged-out GraphQL');
  if (first !== undefined) return first;
  const second = settle(await postRootQuery(ctx, shortcode), 'PolarisPostRootQuery');
  if (second !== undefined) return second;
  // Both queries gave nothing and Instagram's own check says why: that is Instagram's word.
  if (ruling.words !== undefined) {
    const restricted = /restricted/i.test(ruling.words);
    return { ok: false, ...noTranscript('reels', `Instagram says: ${ruling.words}${restricted ? ' (it shows this post only to signed-in users; import your Instagram cookies to transcribe it)' : ''}`) };
  }
  const page = settle(await fetchPostPage(deps.upstream, shortcode, signal), 'post page');
  if (page !== undefined) return page;
  const hint = shortcode.length > PRIVATE_SHORTCODE_LENGTH ? ' Its shortcode has the long form of a private post, so it may be private.' : '';
  return {
    ok: false,
    ...upstreamFailure(
      `Instagram sent an empty media response (${notes.join('; ')}). Instagram answers visitors this way when it distrusts the client, limits this address, or has rotated its query ids (see \`transcript-desk upstream show\`); check that the post opens in a browser without signing in.${hint}`,
    ),
  };
}

/** With a `sessionid` cookie: the signed-in media API; undefined when there is no session or Instagram no longer accepts it. */
async function findSignedIn(deps: { upstream: UpstreamClient; profile: UpstreamProfile }, session: InstagramSession, mediaId: string, signal: AbortSignal): Promise<Found | undefined> {
  if (!/(?:^|;\s*)sessionid=[^;]+/.test(deps.upstream.cookies.header('reels', HOME) ?? '')) return undefined;
  const signedIn = await fetchSignedInMedia(deps.upstream, deps.profile, mediaId, session.csrf(), signal);
  switch (signedIn.kind) {
    case 'media':
      return { ok: true, media: signedIn.media };
    case 'said':
    case 'blocked':
      return { ok: false, ...signedIn.failure };
    case 'empty':
      return { ok: false, ...upstreamFailure(`Instagram's media API gave nothing for a signed-in session (${signedIn.why})`) };
    case 'signed_out':
      // Instagram no longer accepts the session: go on as a visitor would.
      return undefined;
  }
}

export function instagramFetcher(deps: { upstream: UpstreamClient; stt: SpeechToText; profile: UpstreamProfile }): PlatformFetcher<'reels'> {
  const session = new InstagramSession(deps.upstream);
  return {
    async fetch(item, ctx): Promise<FetchOutcome<ReelsBody>> {
      const mediaId = mediaIdOf(item.itemId);
      if (mediaId === undefined) return { ok: false, ...noTranscript('reels', 'This shortcode names no Instagram post') };

      const found = (await findSignedIn(deps, session, mediaId, ctx.signal)) ?? (await findAsVisitor(deps, session, item.itemId, mediaId, item.normalizedUrl, ctx.signal));
      if (!found.ok) return found;

      const video = videoOf(found.media);
      if (video === undefined) return { ok: false, ...noTranscript('reels', 'This Instagram post has no video') };
      // Instagram's CDN refuses media requests that do not come from its site.
      const spoken = await transcribeSpeech(deps.stt, 'reels', { mediaUrl: video.url, taskKey: `reels:${item.canonicalKey}`, signal: ctx.signal, headers: { referer: 'https://www.instagram.com/' } });
      if (!spoken.ok) return { ok: false, ...spoken.failure };

      const id = asString(found.media.pk) ?? asString(found.media.id)?.split('_')[0] ?? mediaId;
      const body = { success: true, transcripts: [{ id, shortcode: item.itemId, text: spoken.text }] };
      const caption = asString(at(found.media, 'caption', 'text'))?.split('\n')[0]?.trim();
      return { ok: true, transcript: { body, text: spoken.text, segments: spoken.segments, provenance: spoken.provenance, title: caption === undefined || caption === '' ? null : caption.slice(0, 120) } };
    },
  };
}
