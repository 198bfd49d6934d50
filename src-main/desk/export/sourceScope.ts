// Export scope `source`: every library transcript of a playlist, channel, show, feed or a
// channel's clips. A followed source is read from what its follow has met (no request to the
// site: the follow knows its items and the queue rows that fetched them); any other source is
// expanded now. Items the library does not have are left out without a word (a channel of 500
// videos with 3 transcripts is an export of 3, not a list of 497 refusals); items a follow tried
// and failed are listed as skipped, with why.
import { DeskError } from '#shared/contract/result';
import type { Source as SourceInfo } from '#shared/contract/sources';
import type { TranscriptRef, TranscriptView } from '#shared/contract/transcript';
import { parseAny } from '#shared/url/parse';
import { expandSource } from '#service/sources/index';
import type { DeskDeps } from '../deps';
import { expandError } from '../sources/expand';
import { readForExport } from '../transcripts';

export interface SourceEntry {
  label: string;
  view: TranscriptView | null;
  skipped: string | null;
}

interface Candidate {
  title: string;
  url: string;
  /** The queue row's own reference, when a row fetched it. */
  ref: TranscriptRef | null;
  failed: string | null;
}

/** The references an item's transcript may be kept under: an episode's record, else the cache entry of its URL. */
function refsFor(url: string, platform: string | null): TranscriptRef[] {
  const parsed = parseAny(url);
  if (!parsed.ok) return [];
  const key = parsed.canonicalKey;
  return platform === 'podcast' || parsed.platform === 'podcast' ? [{ kind: 'episode', key }, { kind: 'transcript', platform: 'podcast', key }] : [{ kind: 'transcript', platform: parsed.platform, key }];
}

async function readFirst(deps: DeskDeps, refs: readonly TranscriptRef[]): Promise<TranscriptView | null> {
  for (const ref of refs) {
    const view = await readForExport(deps, ref).catch(() => null);
    if (view !== null) return view;
  }
  return null;
}

export async function sourceEntries(deps: DeskDeps, url: string): Promise<{ source: SourceInfo; entries: SourceEntry[] }> {
  const { store } = deps;
  let source: SourceInfo | undefined;
  let candidates: Candidate[] | undefined;
  // A follow whose source is this URL (in its canonical form): its items, no request to the site.
  let record = (await store.follows.list()).find((r) => r.source.url === url);
  if (record === undefined) {
    const outcome = await expandSource(deps, { url });
    if (!outcome.ok) throw expandError(outcome.failure);
    source = outcome.expansion.source;
    record = await store.follows.bySourceKey(source.key);
    if (record === undefined) candidates = outcome.expansion.items.map((item) => ({ title: item.title, url: item.url, ref: null, failed: null }));
  }
  if (record !== undefined) {
    source = record.source;
    candidates = [];
    for (const item of await store.follows.items(record.id)) {
      const row = item.queueItemId === null ? undefined : await store.queue.get(item.queueItemId);
      candidates.push({ title: item.title, url: item.url, ref: row?.transcript ?? null, failed: item.state === 'failed' ? (item.message ?? 'failed') : null });
    }
  }
  if (source === undefined || candidates === undefined) throw new DeskError('not_found', `Nothing is known of the source ${url}`);
  const entries: SourceEntry[] = [];
  for (const candidate of candidates) {
    if (candidate.failed !== null) {
      entries.push({ label: candidate.title, view: null, skipped: candidate.failed });
      continue;
    }
    const view = await readFirst(deps, [...(candidate.ref === null ? [] : [candidate.ref]), ...refsFor(candidate.url, null)]);
    if (view !== null) entries.push({ label: candidate.title, view, skipped: null });
  }
  return { source, entries };
}
