// Podcast jobs for a caller (spec §4.2, §4.3): the plan check, then the submitter; a job's record.
import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import type { Plan, Store } from '../store/port';
import { jobRecord } from '../podcast/jobRecord';
import type { PodcastSubmitter } from '../podcast/submitter';
import type { Caller } from './caller';
import { refused, type JobOutcome, type PodcastOutcome } from './outcomes';

const PODCAST_PLANS: ReadonlySet<Plan> = new Set(['plus', 'pro']);

/** An episode URL that passed the podcast URL rules: the plan check, then the job runner. */
export function submitPodcast(submitter: PodcastSubmitter, caller: Caller, item: ParsedItem): Promise<PodcastOutcome> {
  if (!PODCAST_PLANS.has(caller.plan)) {
    return Promise.resolve(refused(402, ERROR_TEXT.upgradeRequired, { message: `Podcast transcription needs the plus or pro plan; this key is on ${caller.plan}` }));
  }
  return submitter.submit({ accountId: caller.accountId }, item);
}

/** Another account's job is not found, like an unknown one. */
export async function job(store: Store, caller: Caller, jobId: string): Promise<JobOutcome> {
  const view = await store.podcastJobs.get(jobId, caller.accountId);
  if (view === undefined) return refused(404, ERROR_TEXT.jobNotFound);
  return { kind: 'found', record: jobRecord(view, await store.credits.balance(caller.accountId)) };
}
