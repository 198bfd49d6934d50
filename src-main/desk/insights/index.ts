// Summaries and chapters of one transcript (issue 19). `insights.get` answers what is stored and
// never sends anything; `insights.make` asks the person's model (or, for chapters, reads the
// creator's from the video's description first) and stores what it made as a version
// (stored.ts), made from the transcript's export version. A stored one of the same model and the
// same version is answered again without a request, unless the person asks for it again.
import type { Chapter, Chapters, InsightsView, Summary } from '#shared/contract/insights';
import type { Provenance } from '#shared/contract/provenance';
import type { TranscriptRef } from '#shared/contract/transcript';
import { DeskError } from '#shared/contract/result';
import type { Settings } from '#service/settings';
import { LLM_HOW_TO, LlmError, llmStatus, openLlm, readLlmConfig, type LlmClient, type LlmRequestLog } from '#service/llm/index';
import { youtubeDescriptionReader, type VideoDescription } from '#service/platforms/youtube/description';
import type { DeskDeps } from '../deps';
import { creatorChapters, generatedChapters } from './chapters';
import { paragraphs, timedLines } from './parts';
import { exportVersionOf, readSource, type InsightSource } from './source';
import { chaptersOfVersion, latestInsight, storeChapters, storeSummary, summaryOfVersion, type InsightTask } from './stored';
import { summarize } from './summarize';

export interface InsightsContext {
  deps: DeskDeps;
  settings: Settings;
  log?: LlmRequestLog;
}

export const NO_TIMING = 'This transcript has no timing, so it cannot have chapters';

export async function insightsView(ctx: InsightsContext, ref: TranscriptRef): Promise<InsightsView> {
  const { refKey, from } = await exportVersionOf(ctx.deps, ref);
  const [summary, chapters, config] = await Promise.all([latestInsight(ctx.deps, refKey, 'summary', { from }), latestInsight(ctx.deps, refKey, 'chapters', { from }), readLlmConfig(ctx.settings)]);
  return { summary: summary === undefined ? null : summaryOfVersion(summary), chapters: chapters === undefined ? null : chaptersOfVersion(chapters), llm: llmStatus(config) };
}

export async function makeInsight(ctx: InsightsContext, ref: TranscriptRef, what: InsightTask, refresh: boolean): Promise<InsightsView> {
  // Nothing configured, nothing sent: not even the page with the creator's chapters is read.
  const llm = await openLlm(ctx.settings, ctx.log);
  if (llm === null) throw new DeskError('unavailable', LLM_HOW_TO);
  const source = await readSource(ctx.deps, ref);
  const view = await insightsView(ctx, ref);
  try {
    if (what === 'summary') return { ...view, summary: await summaryFor(ctx, llm, source, refresh) };
    return { ...view, chapters: await chaptersFor(ctx, llm, source, refresh) };
  } catch (error) {
    if (error instanceof LlmError) throw new DeskError('unavailable', error.message);
    throw error;
  }
}

const generated = (llm: LlmClient, task: InsightTask, source: InsightSource): Provenance => ({ kind: 'generated', task, model: llm.config.model, endpoint: llm.config.endpoint, from: source.name });

async function summaryFor(ctx: InsightsContext, llm: LlmClient, source: InsightSource, refresh: boolean): Promise<Summary> {
  const stored = refresh ? undefined : await latestInsight(ctx.deps, source.refKey, 'summary', { from: source.from, model: llm.config.model });
  if (stored !== undefined) return summaryOfVersion(stored);
  const units = source.segments === null ? paragraphs(source.text) : timedLines(source.segments);
  if (units.length === 0) throw new DeskError('invalid_input', 'This transcript has no text to summarize');
  const text = await summarize({ llm, units, sends: [source.label] });
  return storeSummary(ctx.deps, source.refKey, source.from, text, generated(llm, 'summary', source));
}

async function chaptersFor(ctx: InsightsContext, llm: LlmClient, source: InsightSource, refresh: boolean): Promise<Chapters> {
  if (source.segments === null) throw new DeskError('unavailable', NO_TIMING);
  if (!refresh) {
    const creators = await latestInsight(ctx.deps, source.refKey, 'chapters', { from: source.from });
    if (creators?.provenance.kind === 'creator-chapters') return chaptersOfVersion(creators);
    const stored = await latestInsight(ctx.deps, source.refKey, 'chapters', { from: source.from, model: llm.config.model });
    if (stored !== undefined) return chaptersOfVersion(stored);
  }
  const fromCreator = await creatorChaptersOf(ctx, source);
  if (fromCreator.chapters.length > 0) return storeChapters(ctx.deps, source.refKey, source.from, fromCreator.chapters, { kind: 'creator-chapters', platform: 'youtube' });
  const chapters = await generatedChapters({ llm, segments: source.segments, sends: [source.label] });
  const made = await storeChapters(ctx.deps, source.refKey, source.from, chapters, generated(llm, 'chapters', source));
  return fromCreator.note === null ? made : { ...made, note: fromCreator.note };
}

const readers = new WeakMap<DeskDeps, (videoId: string) => Promise<VideoDescription>>();

/**
 * The creator's chapters of a YouTube video, or none. A description that cannot be read (the
 * video is blocked or gone for every client, the network is down) does not stop the person from
 * getting chapters: the model makes them, and the note says the creator's could not be checked.
 */
async function creatorChaptersOf(ctx: InsightsContext, source: InsightSource): Promise<{ chapters: Chapter[]; note: string | null }> {
  if (source.youtubeId === null || source.segments === null) return { chapters: [], note: null };
  let read = readers.get(ctx.deps);
  if (read === undefined) {
    read = youtubeDescriptionReader(ctx.deps);
    readers.set(ctx.deps, read);
  }
  const description = await read(source.youtubeId);
  if (!description.ok) return { chapters: [], note: `The video's description could not be read (${description.reason}), so these chapters were written by the model instead of the creator's.` };
  return { chapters: creatorChapters(description, source.segments), note: null };
}
