// One clip through Twitch's GQL API, walking the operations of config.ts until one is known.
import type { UpstreamClient } from '../../upstream/client';
import type { FetchFailure } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asArray, asObject, asString, at, parseJson, type JsonObject } from '../json';
import { fetchUpstream } from '../request';
import { CLIP_OPERATIONS, TWITCH_CLIENT_ID, TWITCH_GQL_URL } from './config';

export type ClipLookup = { ok: true; clip: JsonObject; operation: string } | { ok: false; failure: FetchFailure };

const errorMessages = (value: unknown) => asArray(at(value, 'errors')).map((e) => asString(at(e, 'message')) ?? '');

export async function lookUpClip(upstream: UpstreamClient, slug: string, signal: AbortSignal): Promise<ClipLookup> {
  const retired: string[] = [];
  for (const operation of CLIP_OPERATIONS) {
    const body = JSON.stringify({ operationName: operation.operationName, variables: operation.variables(slug), extensions: { persistedQuery: { version: 1, sha256Hash: operation.sha256Hash } } });
    const fetched = await fetchUpstream(upstream, 'clips_b', {
      url: TWITCH_GQL_URL,
      method: 'POST',
      body,
      signal,
      headers: { 'client-id': TWITCH_CLIENT_ID, 'content-type': 'text/plain;charset=UTF-8', accept: 'application/json', origin: 'https://www.twitch.tv', referer: 'https://www.twitch.tv/' },
    });
    if (!fetched.ok) return fetched;
    const refused = statusFailure('clips_b', fetched.response, 'this clip', { missingMeansGone: false });
    if (refused !== undefined) return { ok: false, failure: refused };
    const parsed = parseJson(fetched.response.text());
    if (!parsed.ok) return { ok: false, failure: upstreamFailure("Twitch's GQL answer is not valid JSON") };

    const messages = errorMessages(parsed.value);
    if (messages.includes('PersistedQueryNotFound')) {
      retired.push(operation.operationName);
      continue;
    }
    if (at(parsed.value, 'extensions', 'challenge', 'type') === 'integrity' || messages.some((m) => /integrity/i.test(m))) {
      return { ok: false, failure: upstreamFailure(`Twitch asked for a Client-Integrity check on ${operation.operationName} (it treats this machine as a bot)`) };
    }
    const data = asObject(at(parsed.value, 'data'));
    if (data === undefined) return { ok: false, failure: upstreamFailure(`Twitch's GQL answered without data${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`) };
    // `clip: null` is how Twitch says the slug names no clip (HTTP 200).
    if (data.clip === null) return { ok: false, failure: noTranscript('clips_b', 'Twitch says this clip does not exist (it may have been deleted)') };
    const clip = asObject(data.clip);
    if (clip === undefined) return { ok: false, failure: upstreamFailure(`Twitch's ${operation.operationName} answer has no clip object`) };
    return { ok: true, clip, operation: operation.operationName };
  }
  return {
    ok: false,
    failure: upstreamFailure(`Twitch no longer knows the persisted queries this build uses (${retired.join(', ')}: PersistedQueryNotFound); the hashes in twitch/config.ts need an update`),
  };
}
