// Podcast jobs, newest first, as the cards show them.
import { create } from 'zustand';
import type { PodcastJob } from '../../../src-shared/contract/podcast';
import { latestPerEpisode } from '../../../src-shared/podcastCards';
import { desk } from '../lib/desk';

interface JobsStore {
  jobs: PodcastJob[];
  load: () => Promise<void>;
  upsert: (job: PodcastJob) => void;
}

/** Job updates that arrive while the list is loading are replayed on top of it (as in the queue store). */
const holding: PodcastJob[][] = [];

export const useJobs = create<JobsStore>()((set, get) => ({
  jobs: [],
  async load() {
    const held: PodcastJob[] = [];
    holding.push(held);
    try {
      const { jobs } = await desk().invoke('podcast.list', {});
      set({ jobs: latestPerEpisode(jobs) });
    } finally {
      holding.splice(holding.indexOf(held), 1);
      for (const job of held) get().upsert(job);
    }
  },
  upsert(job) {
    if (holding.length > 0) {
      for (const held of holding) held.push(job);
      return;
    }
    const others = get().jobs.filter((j) => j.jobId !== job.jobId);
    set({ jobs: latestPerEpisode([job, ...others]) });
  },
}));
