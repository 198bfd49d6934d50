// Summaries and chapters of one transcript (issue 19). PLACEHOLDER until the insights work lands:
// answers what is stored and makes nothing.
import type { InsightsView } from '#shared/contract/insights';
import type { TranscriptRef } from '#shared/contract/transcript';
import { DeskError } from '#shared/contract/result';
import type { Settings } from '#service/settings';
import { llmStatus, readLlmConfig, type LlmRequestLog } from '#service/llm/index';
import type { DeskDeps } from '../deps';

export interface InsightsContext {
  deps: DeskDeps;
  settings: Settings;
  log?: LlmRequestLog;
}

export async function insightsView(ctx: InsightsContext, _ref: TranscriptRef): Promise<InsightsView> {
  return { summary: null, chapters: null, llm: llmStatus(await readLlmConfig(ctx.settings)) };
}

export function makeInsight(_ctx: InsightsContext, _ref: TranscriptRef, _what: 'summary' | 'chapters', _refresh: boolean): Promise<InsightsView> {
  return Promise.reject(new DeskError('unavailable', 'Summaries are not built yet'));
}
