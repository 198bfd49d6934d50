// Where summaries and chapters are kept: as versions (the versions store group of issue 18), of a
// transcript's companion `<refKey>#summary` or `<refKey>#chapters`. So they need no table of their
// own, number apart from the transcript's own versions (which the versions panel lists, and which
// exports choose from), keep every earlier summary a person may want back, and go when the
// transcript leaves the library (forgetInsights beside forgetVersions).
//
// A summary's text is the version's text. Chapters are its segments: `startMs` the chapter's start,
// `text` its title (`endMs` the next chapter's start, or the start itself for the last one).
// `parent` is the transcript version it was made from (null: the original), so a summary of an
// edited version is not answered for the original, and the reuse check is one comparison.
import { randomUUID } from 'node:crypto';
import type { Chapter, Chapters, Summary } from '#shared/contract/insights';
import type { Provenance } from '#shared/contract/provenance';
import type { TranscriptVersion } from '#service/store/port';
import type { DeskDeps } from '../deps';

export type InsightTask = 'summary' | 'chapters';

export const insightKey = (refKey: string, task: InsightTask) => `${refKey}#${task}`;

/** The newest stored insight of `task` made from transcript version `from` (null: the original), by `model` when given. */
export async function latestInsight(deps: DeskDeps, refKey: string, task: InsightTask, match: { from?: string | null; model?: string } = {}): Promise<TranscriptVersion | undefined> {
  const all = await deps.store.versions.list(insightKey(refKey, task));
  for (let i = all.length - 1; i >= 0; i--) {
    const v = all[i];
    if (v === undefined) continue;
    if (match.from !== undefined && v.parent !== match.from) continue;
    if (match.model !== undefined && (v.provenance.kind !== 'generated' || v.provenance.model !== match.model)) continue;
    return v;
  }
  return undefined;
}

export async function storeSummary(deps: DeskDeps, refKey: string, from: string | null, text: string, provenance: Provenance): Promise<Summary> {
  const v = await deps.store.versions.add({ id: randomUUID(), refKey: insightKey(refKey, 'summary'), createdAt: Date.now(), label: 'Summary', provenance, parent: from, text, segments: null });
  return summaryOfVersion(v);
}

export async function storeChapters(deps: DeskDeps, refKey: string, from: string | null, chapters: readonly Chapter[], provenance: Provenance): Promise<Chapters> {
  const segments = chapters.map((c, i) => ({ startMs: Math.round(c.start * 1000), endMs: Math.round((chapters[i + 1]?.start ?? c.start) * 1000), text: c.title }));
  const v = await deps.store.versions.add({ id: randomUUID(), refKey: insightKey(refKey, 'chapters'), createdAt: Date.now(), label: 'Chapters', provenance, parent: from, text: chapters.map((c) => c.title).join('\n'), segments });
  return chaptersOfVersion(v);
}

export const summaryOfVersion = (v: TranscriptVersion): Summary => ({ id: v.id, text: v.text, createdAt: v.createdAt, provenance: v.provenance });

export const chaptersOfVersion = (v: TranscriptVersion): Chapters => ({
  id: v.id,
  chapters: (v.segments ?? []).map((s) => ({ start: s.startMs / 1000, title: s.text })),
  createdAt: v.createdAt,
  provenance: v.provenance,
});

/** A transcript left the library: its summaries and chapters go with it. */
export async function forgetInsights(deps: DeskDeps, refKeys: readonly string[]): Promise<void> {
  for (const refKey of refKeys) for (const task of ['summary', 'chapters'] as const) await deps.store.versions.removeAll(insightKey(refKey, task));
}
