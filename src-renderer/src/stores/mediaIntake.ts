// What happened to the audio and video files handed to the desk: uploads under way (browser
// build), the files that became jobs, the ones refused and why, and dropped folders waiting for a
// yes (desktop app). Kept on screen until dismissed, unlike a notice: a refusal among many files
// must stay readable while the others run.
import { create } from 'zustand';
import type { MediaIntake } from '#shared/contract/media';

export interface Upload {
  id: number;
  name: string;
  /** Its bytes are on their way (files of one drop go one after another). */
  sending: boolean;
  /** Bytes sent so far, of `total`. */
  loaded: number;
  total: number;
}

export interface Refusal {
  name: string;
  reason: string;
}

export type PendingFolder = MediaIntake['folders'][number];

export interface IntakeReport {
  /** Names of the files that became media jobs. */
  added: string[];
  refused: Refusal[];
}

interface MediaIntakeStore {
  uploads: Upload[];
  /** The latest intake's outcome; null when there is nothing to say (or it was dismissed). */
  report: IntakeReport | null;
  folders: PendingFolder[];
  /** A new drop or pick: its outcome starts a new report, unless uploads of an earlier one still run (it joins that one). */
  begin: () => void;
  /** The desk's answer for some files: jobs and refusals go into the report, folders wait for a yes. */
  take: (intake: MediaIntake) => void;
  refuse: (refusals: readonly Refusal[]) => void;
  startUpload: (name: string, total: number) => number;
  /** Bytes sent of an upload (0 as it starts). */
  progress: (id: number, loaded: number) => void;
  endUpload: (id: number) => void;
  dropFolder: (path: string) => void;
  dismissReport: () => void;
}

let nextUpload = 1;

export const useMediaIntake = create<MediaIntakeStore>()((set, get) => ({
  uploads: [],
  report: null,
  folders: [],
  begin() {
    if (get().uploads.length === 0) set({ report: null });
  },
  take(intake) {
    const report = get().report ?? { added: [], refused: [] };
    const added = intake.files.filter((f) => f.jobId !== null).map((f) => f.name);
    const refused = intake.files.filter((f) => f.jobId === null).map((f) => ({ name: f.name, reason: f.error ?? 'The file was not added' }));
    const known = new Set(get().folders.map((f) => f.path));
    set({
      report: added.length + refused.length === 0 ? get().report : { added: [...report.added, ...added], refused: [...report.refused, ...refused] },
      folders: [...get().folders, ...intake.folders.filter((f) => !known.has(f.path))],
    });
  },
  refuse(refusals) {
    if (refusals.length === 0) return;
    const report = get().report ?? { added: [], refused: [] };
    set({ report: { added: report.added, refused: [...report.refused, ...refusals] } });
  },
  startUpload(name, total) {
    const id = nextUpload++;
    set({ uploads: [...get().uploads, { id, name, sending: false, loaded: 0, total }] });
    return id;
  },
  progress(id, loaded) {
    set({ uploads: get().uploads.map((u) => (u.id === id ? { ...u, sending: true, loaded } : u)) });
  },
  endUpload(id) {
    set({ uploads: get().uploads.filter((u) => u.id !== id) });
  },
  dropFolder(path) {
    set({ folders: get().folders.filter((f) => f.path !== path) });
  },
  dismissReport: () => set({ report: null }),
}));
