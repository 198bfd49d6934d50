// The language model's operations of the desk's handler table (contract/insights.ts): summaries
// and chapters, asking the library, and Settings ▸ Language model's status and Test.
import { llmStatus, readLlmConfig } from '#service/llm/index';
import { askLibrary } from '../ask/index';
import type { Handlers, HandlerGroup } from '../handlers';
import { testLlm } from '../llmTest';
import { insightsView, makeInsight, type InsightsContext } from './index';

export const insightHandlers = (ctx: InsightsContext): HandlerGroup<'insights' | 'llm'> & Pick<Handlers, 'library.ask'> => ({
  'insights.get': (input) => insightsView(ctx, input.ref),
  'insights.make': (input) => makeInsight(ctx, input.ref, input.what, input.refresh),
  'library.ask': (input) => askLibrary(ctx, input),
  'llm.status': async () => llmStatus(await readLlmConfig(ctx.settings)),
  'llm.test': (input) => testLlm(ctx.settings, input, ctx.log),
});
