// Podcast jobs, newest first, as the cards show them.
import { create } from 'zustand';
import type { PodcastJob } from '#shared/contract/podcast';
import { latestPerEpisode } from '#shared/podcastCards';
import { desk } from '../lib/desk';
import { replayHolding } from '../lib/loadWithReplay';

interface JobsStore {
  jobs: PodcastJob[];
  load: () => Promise<void>;
  upsert: (job: PodcastJob) => void;
}

/** Job updates that arrive while the list is loading are replayed on top of it (lib/loadWithReplay.ts). */
const holding = replayHolding<PodcastJob>();

export const useJobs = create<JobsStore>()((set, get) => ({
  jobs: [],
  load: () =>
    holding.loadWithReplay(
      async () => {
        const { jobs } = await desk().invoke('podcast.list', {});
        set({ jobs: latestPerEpisode(jobs) });
      },
      (job) => get().upsert(job),
    ),
  upsert(job) {
    if (holding.hold(job)) return;
    const others = get().jobs.filter((j) => j.jobId !== job.jobId);
    set({ jobs: latestPerEpisode([job, ...others]) });
  },
}));
