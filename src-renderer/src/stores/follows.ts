// Follows as the Follows view and the header's badge show them: loaded with follows.list, kept
// current by the 'follows.changed' event and by the answers of the view's own actions.
import { create } from 'zustand';
import type { Follow } from '#shared/contract/sources';
import { desk } from '../lib/desk';
import { replayHolding } from '../lib/loadWithReplay';

interface FollowsChange {
  upserted: readonly Follow[];
  removed: readonly string[];
}

/** The follow form (features/follows/FollowDialog.tsx): a new follow of `url`, or a follow's settings. */
export type FollowForm = { mode: 'add'; url: string } | { mode: 'edit'; id: string };

interface FollowsStore {
  follows: Follow[];
  loaded: boolean;
  form: FollowForm | null;
  load: () => Promise<void>;
  applyChanged: (upserted: readonly Follow[], removed: readonly string[]) => void;
  openForm: (form: FollowForm) => void;
  closeForm: () => void;
}

/** Oldest follow first: a follow keeps its place while its status changes. */
const inAddedOrder = (follows: Follow[]) => follows.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Changes that arrive while the list loads are replayed on top of it (lib/loadWithReplay.ts). */
const holding = replayHolding<FollowsChange>();

export const useFollows = create<FollowsStore>()((set, get) => ({
  follows: [],
  loaded: false,
  form: null,
  load: () =>
    holding.loadWithReplay(
      async () => {
        const { follows } = await desk().invoke('follows.list', {});
        set({ follows: inAddedOrder([...follows]), loaded: true });
      },
      ({ upserted, removed }) => get().applyChanged(upserted, removed),
    ),
  applyChanged(upserted, removed) {
    if (holding.hold({ upserted, removed })) return;
    if (upserted.length === 0 && removed.length === 0) return;
    const byId = new Map(get().follows.map((f) => [f.id, f]));
    for (const follow of upserted) byId.set(follow.id, follow);
    for (const id of removed) byId.delete(id);
    set({ follows: inAddedOrder([...byId.values()]) });
  },
  openForm: (form) => set({ form }),
  closeForm: () => set({ form: null }),
}));

/** The header's badge: new transcripts of every follow since the person last looked. */
export const unseenTotal = (s: { follows: readonly Follow[] }): number => s.follows.reduce((sum, f) => sum + f.unseen, 0);
