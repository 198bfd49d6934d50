// The items of a source, virtualized like the queue: a feed of 3,050 episodes renders only the
// rows on screen. Each row: its tick (changing one makes the selection a hand selection), title,
// date, length, and whether the library has it already.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { SourceItem } from '#shared/contract/sources';
import { clock } from '../../lib/format';

const ROW_HEIGHT = 40;

const shortDate = (ms: number) => new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function SourceItemList({ items, chosen, onTick }: { items: readonly SourceItem[]; chosen: ReadonlySet<string>; onTick: (url: string, on: boolean) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  return (
    <div ref={scroller} className="source-items" role="list" aria-label="Items of the source" data-testid="source-items">
      <div className="source-canvas" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return <SourceItemRow key={item.url} item={item} position={row.index + 1} size={items.length} top={row.start} ticked={chosen.has(item.url)} onTick={onTick} />;
        })}
      </div>
    </div>
  );
}

const SourceItemRow = memo(function SourceItemRow({ item, position, size, top, ticked, onTick }: { item: SourceItem; position: number; size: number; top: number; ticked: boolean; onTick: (url: string, on: boolean) => void }) {
  const id = `source-item-${position}`;
  return (
    <div className={ticked ? 'source-item source-item-chosen' : 'source-item'} role="listitem" aria-posinset={position} aria-setsize={size} style={{ transform: `translateY(${top}px)` }} data-testid="source-item" data-url={item.url} data-chosen={ticked}>
      <input id={id} type="checkbox" checked={ticked} onChange={(e) => onTick(item.url, e.target.checked)} />
      <label htmlFor={id} className="source-item-title" title={item.title}>
        {item.title}
      </label>
      <span className="source-item-date">{item.publishedAt === null ? '' : shortDate(item.publishedAt)}</span>
      <span className="source-item-length">{item.durationSeconds === null ? '' : clock(item.durationSeconds * 1000)}</span>
      <span className="source-item-library">{item.inLibrary && <span className="tag">In library</span>}</span>
    </div>
  );
});
