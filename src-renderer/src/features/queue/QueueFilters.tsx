// Status filters over the queue list, each with its count.
import { useMemo } from 'react';
import { num } from '../../lib/format';
import { useQueue } from '../../stores/queue';
import { FILTER_LABEL, matchesFilter, QUEUE_FILTERS, useQueueFilter } from './queueFilter';

export function QueueFilters() {
  const items = useQueue((s) => s.items);
  const filter = useQueueFilter((s) => s.filter);
  const setFilter = useQueueFilter((s) => s.setFilter);
  const counts = useMemo(() => {
    const byFilter = Object.fromEntries(QUEUE_FILTERS.map((f) => [f, 0])) as Record<(typeof QUEUE_FILTERS)[number], number>;
    for (const item of items.values()) for (const f of QUEUE_FILTERS) if (matchesFilter(f, item.status)) byFilter[f]++;
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
