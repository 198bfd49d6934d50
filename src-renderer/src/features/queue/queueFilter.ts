// Which rows the queue list shows: all, or those of one state. Kept apart from the queue store: it
// is a view choice, not queue data.
import { create } from 'zustand';
import type { QueueStatus } from '#shared/contract/queue';

export const QUEUE_FILTERS = ['all', 'running', 'queued', 'failed', 'done'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** Running: fetching now or a podcast job transcribing; failed includes refused links; done includes cached and no-speech rows. */
const STATUSES: Record<Exclude<QueueFilter, 'all'>, readonly QueueStatus[]> = {
  running: ['running', 'submitted'],
  queued: ['queued'],
  failed: ['failed', 'invalid'],
  done: ['done', 'cached', 'empty'],
};

export const FILTER_LABEL: Record<QueueFilter, string> = { all: 'All', running: 'Running', queued: 'Queued', failed: 'Failed', done: 'Done' };

export function matchesFilter(filter: QueueFilter, status: QueueStatus): boolean {
  return filter === 'all' || STATUSES[filter].includes(status);
}

export const useQueueFilter = create<{ filter: QueueFilter; setFilter: (filter: QueueFilter) => void }>()((set) => ({
  filter: 'all',
  setFilter: (filter) => set({ filter }),
}));
