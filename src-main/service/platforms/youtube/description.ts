// A YouTube video's description (where creators write their chapters), read from the same InnerTube
// player answer the captions come from (`videoDetails.shortDescription`), asked the same way: the
// client chain of clients.ts in order, with the visitor session, until one client plays the video.
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import { asString, at } from '../json';
import { fetchUpstream } from '../request';
import { clientChain, PLAYER_URL, playerHeaders, playerRequestBody } from './clients';
import { readPlayer } from './player';
import { playerAnswerOf } from './playerAnswer';
import { VisitorSession } from './visitor';

export type VideoDescription =
  | { ok: true; description: string; lengthSeconds: number | null }
  /** No client played the video: what each said, for a note (a block is not "no chapters"). */
  | { ok: false; reason: string };

/** Reads descriptions on one visitor session (like youtubeFetcher, one per desk). */
export function youtubeDescriptionReader(deps: { upstream: UpstreamClient; profile: UpstreamProfile }): (videoId: string, signal?: AbortSignal) => Promise<VideoDescription> {
  const visitor = new VisitorSession(deps.upstream);
  return async (videoId, signal) => {
    const visitorData = await visitor.get();
    const said: string[] = [];
    for (const client of clientChain((key) => deps.profile.get(key))) {
      const player = await fetchUpstream(deps.upstream, 'longform', { url: PLAYER_URL, method: 'POST', headers: playerHeaders(client, visitorData), body: playerRequestBody(client, videoId, visitorData), signal });
      if (!player.ok) return { ok: false, reason: player.failure.message ?? 'the request failed' };
      if (player.response.status !== 200) {
        said.push(`${client.label}: HTTP ${player.response.status}`);
        continue;
      }
      const parsed = playerAnswerOf(player.response.body, videoId);
      const verdict = parsed.ok ? readPlayer(parsed.value, videoId) : { kind: 'refused' as const, reason: 'an answer that is not JSON' };
      if (verdict.kind !== 'playable') {
        said.push(`${client.label}: ${verdict.kind === 'gone' ? verdict.message : verdict.reason}`);
        continue;
      }
      const details = at(parsed.ok ? parsed.value : undefined, 'videoDetails');
      const length = Number(asString(at(details, 'lengthSeconds')));
      return { ok: true, description: asString(at(details, 'shortDescription')) ?? '', lengthSeconds: Number.isFinite(length) && length > 0 ? length : null };
    }
    return { ok: false, reason: said.join('; ') };
  };
}
