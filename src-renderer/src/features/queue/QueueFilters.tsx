// Status filters over the queue list, each with its count.
import { useMemo } from 'react';
import { num } from '../../lib/format';
import type { QueueStatus } from '#shared/contract/queue';
import { countByStatus, useQueue } from '../../stores/queue';
import { FILTER_LABEL, matchesFilter, QUEUE_FILTERS, useQueueFilter } from './queueFilter';

export function QueueFilters() {
  const items = useQueue((s) => s.items);
  const filter = useQueueFilter((s) => s.filter);
  const setFilter = useQueueFilter((s) => s.setFilter);
  // One pass over the rows, then per filter over the eight statuses: this runs on every row's change of a running batch.
  const counts = useMemo(() => {
    const byStatus = Object.entries(countByStatus(items)) as [QueueStatus, number][];
    const byFilter = Object.fromEntries(QUEUE_FILTERS.map((f) => [f, 0])) as Record<(typeof QUEUE_FILTERS)[number], number>;
    for (const f of QUEUE_FILTERS) for (const [status, n] of byStatus) if (matchesFilter(f, status)) byFilter[f] += n;
    return byFilter;
  }, [items]);
  return (
    <div className="queue-filters" role="group" aria-label="Show rows">
      {QUEUE_FILTERS.map((f) => (
        <button key={f} type="button" className={f === filter ? 'filter-chip filter-current' : 'filter-chip'} aria-pressed={f === filter} onClick={() => setFilter(f)}>
          {FILTER_LABEL[f]} <span className="filter-count">{num(counts[f])}</span>
        </button>
      ))}
    </div>
  );
}
