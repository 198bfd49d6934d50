// The transcript a summary or chapters are made from: its export version (the one exports use, so a
// person's corrections are what the model reads), with what the request log names it by.
import type { TranscriptRef } from '#shared/contract/transcript';
import { DeskError } from '#shared/contract/result';
import type { Segment } from '#shared/transcript';
import type { DeskDeps } from '../deps';
import { readTranscript } from '../transcripts';
import { ORIGINAL_NAME, versionContent } from '../versions/index';
import { chosenVersion, versionRefKey } from '../versions/refKey';

export interface InsightSource {
  refKey: string;
  /** The export version's id; null: the original. Stored insights name it as their `parent`. */
  from: string | null;
  /** "Original" or "v2 · …": what provenance says it was made from. */
  name: string;
  text: string;
  segments: readonly Segment[] | null;
  /** What `sends` names in the request log: the title, else the link. */
  label: string;
  /** YouTube's video id, for the creator's chapters; null elsewhere. */
  youtubeId: string | null;
}

export async function exportVersionOf(deps: DeskDeps, ref: TranscriptRef): Promise<{ refKey: string; from: string | null }> {
  const refKey = await versionRefKey(deps, ref);
  if (refKey === undefined) throw new DeskError('not_found', 'This transcript is no longer in the library (it was deleted)');
  return { refKey, from: (await chosenVersion(deps, ref))?.id ?? null };
}

export async function readSource(deps: DeskDeps, ref: TranscriptRef): Promise<InsightSource> {
  const { refKey, from } = await exportVersionOf(deps, ref);
  const view = await readTranscript(deps, ref);
  const content = from === null ? { name: ORIGINAL_NAME, text: view.text, segments: view.segments } : await versionContent(deps, ref, from);
  const timed = content.segments !== null && content.segments.length > 0 ? content.segments : null;
  return {
    refKey,
    from,
    name: content.name,
    text: content.text,
    segments: timed,
    label: view.title ?? view.sourceUrl ?? refKey,
    youtubeId: view.platform === 'longform' ? view.itemId : null,
  };
}
