// Podcast jobs, newest first, as the cards show them.
import { create } from 'zustand';
import type { PodcastJob } from '../../../src-shared/contract/podcast';
import { desk } from '../lib/desk';

interface JobsStore {
  jobs: PodcastJob[];
  load: () => Promise<void>;
  upsert: (job: PodcastJob) => void;
}

export const useJobs = create<JobsStore>()((set, get) => ({
  jobs: [],
  async load() {
    const { jobs } = await desk().invoke('podcast.list', {});
    set({ jobs });
  },
  upsert(job) {
    const others = get().jobs.filter((j) => j.jobId !== job.jobId);
    set({ jobs: [job, ...others].sort((a, b) => b.createdAt - a.createdAt) });
  },
}));
