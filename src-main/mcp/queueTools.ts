// enqueue and job_status: the desk's queue for agents. Rows are the desk's own (the desktop app
// shows them, with what they cost); their ids are what job_status takes.
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PodcastJob } from '#shared/contract/podcast';
import type { QueueItem, QueueState } from '#shared/contract/queue';
import { detectSource } from '#shared/sources/detect';
import { parseAny } from '#shared/url/parse';
import { answer, deskValue, guarded, ToolRefusal } from './answers';
import { MAX_URL_CHARS } from './inputLimits';
import { rowProblem, rowsById, type DeskCall } from './queueRows';

export const MAX_ENQUEUE_URLS = 100;
/** A channel or feed given to enqueue: its newest items, unless the agent asks for more. */
export const DEFAULT_SOURCE_ITEMS = 20;
export const MAX_SOURCE_ITEMS_PER_CALL = 500;
/** Rows one call may add (sources can stand for many): more is a batch for the desk, not an agent's turn. */
export const MAX_ROWS_PER_CALL = 2000;

/**
 * Starts this process's queue runner: what is queued runs. Its phase lives in this process (the
 * app's Pause does not reach it), so its only pause is its own "out of credits", and running again
 * is right: the runner reads the balance first and pauses again, sending nothing, while it is 0.
 */
export async function startQueue(call: DeskCall): Promise<QueueState> {
  return deskValue(call('queue.run', {}));
}

/** Why queued rows wait, in a sentence; null while the queue runs. */
export function pausedNote(state: QueueState): string | null {
  if (state.phase !== 'paused') return null;
  return `The queue is paused${state.pausedFor === 'no-credits' ? ': the account is out of credits (see balance)' : ''}; queued rows wait until it runs again.`;
}

/** The item URLs one given URL stands for: itself, or a source's (playlist, channel, show, feed) newest items. */
async function itemUrls(call: DeskCall, url: string, newest: number): Promise<{ urls: string[]; note: string | null }> {
  const parsed = parseAny(url);
  if (parsed.ok) return { urls: [url], note: null };
  // A source by its shape, or any other http(s) page that may be a podcast feed (known only once
  // read; the upstream client fetches user-named hosts only at public addresses). Anything else
  // (file:, a private address, a profile page) is refused here with the URL rules' own words.
  const maybeFeed = parsed.reason === 'Not a link to a supported platform' && /^https?:\/\//i.test(url);
  if (detectSource(url) === undefined && !maybeFeed) throw new ToolRefusal(`${url}: ${parsed.error} (${parsed.reason})`);
  const expanded = await call('sources.expand', { url, newest });
  if (!expanded.ok) throw new ToolRefusal(`${url}: ${maybeFeed && detectSource(url) === undefined ? `${parsed.reason}, and it could not be read as a podcast feed (${expanded.error.message})` : expanded.error.message}`);
  const { source, items, complete, note } = expanded.value;
  return { urls: items.map((item) => item.url), note: `${source.title}: ${items.length} item(s)${complete ? '' : ` (the newest ${items.length}; ${note ?? 'more exist'})`}` };
}

export function rowFacts(row: QueueItem) {
  const finished = row.transcript !== null;
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    title: row.title,
    credits: row.credits,
    podcastJobId: row.jobId,
    problem: row.status === 'failed' || row.status === 'invalid' ? rowProblem(row) : null,
    ref: row.transcript,
    next: finished ? 'call get_transcript with this ref' : row.status === 'failed' || row.status === 'invalid' ? null : 'call job_status again in a few seconds',
  };
}

function jobFacts(job: PodcastJob) {
  return {
    podcastJobId: job.jobId,
    status: job.status,
    title: job.episode.title,
    progress: job.progress,
    credits: job.credits.charged,
    problem: job.error?.message ?? null,
    ref: job.status === 'done' ? { kind: 'episode' as const, key: job.episode.key } : null,
  };
}

