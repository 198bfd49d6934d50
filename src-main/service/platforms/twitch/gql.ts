// One clip through Twitch's GQL API: the persisted queries of config.ts until one is known, then,
// when Twitch knows none of their hashes, the same fields as a raw query.
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import type { FetchFailure } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asArray, asObject, asString, at, parseJson, type JsonObject } from '../json';
import { fetchUpstream } from '../request';
import { CLIENT_ID_KEY, CLIP_OPERATIONS, RAW_CLIP_QUERY, TWITCH_GQL_URL } from './config';

export type ClipLookup = { ok: true; clip: JsonObject; operation: string } | { ok: false; failure: FetchFailure };

type Answer = ClipLookup | { ok: 'retired' };

const errorMessages = (value: unknown) => asArray(at(value, 'errors')).map((e) => asString(at(e, 'message')) ?? '');

/** One GQL request and what its answer says about the clip. */
async function ask(deps: { upstream: UpstreamClient; profile: UpstreamProfile }, label: string, body: Record<string, unknown>, signal: AbortSignal): Promise<Answer> {
  const fetched = await fetchUpstream(deps.upstream, 'clips_b', {
    url: TWITCH_GQL_URL,
    method: 'POST',
    body: JSON.stringify(body),
    signal,
    headers: { 'client-id': deps.profile.get(CLIENT_ID_KEY), 'content-type': 'text/plain;charset=UTF-8', accept: 'application/json', origin: 'https://www.twitch.tv', referer: 'https://www.twitch.tv/' },
  });
  if (!fetched.ok) return fetched;
  const refused = statusFailure('clips_b', fetched.response, 'this clip', { missingMeansGone: false });
  if (refused !== undefined) return { ok: false, failure: refused };
  const parsed = parseJson(fetched.response.text());
  if (!parsed.ok) return { ok: false, failure: upstreamFailure("Twitch's GQL answer is not valid JSON") };

  const messages = errorMessages(parsed.value);
  if (messages.includes('PersistedQueryNotFound')) return { ok: 'retired' };
  if (at(parsed.value, 'extensions', 'challenge', 'type') === 'integrity' || messages.some((m) => /integrity/i.test(m))) {
    return { ok: false, failure: upstreamFailure(`Twitch asked for a Client-Integrity check on ${label} (it treats this machine as a bot)`) };
  }
  const data = asObject(at(parsed.value, 'data'));
  const errors = messages.length > 0 ? `: ${messages.join('; ')}` : '';
  if (data === undefined) return { ok: false, failure: upstreamFailure(`Twitch's GQL answered ${label} without data${errors}`) };
  // `clip: null` without errors is how Twitch says the slug names no clip (HTTP 200); with errors,
  // the field failed and says nothing about the clip.
  if (data.clip === null && messages.length === 0) return { ok: false, failure: noTranscript('clips_b', 'Twitch says this clip does not exist (it may have been deleted)') };
  const clip = asObject(data.clip);
  if (clip === undefined) return { ok: false, failure: upstreamFailure(`Twitch's ${label} answer has no clip object${errors}`) };
  return { ok: true, clip, operation: label };
}

export async function lookUpClip(deps: { upstream: UpstreamClient; profile: UpstreamProfile }, slug: string, signal: AbortSignal): Promise<ClipLookup> {
  const retired: string[] = [];
  for (const operation of CLIP_OPERATIONS) {
    const body = { operationName: operation.operationName, variables: operation.variables(slug), extensions: { persistedQuery: { version: 1, sha256Hash: deps.profile.get(operation.hashKey) } } };
    const answer = await ask(deps, operation.operationName, body, signal);
    if (answer.ok !== 'retired') return answer;
    retired.push(operation.operationName);
  }
  const raw = await ask(deps, `${RAW_CLIP_QUERY.operationName} (raw query)`, { operationName: RAW_CLIP_QUERY.operationName, query: RAW_CLIP_QUERY.query, variables: { slug } }, signal);
  // The raw query's verdict about the clip itself (it does not exist) stands; a refusal names both.
  if (raw.ok === true || (raw.ok === false && raw.failure.status === 404)) return raw;
  const why = raw.ok === 'retired' ? 'PersistedQueryNotFound' : (raw.failure.message ?? 'refused');
  const message = `Twitch no longer knows the persisted queries this build uses (${retired.join(', ')}: PersistedQueryNotFound; update them with \`transcript-desk upstream set twitch.hash.<operation> <sha256>\`), and the raw clip query failed too: ${why}`;
  // A rate limit's machine code and Retry-After stay: waiting is what would help.
  return { ok: false, failure: raw.ok === 'retired' ? upstreamFailure(message) : { ...raw.failure, message } };
}
