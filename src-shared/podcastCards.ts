// Podcast job cards are per episode: retrying a failed episode makes a new job (a new reservation,
// a new job record, as the spec's submit does), and its card takes the place of the failed one.
import type { PodcastJob } from './contract/podcast';

/** The newest job of each episode, newest first. */
export function latestPerEpisode(jobs: readonly PodcastJob[]): PodcastJob[] {
  const newest = new Map<string, PodcastJob>();
  for (const job of jobs) {
    const held = newest.get(job.episode.key);
    if (held === undefined || job.createdAt > held.createdAt) newest.set(job.episode.key, job);
  }
  return [...newest.values()].sort((a, b) => b.createdAt - a.createdAt);
}
