// The summary and chapters an export carries (issue 19): what the desk stored for the transcript
// (desk/insights/stored.ts), never a new request to the language model: an export is a file made
// from the library, and must neither send a transcript anywhere nor wait for a model.
// The ones made from the export version (the version chosen in the viewer) come first; else the
// newest of any version, which says in its provenance which version it was made from.
import type { TranscriptRef } from '#shared/contract/transcript';
import type { TranscriptDocument } from '#shared/format/formatters';
import type { DeskDeps } from '../deps';
import { chaptersOfVersion, latestInsight, summaryOfVersion, type InsightTask } from '../insights/stored';
import { versionRefKey } from '../versions/refKey';

export async function storedInsights(deps: DeskDeps, ref: TranscriptRef): Promise<Pick<TranscriptDocument, 'summary' | 'chapters'>> {
  const refKey = await versionRefKey(deps, ref);
  if (refKey === undefined) return { summary: null, chapters: null };
  const from = await deps.store.versions.chosen(refKey);
  const latest = async (task: InsightTask) => (await latestInsight(deps, refKey, task, { from })) ?? (await latestInsight(deps, refKey, task));
  const [summary, chapters] = await Promise.all([latest('summary'), latest('chapters')]);
  return {
    summary: summary === undefined ? null : summaryOfVersion(summary),
    chapters: chapters === undefined ? null : chaptersOfVersion(chapters),
  };
}
