// Podcast jobs a team server runs for the desk: their cards, read by polling GET
// /api/podcast/jobs/{jobId} (spec §4.3) every 3 s (the spec advises 3 to 5), since a team server
// sends no events (§6). The jobs to poll are the queue rows waiting (`submitted`) on a job this
// machine's ledger does not have; a row's job ending hands the row its outcome, and a finished
// episode is kept in the local cache and library (runItem.ts keepRemoteEpisode). Cards live in
// memory: after a restart they come back at the first poll of the rows still waiting.
import type { JobRecord } from '#shared/contract/api/index';
import type { PodcastJob } from '#shared/contract/podcast';
import type { QueueItem } from '#shared/contract/queue';
import { podcastPrice } from '#service/billing';
import { CoalescedRuns } from '../coalescedRuns';
import type { DeskDeps } from '../deps';
import type { DeskEvents } from '../events';
import { keepRemoteEpisode } from '../queue/runItem';
import type { DeskClient } from '../teamServer';

export const REMOTE_JOB_POLL_MS = 3000;

export interface RemoteJobOptions {
  deps: DeskDeps;
  events: DeskEvents;
  client: () => Promise<DeskClient>;
  pollMs?: number;
  /** Queue items whose job ended were updated. */
  onItemsChanged: (ids: string[]) => void;
  onBalance: (credits: number, plan: string) => void;
}

const iso = (value: string | null) => (value === null ? null : Date.parse(value));

/** A record as its card shows it. What a team server reserved is not in its REST answers: the card shows the price its length comes to. */
function cardOf(record: JobRecord, item: QueueItem, before: PodcastJob | undefined): PodcastJob {
  const key = item.canonicalKey ?? item.url;
  if (record.status === 'failed') {
    const episode = before?.episode ?? { key, title: item.title ?? item.url, showTitle: '', artworkUrl: '', durationSeconds: 0 };
    return { ...(before ?? { progress: { chunksDone: 0, chunksTotal: 0 }, createdAt: Date.now(), startedAt: null, episodesAhead: 0 }), jobId: record.jobId, status: 'failed', episode, completedAt: Date.now(), error: record.error, credits: { reserved: 0, refunded: 0, charged: 0 } };
  }
  const price = record.status === 'done' ? podcastPrice(record.episode.durationSeconds) : 0;
  const createdAt = iso(record.createdAt) ?? Date.now();
  return {
    jobId: record.jobId,
    status: record.status,
    progress: record.progress,
    episode: { key, ...record.episode },
    createdAt,
    // The REST record does not say when the episode's own work began: from the first chunk seen, else the submit.
    startedAt: before?.startedAt ?? (record.progress.chunksTotal > 0 ? Date.now() : null),
    episodesAhead: 0,
    completedAt: iso(record.completedAt),
    error: null,
    credits: { reserved: price, refunded: 0, charged: price },
  };
}

const signature = (job: PodcastJob) => `${job.status}:${job.progress.chunksDone}/${job.progress.chunksTotal}:${job.episode.title}`;

export class RemoteJobWatcher {
  private readonly cards = new Map<string, PodcastJob>();
  private timer: NodeJS.Timeout | undefined;
  private readonly polls = new CoalescedRuns(
    () => this.pollOnce(),
    (error) => console.error('transcript-desk: polling the team server’s podcast jobs failed:', error),
  );

  constructor(private readonly options: RemoteJobOptions) {}

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? REMOTE_JOB_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  poll(): Promise<void> {
    return this.polls.request();
  }

  /** The team server's jobs as cards, newest first (podcast.list adds them to this machine's). */
  list(): PodcastJob[] {
    return [...this.cards.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  private async pollOnce(): Promise<void> {
    const { deps, events } = this.options;
    const client = await this.options.client();
    const waiting = (await Promise.all((await deps.store.queue.idsWithStatus(['submitted'])).map((id) => deps.store.queue.get(id)))).filter((item): item is QueueItem & { jobId: string } => item?.jobId != null);
    const remote: (QueueItem & { jobId: string })[] = [];
    for (const item of waiting) if ((await deps.store.podcastJobs.get(item.jobId, deps.owner.accountId)) === undefined) remote.push(item);
    // Without a team server (switched off meanwhile) nobody can answer for these jobs: they wait until it is set again.
    if (remote.length === 0 || client.server === null) return;
    const admitted = await client.core.admitKey(client.key, 'desk');
    if (!admitted.ok) return;
    const changed: string[] = [];
    for (const item of remote) {
      const polled = await client.core.job(admitted.caller, item.jobId);
      if (polled.kind === 'refused') {
        // 404: this team server does not know the job (another server, or another key): the row says so.
        if (polled.status === 404) {
          await deps.store.queue.update(item.id, { status: 'failed', error: polled.error, message: `The team server ${client.server} does not know job ${item.jobId} (was the team server or its key changed?)`, credits: 0 });
          changed.push(item.id);
        }
        continue;
      }
      const before = this.cards.get(item.jobId);
      const card = cardOf(polled.record, item, before);
      this.cards.set(item.jobId, card);
      if (before === undefined || signature(before) !== signature(card)) events.emit('job.progress', card);
      if (polled.record.status === 'processing') continue;
      if (polled.record.status === 'done') {
        const transcript = await keepRemoteEpisode(deps, { canonicalKey: item.canonicalKey ?? item.url, normalizedUrl: item.url }, polled.record);
        await deps.store.queue.update(item.id, { status: 'done', title: polled.record.episode.title, credits: card.credits.charged, transcript, message: `Transcribed on the team server ${client.server}` });
        this.options.onBalance(polled.record.credits, admitted.caller.plan);
      } else {
        await deps.store.queue.update(item.id, { status: 'failed', error: 'Transcription failed', message: `${polled.record.error.message} (the team server refunds its reservation)`, credits: 0 });
      }
      changed.push(item.id);
    }
    if (changed.length > 0) {
      this.options.onItemsChanged(changed);
      events.emitSoon('library.changed', {});
    }
  }
}
