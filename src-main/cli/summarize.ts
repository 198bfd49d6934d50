// summarize: a summary (and with --chapters, chapters) of each URL's transcript, by the language
// model of Settings ▸ Language model, through the desk's `insights.make`: the same prompts, the
// same map-reduce, creator chapters first, and the same kept versions as the viewer's panel (a
// second run answers the kept one, free of requests; --refresh asks again). A URL the library does
// not have is fetched through the desk's queue first, billed like `get` (a cached one is free); a
// podcast episode waits for its job, its progress on stderr. `-` reads the URLs from stdin.
import type { Command } from 'commander';
import type { InsightsView } from '#shared/contract/insights';
import type { QueueItem } from '#shared/contract/queue';
import { playerClock } from '#shared/format/markdown';
import { provenanceLabel } from '#shared/format/provenanceLabel';
import { sourceHint } from '#shared/sources/detect';
import type { Desk } from '../desk/index';
import { transcriptOfUrl } from '../mcp/urlTranscript';
import { valueOf, withSessionDesk } from './sessionDesk';
import { statusLine } from './statusLine';
import { urlsOf } from './stdinUrls';

interface SummarizeOptions {
  chapters?: boolean;
  refresh?: boolean;
  json?: boolean;
}

const say = (line: string) => process.stderr.write(`${line}\n`);

/** The row's state in a few words; a podcast episode's chunks from its job card. */
async function progressOf(desk: Desk, row: QueueItem): Promise<string> {
  if (row.jobId === null) return row.status;
  const jobs = await desk.call('podcast.list', {});
  const job = jobs.ok ? jobs.value.jobs.find((j) => j.jobId === row.jobId) : undefined;
  if (job === undefined) return row.status;
  const { chunksDone, chunksTotal } = job.progress;
  return `“${job.episode.title}”: ${chunksTotal === 0 ? 'waiting for its audio' : `${chunksDone}/${chunksTotal} chunks`}`;
}

function markdown(title: string, view: InsightsView, note: string | null): string {
  const out = [`# ${title}`, ''];
  if (view.summary !== null) out.push(`_${provenanceLabel(view.summary.provenance)}_`, '', view.summary.text.trim(), '');
  if (view.chapters !== null) {
    out.push('## Chapters', '', `_${provenanceLabel(view.chapters.provenance)}_`, '');
    for (const chapter of view.chapters.chapters) out.push(`${playerClock(chapter.start * 1000)} ${chapter.title}`);
    out.push('');
  }
  if (note !== null) out.push(`> ${note}`, '');
  return out.join('\n');
}

async function summarizeOne(desk: Desk, url: string, options: SummarizeOptions): Promise<void> {
  const status = statusLine();
  const got = await transcriptOfUrl((name, input) => desk.call(name, input), url, {
    waitMs: Number.POSITIVE_INFINITY,
    itemUrlProblem: (given) => sourceHint(given, 'list its items with `transcript-desk expand URL` and pipe them to `transcript-desk summarize -`'),
    onPoll: async (row) => status.show(`… ${url}: ${await progressOf(desk, row)}`),
  }).finally(() => status.end());
  if ('pending' in got) throw new Error(`${url}: ${got.why ?? 'still running'}`);
  if (got.fetched.credits > 0) say(`fetched ${url} (${got.fetched.credits} credit${got.fetched.credits === 1 ? '' : 's'})`);
  const ref = got.ref;
  const llm = await valueOf(desk.call('llm.status', {}));
  if (!llm.configured) throw new Error(llm.howTo ?? 'No language model is set up');
  const view = await valueOf(desk.call('transcript.get', { ref }));
  say(`sending “${view.title ?? url}” to ${llm.endpoint ?? ''} (${llm.model ?? ''}) unless a kept summary answers`);
  let made = await valueOf(desk.call('insights.make', { ref, what: 'summary', refresh: options.refresh === true }));
  let note: string | null = null;
  if (options.chapters === true) {
    made = await valueOf(desk.call('insights.make', { ref, what: 'chapters', refresh: options.refresh === true }));
    note = made.chapters?.note ?? null;
  }
  const shown: InsightsView = options.chapters === true ? made : { ...made, chapters: null };
  process.stdout.write(options.json === true ? `${JSON.stringify({ url, title: view.title, ref, summary: shown.summary, chapters: shown.chapters }, null, 2)}\n` : markdown(view.title ?? url, shown, note));
}

export function registerSummarize(program: Command): void {
  program
    .command('summarize <urls...>')
    .description('a summary (and with --chapters, chapters) of each URL by your language model (Settings ▸ Language model); fetches what the library lacks like get (cached: free); kept summaries answer again without a request; - reads URLs from stdin')
    .option('--chapters', 'also chapters (a YouTube video’s own description chapters first)')
    .option('--refresh', 'ask the model again instead of answering the kept summary and chapters')
    .option('--json', 'print JSON (summary, chapters, their provenance) instead of Markdown')
    .action(async (args: string[], options: SummarizeOptions) => {
      const urls = await urlsOf(args);
      if (urls.length === 0) throw new Error('summarize: no URL given');
      await withSessionDesk(async (desk) => {
        const llm = await valueOf(desk.call('llm.status', {}));
        // Before anything is fetched or billed: without a model there is nothing to summarize with.
        if (!llm.configured) throw new Error(llm.howTo ?? 'No language model is set up');
        let failed = 0;
        for (const url of urls) {
          try {
            await summarizeOne(desk, url, options);
          } catch (error) {
            failed++;
            say(`✗ ${url}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        if (failed > 0) process.exitCode = 1;
      });
    });
}
