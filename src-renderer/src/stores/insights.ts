// The open transcript's summary and chapters (the viewer's "Summary & chapters" panel): what the
// desk has stored, whether a model is set up, and what runs now. Loading never sends anything
// (`insights.get`); only the panel's buttons do (`insights.make`), after saying where to.
import { create } from 'zustand';
import type { InsightsView } from '#shared/contract/insights';
import type { TranscriptRef } from '#shared/contract/transcript';
import { deskErrorOf } from '#shared/contract/result';
import { desk } from '../lib/desk';

export type InsightTask = 'summary' | 'chapters';

interface InsightsStore {
  ref: TranscriptRef | null;
  view: InsightsView | null;
  /** What is being made; null when idle. */
  busy: InsightTask | null;
  /** Why the last load or request failed, in the desk's words. */
  error: string | null;
  /** Said with chapters just made (the creator's could not be read). */
  note: string | null;
  load: (ref: TranscriptRef) => Promise<void>;
  /** Asks for `ref`'s summary or chapters: the panel names its transcript, so a click never acts on one opened before. */
  make: (ref: TranscriptRef, what: InsightTask, refresh: boolean) => Promise<void>;
}

export const useInsights = create<InsightsStore>()((set, get) => ({
  ref: null,
  view: null,
  busy: null,
  error: null,
  note: null,
  load: async (ref) => {
    set({ ref, view: null, busy: null, error: null, note: null });
    try {
      const view = await desk().invoke('insights.get', { ref });
      if (get().ref === ref) set({ view });
    } catch (error) {
      if (get().ref === ref) set({ error: deskErrorOf(error).message });
    }
  },
  make: async (ref, what, refresh) => {
    if (get().ref !== ref || get().busy !== null) return;
    set({ busy: what, error: null, note: null });
    try {
      const view = await desk().invoke('insights.make', { ref, what, refresh });
      // Only answers for the transcript still open are applied (the person may have opened another).
      if (get().ref === ref) set({ view, busy: null, note: what === 'chapters' ? (view.chapters?.note ?? null) : null });
    } catch (error) {
      if (get().ref === ref) set({ busy: null, error: deskErrorOf(error).message });
    }
  },
}));
