// The one place a fresh synchronous transcript is cached and charged.
import { randomUUID } from 'node:crypto';
import type { SyncPlatformToken } from '#shared/platforms';
import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import { SYNC_TRANSCRIPT_PRICE } from '../billing';
import type { FetchedTranscript } from '../platforms/fetcher';
import type { Store } from '../store/port';
import type { Caller } from './caller';
import { refused, type TranscriptOutcome } from './outcomes';
import { cachedTranscriptOf, transcriptOf } from './transcript';

export const noCredits = () => refused(403, ERROR_TEXT.noCredits, { message: 'This key has no credits left' });

/**
 * Caches and charges in one transaction: the transcript is kept even if the charge loses a race.
 * A short link that resolved to an item already in the cache is a cache hit like any other
 * accepted form of that item: aliased, answered from the cache, not charged. So is an item another
 * request (in this process or another one on the same data home) delivered while this one was
 * fetching: the check runs under the transaction's write lock, so exactly one request pays.
 * The answer carries the transcript as written, so no caller reads the row back.
 */
export async function deliver(store: Store, caller: Caller, platform: SyncPlatformToken, item: ParsedItem, fetched: FetchedTranscript, keyOf: (canonicalKey: string) => string): Promise<TranscriptOutcome> {
  const canonicalKey = keyOf(fetched.resolvedKey ?? item.canonicalKey);
  const requestedKey = keyOf(item.canonicalKey);
  const entry = { platform, canonicalKey, sourceUrl: item.normalizedUrl, title: fetched.title, body: fetched.body, text: fetched.text, segments: fetched.segments, provenance: fetched.provenance };
  const result = await store.transaction(async (tx) => {
    const known = await tx.cache.get(platform, canonicalKey);
    if (known !== undefined) {
      await tx.cache.addAlias(platform, requestedKey, canonicalKey);
      return { hit: known, charge: undefined };
    }
    await tx.cache.put(entry, requestedKey);
    return { hit: undefined, charge: await tx.credits.charge(caller.accountId, SYNC_TRANSCRIPT_PRICE, randomUUID(), `${platform} ${canonicalKey}`) };
  });
  if (result.charge === undefined) return { kind: 'cached', transcript: cachedTranscriptOf(platform, result.hit), balance: await store.credits.balance(caller.accountId) };
  if (!result.charge.ok) return noCredits();
  return { kind: 'fresh', transcript: transcriptOf(entry), balance: result.charge.balance };
}
