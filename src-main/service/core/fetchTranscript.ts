// A synchronous platform's transcript for a caller: the balance check, the shared cache, the
// remembered 404s, the fetcher, then cache and charge (deliver.ts). The URL arrives parsed.
import { PLATFORMS, type SyncPlatformToken } from '#shared/platforms';
import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import type { NotFoundMemory } from '../notFoundMemory';
import type { FetchContext, FetchOutcome } from '../platforms/fetcher';
import type { FetcherTable } from '../platforms/index';
import type { Settings } from '../settings';
import type { Store } from '../store/port';
import type { Caller } from './caller';
import { deliver, noCredits } from './deliver';
import { fromFailure, type TranscriptOutcome } from './outcomes';
import { cachedTranscriptOf } from './transcript';

export interface TranscriptRequest {
  platform: SyncPlatformToken;
  /** The URL as the platform's rules parsed it (`parseForPlatform`), once, by the caller. */
  item: ParsedItem;
  /** A caption language, already checked to look like one; ignored by platforms without a choice. */
  lang?: string | undefined;
}

export interface FetchDeps {
  store: Store;
  fetchers: FetcherTable;
  notFound: NotFoundMemory;
  settings: Settings;
  now: () => number;
}

/** One cache entry per item, and per caption language where the platform honours `lang`. */
export function transcriptCacheKey(canonicalKey: string, lang: string | undefined): string {
  return lang === undefined ? canonicalKey : `${canonicalKey}#lang=${lang.toLowerCase()}`;
}

/** `lang` where the platform honours it: platforms without a language choice ignore it, so it must not split their cache either. */
export function honouredLang(fetchers: FetcherTable, platform: SyncPlatformToken, lang: string | undefined): string | undefined {
  return fetchers[platform].honoursLang === true ? lang : undefined;
}

export async function fetchTranscript(deps: FetchDeps, caller: Caller, request: TranscriptRequest, signal?: AbortSignal): Promise<TranscriptOutcome> {
  const { store } = deps;
  const { platform, item } = request;
  const lang = honouredLang(deps.fetchers, platform, request.lang);
  const keyOf = (canonicalKey: string) => transcriptCacheKey(canonicalKey, lang);

  const balance = await store.credits.balance(caller.accountId);
  if (balance <= 0) return noCredits();

  const hit = await store.cache.get(platform, keyOf(item.canonicalKey));
  if (hit !== undefined) return { kind: 'cached', transcript: cachedTranscriptOf(platform, hit), balance };

  const notFoundKey = `${platform} ${keyOf(item.canonicalKey)}`;
  const remembered = deps.notFound.recall(notFoundKey, deps.now());
  if (remembered !== undefined) return fromFailure(remembered);

  const outcome = await fetchSafely(deps.fetchers, platform, item, { signal: signal ?? new AbortController().signal, ...(lang === undefined ? {} : { lang }) });
  if (!outcome.ok) {
    // The setting is read when a 404 is kept, not per request: a change applies to the next one kept.
    if (outcome.status === 404) deps.notFound.remember(notFoundKey, outcome, (await deps.settings.get('cache.notFoundSeconds')) * 1000, deps.now());
    return fromFailure(outcome);
  }
  return deliver(store, caller, platform, item, outcome.transcript, keyOf);
}

/** A fetcher that throws is an upstream problem to the caller: 502, never a 500 or a stack trace. */
async function fetchSafely(fetchers: FetcherTable, platform: SyncPlatformToken, item: ParsedItem, ctx: FetchContext): Promise<FetchOutcome> {
  try {
    return await fetchers[platform].fetch(item, ctx);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, status: 502, error: ERROR_TEXT.upstream, message: `${PLATFORMS[platform].uiName} request failed: ${detail}` };
  }
}
