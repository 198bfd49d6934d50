// How the podcast job cards are shown: which ones the user dismissed and whether the list is
// expanded. View state only (the jobs themselves stay on the server, and the queue rows keep their
// outcome); kept in localStorage so that a reload does not bring dismissed cards back.
import { create } from 'zustand';
import type { PodcastJob } from '#shared/contract/podcast';

const STORAGE_KEY = 'transcript-desk.job-cards';

/** Up to this many cards show in full; past it they fold into a one-line summary (expandable). */
export const CARDS_SHOWN_IN_FULL = 2;

interface Saved {
  dismissed: string[];
  expanded: boolean;
}

function loadSaved(): Saved {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Saved> | null;
    return { dismissed: Array.isArray(parsed?.dismissed) ? parsed.dismissed.filter((id) => typeof id === 'string') : [], expanded: parsed?.expanded === true };
  } catch {
    return { dismissed: [], expanded: false };
  }
}

function save(saved: Saved): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the choice lasts until the page reloads.
  }
}

interface CardsView extends Saved {
  dismiss: (jobId: string) => void;
  setExpanded: (expanded: boolean) => void;
}

export const useCardsView = create<CardsView>()((set, get) => ({
  ...loadSaved(),
  dismiss(jobId) {
    // Only the last few hundred ids are worth keeping: older jobs are long gone from the list.
    const dismissed = [...get().dismissed.filter((id) => id !== jobId), jobId].slice(-500);
    set({ dismissed });
    save({ dismissed, expanded: get().expanded });
  },
  setExpanded(expanded) {
    set({ expanded });
    save({ dismissed: get().dismissed, expanded });
  },
}));

/** A job that has ended (done, or failed: cancelled is a failure with its refund) can be dismissed; a running one cannot. */
export const canDismiss = (job: PodcastJob) => job.status !== 'processing';

/** "4 podcast jobs · 1 running · 2 done · 1 failed": the collapsed list's one line. */
export function cardsSummary(jobs: readonly PodcastJob[]): string {
  const count = (status: PodcastJob['status']) => jobs.filter((j) => j.status === status).length;
  const parts = [`${jobs.length} podcast ${jobs.length === 1 ? 'job' : 'jobs'}`];
  const running = count('processing');
  const done = count('done');
  const failed = count('failed');
  if (running > 0) parts.push(`${running} running`);
  if (done > 0) parts.push(`${done} done`);
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.join(' · ');
}
