// clips_a (Kick): the website's clip API `kick.com/api/v2/clips/<id>/play` → `clip.clip_url` (an
// MP4, or since 2024 an HLS playlist) → speech-to-text, since Kick clips carry no captions
// (research/upstream-clips-podcast.md §1). At most 2 minutes (spec §8), checked on the API's
// `duration` before any media is downloaded, and again on the audio itself.
import type { ClipBody } from '#shared/contract/api/index';
import type { SpeechToText } from '#service/stt/index';
import type { UpstreamClient, UpstreamResponse } from '#service/upstream/client';
import type { FetchFailure, FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asNumber, asObject, asString, at, httpUrl, parseJson } from '../json';
import { fetchUpstream } from '../request';
import { tooLong, transcribeSpeech, TWO_MINUTES } from '../speech';

const CLOUDFLARE_REFUSAL =
  "Kick's Cloudflare protection refused the request (HTTP 403): Kick blocks some networks and non-browser clients. Try again later or from another network";

/** Cloudflare's refusals: a 403 from its edge, with or without the "Just a moment…" challenge page. */
function isCloudflareRefusal(response: UpstreamResponse): boolean {
  if (response.status !== 403) return false;
  const head = response.body.subarray(0, 4096).toString('utf8');
  return /cloudflare/i.test(response.headers.server ?? '') || response.headers['cf-mitigated'] !== undefined || /just a moment|cf-chl|challenge-platform/i.test(head);
}

function apiFailure(response: UpstreamResponse): FetchFailure | undefined {
  if (isCloudflareRefusal(response)) return upstreamFailure(CLOUDFLARE_REFUSAL);
  return statusFailure('clips_a', response, 'this clip', { missingMeansGone: true });
}

/**
 * A signed-in user's session: Kick's API takes the `session_token` cookie, URL-decoded, as a bearer
 * token (yt-dlp `kick.py`); the cookie alone does not sign the API call in.
 */
function sessionAuthorization(upstream: UpstreamClient): Record<string, string> {
  const cookies = upstream.cookies.header('clips_a', 'https://kick.com/') ?? '';
  const token = cookies.split(/;\s*/).find((c) => c.startsWith('session_token='))?.slice('session_token='.length);
  if (token === undefined || token === '') return {};
  try {
    return { authorization: `Bearer ${decodeURIComponent(token)}` };
  } catch {
    return { authorization: `Bearer ${token}` };
  }
}

export function kickFetcher(deps: { upstream: UpstreamClient; stt: SpeechToText }): PlatformFetcher<'clips_a'> {
  return {
    async fetch(item, ctx): Promise<FetchOutcome<ClipBody>> {
      const api = `https://kick.com/api/v2/clips/${encodeURIComponent(item.itemId)}/play`;
      const headers = { accept: 'application/json', referer: item.normalizedUrl, ...sessionAuthorization(deps.upstream) };
      const fetched = await fetchUpstream(deps.upstream, 'clips_a', { url: api, signal: ctx.signal, headers });
      if (!fetched.ok) return { ok: false, ...fetched.failure };
      const refused = apiFailure(fetched.response);
      if (refused !== undefined) return { ok: false, ...refused };
      const parsed = parseJson(fetched.response.text());
      if (!parsed.ok) return { ok: false, ...upstreamFailure("Kick's clip data is not valid JSON (a block page, or its API changed)") };

      // A deleted clip comes back as `{"clip": null}` as well as a 404.
      const clip = asObject(at(parsed.value, 'clip'));
      if (clip === undefined) {
        if (asObject(parsed.value) !== undefined && 'clip' in (parsed.value as object)) return { ok: false, ...noTranscript('clips_a', 'Kick says this clip does not exist (it may have been deleted)') };
        return { ok: false, ...upstreamFailure("Kick's clip data has no clip object (its API may have changed)") };
      }
      // No privacy check: the API already hides the clips this caller may not see (yt-dlp checks
      // nothing either), and the values of `privacy` besides PUBLIC were never observed.
      const mediaUrl = httpUrl(clip.clip_url) ?? httpUrl(clip.video_url);
      if (mediaUrl === undefined) return { ok: false, ...noTranscript('clips_a', 'Kick lists no video for this clip') };

      const duration = asNumber(clip.duration);
      if (duration !== undefined && duration > TWO_MINUTES) return { ok: false, ...tooLong('clips_a', duration, TWO_MINUTES) };

      const spoken = await transcribeSpeech(deps.stt, 'clips_a', { mediaUrl, taskKey: `clips_a:${item.canonicalKey}`, signal: ctx.signal, maxDurationSeconds: TWO_MINUTES, headers: { referer: 'https://kick.com/', origin: 'https://kick.com' } });
      if (!spoken.ok) return { ok: false, ...spoken.failure };

      const id = /^clip_/i.test(asString(clip.id) ?? '') ? (asString(clip.id) as string) : item.itemId;
      // The channel that owns the clip, which the pasted URL may not name (the clip id is global).
      const channel = asString(at(clip, 'channel', 'slug')) ?? item.parts?.channel;
      const url = channel === undefined ? item.normalizedUrl : `https://kick.com/${channel}/clips/${id}`;
      const body: ClipBody = { success: true, id, url, transcript: spoken.text, transcript_source: 'ai' };
      return { ok: true, transcript: { body, text: spoken.text, segments: spoken.segments, provenance: spoken.provenance, title: asString(clip.title) ?? null } };
    },
  };
}
