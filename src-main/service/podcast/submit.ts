// POST /api/podcast/transcript after the URL rules and the plan check (spec §3, §4.2): dedupe by
// episode across accounts, then resolve, reserve and queue. Decisions (README "Decisions"):
// - an episode already done is free like a cache hit: 200 with the finished record, `deduped: true`,
//   and a job for the caller (reserving nothing) so the record can be fetched again by its jobId;
// - a submit while the episode is being worked on joins that work with a job that reserves and pays
//   nothing (it causes no extra work); the same account submitting again gets its own job back;
// - an empty account gets 403 before any of this, as on the synchronous endpoints.
import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import { podcastPrice } from '../billing';
import { refused, type PodcastOutcome } from '../core/outcomes';
import type { EpisodeFacts, StartResult, Store } from '../store/port';
import type { UpstreamClient } from '../upstream/client';
import { jobRecord } from './jobRecord';
import { resolveFeedEpisode } from './feedEpisode';
import { LookupCache, resolveEpisode } from './resolve';
import type { PodcastCaller, PodcastSubmitter } from './submitter';

/**
 * Who works on episodes: this process's runner (runner.ts) or a team server's queue
 * (service/cluster). `start` reserves and starts the work in one step (the queue's job is sent in
 * the reservation's transaction); `poke` makes sure an episode already processing is being worked on.
 */
export interface EpisodeWorkers {
  start(accountId: number, facts: EpisodeFacts, price: number): Promise<StartResult>;
  poke(key: string): void;
}

export interface SubmitDeps {
  store: Store;
  upstream: UpstreamClient;
  workers: EpisodeWorkers;
}

const accepted = (jobId: string): PodcastOutcome => ({ kind: 'accepted', jobId });

export function podcastSubmitter(deps: SubmitDeps): PodcastSubmitter {
  const { store } = deps;
  const work = store.podcastWork;
  // One per process: every submit of a show's episodes shares its lookup answer (resolve.ts).
  const lookups = new LookupCache();

  /** An episode someone else already started or finished: dedupe or join; undefined when there is none. */
  async function shared(accountId: number, key: string): Promise<PodcastOutcome | undefined> {
    const episode = await work.episode(key);
    if (episode?.status === 'done') {
      const jobId = (await work.jobOf(accountId, key, 'done')) ?? (await work.addFreeJob(accountId, key, 'done'));
      const view = await store.podcastJobs.get(jobId, accountId);
      if (view === undefined) return undefined;
      return { kind: 'deduped', jobId, record: jobRecord(view, await store.credits.balance(accountId)) };
    }
    if (episode?.status === 'processing') {
      const jobId = (await work.jobOf(accountId, key, 'processing')) ?? (await work.addFreeJob(accountId, key, 'processing'));
      // After a crash nobody may be working on it in this process yet.
      deps.workers.poke(key);
      return accepted(jobId);
    }
    return undefined;
  }

  return {
    async submit(caller: PodcastCaller, item: ParsedItem): Promise<PodcastOutcome> {
      const { accountId } = caller;
      const key = item.canonicalKey;
      const balance = await store.credits.balance(accountId);
      if (balance <= 0) return refused(403, ERROR_TEXT.noCredits, { message: 'This key has no credits left' });
      const known = await shared(accountId, key);
      if (known !== undefined) return known;

      let resolved: Awaited<ReturnType<typeof resolveEpisode>>;
      try {
        resolved = item.parts?.feedUrl === undefined ? await resolveEpisode({ upstream: deps.upstream, lookups }, item) : await resolveFeedEpisode(deps.upstream, item);
      } catch (error) {
        // A bug while reading what Apple or the feed sent: the caller gets a 502, never a 500.
        return refused(502, ERROR_TEXT.upstream, { message: `The episode could not be resolved: ${error instanceof Error ? error.message : String(error)}` });
      }
      if (!resolved.ok) {
        const { status, error, message, code, retryAfterMs } = resolved.failure;
        return refused(status, error, { message, ...(code === undefined ? {} : { code }), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
      }
      const { facts } = resolved;
      const price = podcastPrice(facts.durationSeconds);
      const started = await deps.workers.start(accountId, facts, price);
      if (started.ok) return accepted(started.jobId);
      if (started.reason === 'exists') return (await shared(accountId, key)) ?? refused(409, 'Conflict', { message: 'The episode changed state while it was submitted; submit it again' });
      const minutes = Math.round(facts.durationSeconds / 60);
      return refused(403, ERROR_TEXT.noCredits, {
        message: `This episode${minutes > 0 ? ` (about ${minutes} min)` : ''} needs ${price} credits reserved; this key has ${started.balance}`,
      });
    },
  };
}
