// A row's second line. A problem's text is often longer than the row: clicking it opens the whole
// sentence (and what the REST API answers) over the rows below; clicking again, Esc or moving
// focus away closes it. The list keeps its fixed row height, so scrolling stays smooth.
import { useState } from 'react';
import type { QueueItem } from '#shared/contract/queue';
import { technicalLine } from './plainError';

export function RowDetail({ item, text }: { item: QueueItem; text: string }) {
  const [open, setOpen] = useState(false);
  const problem = item.status === 'failed' || item.status === 'invalid';
  if (!problem) {
    return (
      <span className="row-detail" title={text} data-testid="row-detail">
        {text}
      </span>
    );
  }
  const technical = technicalLine(item);
  return (
    <>
      <button
        type="button"
        className="row-detail row-problem row-detail-toggle"
        aria-expanded={open}
        title="Show the whole message"
        data-testid="row-detail"
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        onBlur={() => setOpen(false)}
      >
        {text}
      </button>
      {open && (
        <span className="row-detail-full" role="note" data-testid="row-detail-full">
          {text}
          {technical !== null && <small>{technical}</small>}
        </span>
      )}
    </>
  );
}