export function registerQueueTools(server: McpServer, call: DeskCall): void {
  server.registerTool(
    'enqueue',
    {
      title: 'Queue transcripts',
      description: `Queues video, clip or podcast episode URLs in Transcript Desk and starts the queue. A playlist, channel, Apple Podcasts show or podcast feed URL queues its newest items (newest, default ${DEFAULT_SOURCE_ITEMS}). Each fetch costs credits from the owner's account (cached ones are free). Answers the queue row ids; pass them to job_status.`,
      inputSchema: {
        urls: z.array(z.string().max(MAX_URL_CHARS)).min(1).max(MAX_ENQUEUE_URLS),
        newest: z.number().int().min(1).max(MAX_SOURCE_ITEMS_PER_CALL).default(DEFAULT_SOURCE_ITEMS).describe('For a playlist, channel, show or feed: how many of its newest items'),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    guarded(async (args) => {
      const urls: string[] = [];
      const notes: string[] = [];
      const refused: string[] = [];
      for (const given of args.urls) {
        try {
          const found = await itemUrls(call, given.trim(), args.newest);
          urls.push(...found.urls);
          if (found.note !== null) notes.push(found.note);
        } catch (error) {
          if (!(error instanceof ToolRefusal)) throw error;
          refused.push(error.message);
        }
      }
      if (urls.length === 0) throw new ToolRefusal(`Nothing was queued. ${refused.join(' ')}`);
      if (urls.length > MAX_ROWS_PER_CALL) throw new ToolRefusal(`Nothing was queued: these URLs stand for ${urls.length} items, more than ${MAX_ROWS_PER_CALL} in one call; ask for fewer (newest) or fewer sources at a time`);
      const { items, folded } = await deskValue(call('queue.enqueue', { entries: urls.map((url) => ({ url })) }));
      const paused = pausedNote(await startQueue(call));
      const rows = items.map(rowFacts);
      const lines = [`Queued ${rows.length} row(s)${folded > 0 ? ` (${folded} duplicate(s) folded into rows already queued)` : ''}. Poll job_status with their ids.`, ...(paused === null ? [] : [paused]), ...notes, ...refused.map((r) => `Not queued: ${r}`), ...rows.map((r) => `${r.id} ${r.url}`)];
      return answer(lines.join('\n'), { rows, refused, sources: notes });
    }),
  );

  server.registerTool(
    'job_status',
    {
      title: 'Status of queued transcripts',
      description: 'The state of queue rows (ids from enqueue or get_transcript) and podcast jobs (podcastJobId). A finished row carries the `ref` to pass to get_transcript; a failed one the service\'s reason.',
      inputSchema: {
        ids: z.array(z.string().max(100)).max(500).default([]).describe('Queue row ids'),
        podcastJobIds: z.array(z.string().max(200)).max(500).default([]).describe('Podcast job ids'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(async (args) => {
      if (args.ids.length === 0 && args.podcastJobIds.length === 0) throw new ToolRefusal('Pass queue row ids (ids) or podcast job ids (podcastJobIds)');
      const found = await rowsById(call, args.ids);
      const rows = args.ids.map((id) => found.get(id));
      const { jobs } = args.podcastJobIds.length === 0 ? { jobs: [] } : await deskValue(call('podcast.list', {}));
      const jobById = new Map(jobs.map((job) => [job.jobId, job]));
      const { state } = await deskValue(call('queue.list', {}));
      const rowAnswers = args.ids.map((id, i) => {
        const row = rows[i];
        return row === undefined ? { id, status: 'unknown', problem: 'No queue row has this id (it was removed, or never existed)' } : rowFacts(row);
      });
      const jobAnswers = args.podcastJobIds.map((jobId) => {
        const job = jobById.get(jobId);
        return job === undefined ? { podcastJobId: jobId, status: 'unknown', problem: 'No podcast job has this id' } : jobFacts(job);
      });
      const paused = pausedNote(state);
      const lines = [
        ...(paused === null ? [] : [paused]),
        ...rowAnswers.map((r) => `${r.id}: ${r.status}${'title' in r && r.title !== null ? ` “${r.title}”` : ''}${r.problem === null ? '' : ` — ${r.problem}`}${'ref' in r && r.ref !== null ? ` → ref ${JSON.stringify(r.ref)}` : ''}`),
        ...jobAnswers.map((j) => `podcast job ${j.podcastJobId}: ${j.status}${'ref' in j && j.ref !== null ? ` → ref ${JSON.stringify(j.ref)}` : ''}`),
      ];
      return answer(lines.join('\n'), { queue: { phase: state.phase, pausedFor: state.pausedFor ?? null }, rows: rowAnswers, podcastJobs: jobAnswers });
    }),
  );
}
