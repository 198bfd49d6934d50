// The transcript viewer: which transcript is open.
import { create } from 'zustand';
import type { TranscriptRef, TranscriptView } from '#shared/contract/transcript';
import { desk } from '../lib/desk';
import { deskErrorOf } from '#shared/contract/result';

interface ViewerStore {
  ref: TranscriptRef | null;
  view: TranscriptView | null;
  error: string | null;
  loading: boolean;
  open: (ref: TranscriptRef) => Promise<void>;
  close: () => void;
}

export const useViewer = create<ViewerStore>()((set, get) => ({
  ref: null,
  view: null,
  error: null,
  loading: false,
  async open(ref) {
    set({ ref, view: null, error: null, loading: true });
    try {
      const view = await desk().invoke('transcript.get', { ref });
      if (get().ref === ref) set({ view, loading: false });
    } catch (error) {
      if (get().ref === ref) set({ error: deskErrorOf(error).message, loading: false });
    }
  },
  close: () => set({ ref: null, view: null, error: null, loading: false }),
}));
