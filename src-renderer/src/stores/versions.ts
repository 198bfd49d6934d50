// The open transcript's versions (the viewer's versions panel): the list, which one the viewer
// shows, the line being edited, and what is running. The desk keeps the versions; this keeps what
// the person is looking at. Opening the viewer shows the export version: what they made last.
import { create } from 'zustand';
import type { TranscriptRef } from '#shared/contract/transcript';
import type { VersionContent, VersionsView } from '#shared/contract/versions';

interface VersionsStore {
  ref: TranscriptRef | null;
  view: VersionsView | null;
  /** The version the viewer shows; null while it shows the original. */
  shown: VersionContent | null;
  /** The line (segment index) whose editor is open. */
  editing: number | null;
  /** What runs now, said in the panel ("Transcribing again…"); null when idle. */
  busy: string | null;
  reset: (ref: TranscriptRef | null) => void;
  set: (change: Partial<Omit<VersionsStore, 'reset' | 'set'>>) => void;
}

export const useVersions = create<VersionsStore>()((set) => ({
  ref: null,
  view: null,
  shown: null,
  editing: null,
  busy: null,
  reset: (ref) => set({ ref, view: null, shown: null, editing: null, busy: null }),
  set: (change) => set(change),
}));
