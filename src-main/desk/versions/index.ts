// A transcript's versions as the desk's operations see them (src-shared/contract/versions.ts):
// version 0 is the original (read as the viewer reads it, desk/transcripts.ts) and is never
// written; every other version is a row of the store's `versions` group. A new version becomes the
// export version (the latest thing the person made is what they mean to export).
import { randomUUID } from 'node:crypto';
import type { TranscriptRef } from '#shared/contract/transcript';
import type { Edit, VersionContent, VersionsView, VersionSummary } from '#shared/contract/versions';
import type { Provenance } from '#shared/contract/provenance';
import { DeskError } from '#shared/contract/result';
import type { TranscriptVersion } from '#service/store/port';
import type { DeskDeps } from '../deps';
import { readTranscript } from '../transcripts';
import { applyEdit, type Content } from './edits';
import { versionRefKey } from './refKey';

export { versionRefKey };

export const ORIGINAL_NAME = 'Original';

/** `provenance.from` is at most 200 characters (contract/provenance.ts). */
const nameOf = (v: Pick<TranscriptVersion, 'number' | 'label'>) => `v${v.number} · ${v.label}`.slice(0, 200);

export function summaryOf(v: TranscriptVersion): VersionSummary {
  return { id: v.id, number: v.number, label: v.label, name: nameOf(v), createdAt: v.createdAt, provenance: v.provenance, parent: v.parent };
}

async function keyOf(deps: DeskDeps, ref: TranscriptRef): Promise<string> {
  const refKey = await versionRefKey(deps, ref);
  if (refKey === undefined) throw new DeskError('not_found', 'This transcript is no longer in the library (it was deleted)');
  return refKey;
}

/** A version of this transcript, or not_found (also for another transcript's version). */
async function versionOf(deps: DeskDeps, refKey: string, id: string): Promise<TranscriptVersion> {
  const version = await deps.store.versions.get(id);
  if (version?.refKey !== refKey) throw new DeskError('not_found', 'This version no longer exists (it was deleted)');
  return version;
}

export async function listVersions(deps: DeskDeps, ref: TranscriptRef): Promise<VersionsView> {
  const refKey = await keyOf(deps, ref);
  return { versions: (await deps.store.versions.list(refKey)).map(summaryOf), exportVersion: await deps.store.versions.chosen(refKey) };
}

export async function versionContent(deps: DeskDeps, ref: TranscriptRef, id: string | null): Promise<VersionContent> {
  if (id === null) {
    const view = await readTranscript(deps, ref);
    return { id: null, name: ORIGINAL_NAME, text: view.text, segments: view.segments, provenance: view.provenance };
  }
  const version = await versionOf(deps, await keyOf(deps, ref), id);
  return { id: version.id, name: nameOf(version), text: version.text, segments: version.segments, provenance: version.provenance };
}

/**
 * Stores `content` as the transcript's next version and chooses it for export. A cached
 * transcript is kept (never evicted) from then on: its versions mean nothing without it.
 */
export async function addVersion(deps: DeskDeps, ref: TranscriptRef, content: Content & { label: string; provenance: Provenance; parent: string | null }): Promise<{ version: VersionSummary; exportVersion: string }> {
  const refKey = await keyOf(deps, ref);
  if (ref.kind === 'transcript') await deps.store.cache.keep(ref.platform, ref.key);
  const version = await deps.store.transaction(async (tx) => {
    const added = await tx.versions.add({ id: randomUUID(), refKey, createdAt: Date.now(), ...content });
    await tx.versions.choose(refKey, added.id);
    return added;
  });
  return { version: summaryOf(version), exportVersion: version.id };
}

export async function editVersion(deps: DeskDeps, ref: TranscriptRef, from: string | null, edit: Edit): Promise<{ version: VersionSummary; exportVersion: string }> {
  const source = await versionContent(deps, ref, from);
  const edited = applyEdit(source, edit);
  return addVersion(deps, ref, { ...edited, provenance: { kind: 'edited', from: source.name }, parent: from });
}

export async function chooseVersion(deps: DeskDeps, ref: TranscriptRef, id: string | null): Promise<VersionsView> {
  const refKey = await keyOf(deps, ref);
  if (!(await deps.store.versions.choose(refKey, id))) throw new DeskError('not_found', 'This version no longer exists (it was deleted)');
  return listVersions(deps, ref);
}

export async function deleteVersion(deps: DeskDeps, ref: TranscriptRef, id: string): Promise<VersionsView> {
  const refKey = await keyOf(deps, ref);
  await versionOf(deps, refKey, id);
  await deps.store.versions.remove(id);
  return listVersions(deps, ref);
}

/**
 * The version keys of library rows, read before the rows are deleted (a deleted cached transcript
 * can no longer be looked up); `forgetVersions` then deletes the person's versions with them.
 */
export async function versionKeysOfRows(deps: DeskDeps, ids: readonly number[]): Promise<string[]> {
  const keys: string[] = [];
  for (const id of ids) {
    const row = await deps.store.library.get(id);
    if (row !== undefined) keys.push(row.kind === 'episode' ? `episode:${row.refKey}` : `transcript:${row.platform}:${row.refKey}`);
  }
  return keys;
}

export async function forgetVersions(deps: DeskDeps, refKeys: readonly string[]): Promise<void> {
  for (const refKey of refKeys) await deps.store.versions.removeAll(refKey);
}
