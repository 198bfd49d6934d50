// The transcript viewer: which transcript is open.
import { create } from 'zustand';
import type { TranscriptRef, TranscriptView } from '#shared/contract/transcript';
import { desk } from '../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { useApp } from './app';

interface ViewerStore {
  ref: TranscriptRef | null;
  view: TranscriptView | null;
  error: string | null;
  loading: boolean;
  /** The segment to show and mark when the transcript opens (a citation's); null: the top. */
  at: number | null;
  open: (ref: TranscriptRef, atSegment?: number) => Promise<void>;
  /** The open YouTube video's track in `lang`, or YouTube's machine translation into it (charged as a fetch; free when cached). */
  switchTrack: (lang: string) => Promise<void>;
  /** A track switch is being fetched. */
  switching: boolean;
  close: () => void;
}

export const useViewer = create<ViewerStore>()((set, get) => ({
  ref: null,
  view: null,
  error: null,
  loading: false,
  at: null,
  async open(ref, atSegment) {
    set({ ref, view: null, error: null, loading: true, at: atSegment ?? null });
    try {
      const view = await desk().invoke('transcript.get', { ref });
      if (get().ref === ref) set({ view, loading: false });
    } catch (error) {
      if (get().ref === ref) set({ error: deskErrorOf(error).message, loading: false });
    }
  },
  switching: false,
  async switchTrack(lang) {
    const { ref } = get();
    if (ref === null) return;
    set({ switching: true });
    try {
      const { transcript, charged } = await desk().invoke('transcript.switchTrack', { ref, lang });
      if (get().ref !== ref) return;
      set({ ref: transcript.ref, view: transcript, error: null, switching: false });
      useApp.getState().notify('info', charged > 0 ? `Fetched the ${lang} track for ${charged} credit${charged === 1 ? '' : 's'}` : `Opened the ${lang} track (already fetched: free)`);
    } catch (error) {
      set({ switching: false });
      useApp.getState().notify('error', deskErrorOf(error).message);
    }
  },
  close: () => set({ ref: null, view: null, error: null, loading: false, switching: false, at: null }),
}));
