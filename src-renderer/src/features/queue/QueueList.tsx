// The queue, virtualized: only the rows on screen exist, so 10,000 items scroll like 10.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef } from 'react';
import { useQueue } from '../../stores/queue';
import { matchesFilter, useQueueFilter } from './queueFilter';
import { QueueRow } from './QueueRow';

export const ROW_HEIGHT = 56;

export function QueueList() {
  const allRows = useQueue((s) => s.order);
  const items = useQueue((s) => s.items);
  const filter = useQueueFilter((s) => s.filter);
  const order = useMemo(() => (filter === 'all' ? allRows : allRows.filter((id) => matchesFilter(filter, items.get(id)?.status ?? 'queued'))), [allRows, items, filter]);
  const selected = useQueue((s) => s.selected);
  const toggle = useQueue((s) => s.toggle);
  const onToggle = useCallback((id: string) => toggle(id), [toggle]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: order.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  return (
    <div ref={scroller} className="queue-scroller" role="grid" aria-label="Queue" aria-rowcount={order.length} data-testid="queue-list">
      <div className="queue-canvas" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const id = order[row.index];
          const item = id === undefined ? undefined : items.get(id);
          if (item === undefined) return null;
          return (
            <div key={item.id} className="queue-slot" style={{ transform: `translateY(${row.start}px)` }}>
              <QueueRow item={item} rowIndex={row.index + 1} selected={selected.has(item.id)} onToggle={onToggle} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
