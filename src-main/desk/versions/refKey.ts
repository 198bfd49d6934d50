// How the store names a transcript's versions, and its export version: what exports read
// (desk/transcripts.ts readForExport), without the rest of desk/versions.
import type { TranscriptRef } from '#shared/contract/transcript';
import type { TranscriptVersion } from '#service/store/port';
import type { DeskDeps } from '../deps';

/**
 * The store's name of a transcript: its kind, platform and CANONICAL key, so a short link and the
 * full link of one item share their versions. Undefined when the transcript is gone.
 */
export async function versionRefKey(deps: DeskDeps, ref: TranscriptRef): Promise<string | undefined> {
  if (ref.kind === 'episode') return `episode:${ref.key}`;
  const cached = await deps.store.cache.get(ref.platform, ref.key);
  return cached === undefined ? undefined : `transcript:${ref.platform}:${cached.canonicalKey}`;
}

/** The export version's content, or undefined when the original is chosen (or nothing was). */
export async function chosenVersion(deps: DeskDeps, ref: TranscriptRef): Promise<TranscriptVersion | undefined> {
  const refKey = await versionRefKey(deps, ref);
  if (refKey === undefined) return undefined;
  const id = await deps.store.versions.chosen(refKey);
  return id === null ? undefined : deps.store.versions.get(id);
}

