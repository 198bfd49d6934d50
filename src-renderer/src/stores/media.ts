// Local media jobs (audio and video files on this machine), in the order they run, as the media
// cards show them: loaded with media.list, then kept current by the 'media.changed' event.
import { create } from 'zustand';
import type { MediaJob } from '#shared/contract/media';
import { desk } from '../lib/desk';
import { replayHolding } from '../lib/loadWithReplay';

interface MediaChange {
  upserted: MediaJob[];
  removed: string[];
}

interface MediaStore {
  jobs: MediaJob[];
  load: () => Promise<void>;
  applyChanged: (upserted: MediaJob[], removed: string[]) => void;
}

/** Oldest first: the runner takes files in the order they came, so the card at the top is the one working. */
const inRunOrder = (jobs: MediaJob[]) => jobs.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Changes that arrive while the list loads are replayed on top of it (lib/loadWithReplay.ts). */
const holding = replayHolding<MediaChange>();

export const useMedia = create<MediaStore>()((set, get) => ({
  jobs: [],
  load: () =>
    holding.loadWithReplay(
      async () => {
        const { jobs } = await desk().invoke('media.list', {});
        set({ jobs: inRunOrder([...jobs]) });
      },
      ({ upserted, removed }) => get().applyChanged(upserted, removed),
    ),
  applyChanged(upserted, removed) {
    if (holding.hold({ upserted, removed })) return;
    if (upserted.length === 0 && removed.length === 0) return;
    const byId = new Map(get().jobs.map((job) => [job.id, job]));
    for (const job of upserted) byId.set(job.id, job);
    for (const id of removed) byId.delete(id);
    set({ jobs: inRunOrder([...byId.values()]) });
  },
}));
