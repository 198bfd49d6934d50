// The viewer's "another track" of a YouTube video: its caption track in a language, or YouTube's
// machine translation into it where the video has none (translation where it is free: YouTube does
// it). Exactly a REST request with `lang` (core/fetchTranscript.ts): the same admission of the
// owner's key (or the team key), the same cache entry per language, the same price, and a cached
// track is free. The fetched track is kept in the library, as whatever the queue fetches is.
import type { OperationOutput, ParsedInput } from '#shared/contract/operations';
import { DeskError } from '#shared/contract/result';
import { parseForPlatform } from '#shared/url/parse';
import { SYNC_TRANSCRIPT_PRICE } from '#service/billing';
import type { DeskDeps } from './deps';
import { keepLocalCopy } from './queue/runItem';
import type { DeskClient } from './teamServer';
import { readTranscript, type PlayerSrc } from './transcripts';

export async function switchTrack(deps: DeskDeps, client: DeskClient, input: ParsedInput<'transcript.switchTrack'>, playerSrc?: PlayerSrc): Promise<{ answer: OperationOutput<'transcript.switchTrack'>; plan: string }> {
  const { ref, lang } = input;
  if (ref.kind !== 'transcript' || ref.platform !== 'longform') throw new DeskError('invalid_input', 'Only a YouTube video has other caption tracks to switch to');
  const shown = await deps.store.cache.get('longform', ref.key);
  if (shown === undefined) throw new DeskError('not_found', 'This transcript is no longer in the library (it was deleted); run the item again to fetch it');
  const item = parseForPlatform('longform', shown.sourceUrl);
  if (!item.ok) throw new DeskError('invalid_input', `This transcript's source is not a YouTube video URL (${item.reason})`);

  const admitted = await client.core.admitKey(client.key, 'desk');
  if (!admitted.ok) throw new DeskError('refused', [admitted.error, admitted.message].filter(Boolean).join(': '));
  const outcome = await client.core.fetchTranscript(admitted.caller, { platform: 'longform', item, lang }, AbortSignal.timeout(120_000));
  if (outcome.kind === 'refused') {
    // The spec's 404 is YouTube saying there is no track in that language nor a translation into it.
    const why = outcome.status === 404 ? `YouTube has no ${lang} track for this video and does not translate into ${lang}` : [outcome.error, outcome.message].filter(Boolean).join(': ');
    throw new DeskError('refused', `${why}. Nothing was charged`);
  }
  const { transcript } = outcome;
  if (client.server !== null) await keepLocalCopy(deps, transcript);
  await deps.store.cache.keep('longform', transcript.canonicalKey);
  const view = await readTranscript(deps, { kind: 'transcript', platform: 'longform', key: transcript.canonicalKey }, playerSrc);
  return { answer: { transcript: view, charged: outcome.kind === 'cached' ? 0 : SYNC_TRANSCRIPT_PRICE, credits: outcome.balance }, plan: admitted.caller.plan };
}
