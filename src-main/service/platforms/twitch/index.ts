// clips_b (Twitch): GQL (persisted queries, else a raw query: config.ts) → the clip's playback
// token and qualities → the signed MP4 (`sourceURL?sig=…&token=…`) of the lowest landscape quality
// (the sound is the same in all) → speech-to-text, since clips have no captions
// (research/upstream-clips-podcast.md §2).
import type { ClipBody } from '#shared/contract/api/index';
import type { SpeechToText } from '#service/stt/index';
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import type { FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, upstreamFailure } from '../failures';
import { asArray, asNumber, asObject, asString, at, httpUrl, parseJson, type JsonObject } from '../json';
import { transcribeSpeech } from '../speech';
import { lookUpClip } from './gql';

interface Quality {
  url: string;
  /** The quality label as a number (360, 480 …); Infinity when it has none. */
  height: number;
}

function qualitiesOf(list: unknown): Quality[] {
  return asArray(list).flatMap((q) => {
    const url = httpUrl(at(q, 'sourceURL'));
    if (url === undefined) return []; // portrait assets list qualities with an empty sourceURL
    const label = Number.parseInt(asString(at(q, 'quality')) ?? '', 10);
    const height = asNumber(at(q, 'height'));
    return [{ url, height: Number.isFinite(label) ? label : height !== undefined && height > 0 ? height : Number.POSITIVE_INFINITY }];
  });
}

/** The lowest landscape quality: the landscape asset's when assets are listed, else the clip's own list (landscape only). */
export function lowestLandscape(clip: JsonObject): string | undefined {
  const landscape = asArray(clip.assets).filter((a) => (asNumber(at(a, 'aspectRatio')) ?? 1) >= 1);
  const fromAssets = landscape.flatMap((a) => qualitiesOf(at(a, 'videoQualities')));
  const candidates = fromAssets.length > 0 ? fromAssets : qualitiesOf(clip.videoQualities);
  return [...candidates].sort((a, b) => a.height - b.height)[0]?.url;
}

/** Without `sig` and `token` the clip CDN answers 404 (since 2021). */
export function signedUrl(sourceUrl: string, signature: string, token: string): string {
  return `${sourceUrl}${sourceUrl.includes('?') ? '&' : '?'}sig=${encodeURIComponent(signature)}&token=${encodeURIComponent(token)}`;
}

export function twitchFetcher(deps: { upstream: UpstreamClient; stt: SpeechToText; profile: UpstreamProfile }): PlatformFetcher<'clips_b'> {
  return {
    async fetch(item, ctx): Promise<FetchOutcome<ClipBody>> {
      const lookup = await lookUpClip(deps, item.itemId, ctx.signal);
      if (!lookup.ok) return { ok: false, ...lookup.failure };
      const { clip } = lookup;

      const signature = asString(at(clip, 'playbackAccessToken', 'signature'));
      const token = asString(at(clip, 'playbackAccessToken', 'value'));
      if (signature === undefined || token === undefined) return { ok: false, ...upstreamFailure(`Twitch's ${lookup.operation} answer has no playback token for the clip`) };
      const decoded = parseJson(token);
      const authorization = decoded.ok ? asObject(at(decoded.value, 'authorization')) : undefined;
      if (authorization === undefined) return { ok: false, ...upstreamFailure("Twitch's playback token for the clip cannot be read") };
      if (authorization.forbidden === true) {
        const reason = asString(authorization.reason);
        return { ok: false, ...noTranscript('clips_b', `Twitch does not allow playing this clip${reason ? ` (${reason})` : ''}`) };
      }
      const source = lowestLandscape(clip);
      if (source === undefined) return { ok: false, ...noTranscript('clips_b', 'Twitch lists no video for this clip') };

      const spoken = await transcribeSpeech(deps.stt, 'clips_b', { mediaUrl: signedUrl(source, signature, token), taskKey: `clips_b:${item.canonicalKey}`, signal: ctx.signal });
      if (!spoken.ok) return { ok: false, ...spoken.failure };
      // The spec's `id` is the numeric id; the slug stands in only if Twitch left it out.
      const id = asString(clip.id) ?? item.itemId;
      const body: ClipBody = { success: true, id, url: item.normalizedUrl, transcript: spoken.text, transcript_source: 'ai' };
      return { ok: true, transcript: { body, text: spoken.text, segments: spoken.segments, provenance: spoken.provenance, title: asString(clip.title) ?? null } };
    },
  };
}
