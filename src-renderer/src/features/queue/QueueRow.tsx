// One queue item: platform, title or id, status with the spec's text, credits, actions.
import { memo } from 'react';
import type { QueueItem } from '#shared/contract/queue';
import { PLATFORMS } from '#shared/platforms';
import { PlatformIcon } from '../../components/PlatformIcon';
import { removeRows, retryRow } from '../../lib/queueActions';
import { useQueue } from '../../stores/queue';
import { useViewer } from '../../stores/viewer';
import { remedyOf, withoutCliCommands } from './remedies';
import { RowRemedy } from './RowRemedy';
import { plainError } from './plainError';
import { RowDetail } from './RowDetail';

export const STATUS_LABEL: Record<QueueItem['status'], string> = {
  invalid: 'Invalid',
  queued: 'Queued',
  running: 'Fetching',
  done: 'Done',
  cached: 'Cached',
  empty: 'No speech',
  failed: 'Failed',
  submitted: 'Transcribing',
};

/** A queued row whose site is rate-limiting this machine: it waits for the site, it has not failed. */
const waitingFor = (item: QueueItem) => (item.platform === null ? 'the site' : PLATFORMS[item.platform].uiName);

function detail(item: QueueItem): string {
  switch (item.status) {
    case 'invalid':
    case 'failed':
      return plainError(item);
    case 'cached':
      return 'From the cache, free';
    case 'empty':
      return item.message ?? 'The video has no captions of its speech';
    case 'submitted':
      return 'Podcast job running: see its card';
    case 'done':
    case 'queued':
    case 'running':
      return item.url;
  }
}

/** `rowIndex` is 1-based in the whole queue: the grid renders only the rows on screen, so each says where it stands (aria-rowindex). */
export const QueueRow = memo(function QueueRow({ item, rowIndex, selected, onToggle }: { item: QueueItem; rowIndex: number; selected: boolean; onToggle: (id: string) => void }) {
  const openViewer = useViewer((s) => s.open);
  const name = item.title ?? (item.platform === null ? item.url : `${PLATFORMS[item.platform].uiName} ${item.itemId ?? ''}`);
  const ref = item.transcript;
  const canOpen = ref !== null && (item.status === 'done' || item.status === 'cached' || item.status === 'empty');
  // The row of a site that rate-limits us (the runner holds that site's rows until its Retry-After).
  const siteWait = useQueue((s) => (item.status === 'queued' ? s.state.siteWaits?.find((w) => w.platform === item.platform) : undefined));
  const text = siteWait === undefined ? withoutCliCommands(detail(item)) : `Waiting for ${waitingFor(item)}: it is rate-limiting this machine`;
  return (
    <div className={`queue-row status-${item.status}`} data-testid="queue-row" data-status={item.status} data-url={item.url} role="row" aria-rowindex={rowIndex} aria-selected={selected}>
      <span role="gridcell" className="cell-check">
        <input type="checkbox" aria-label={`Select ${name}`} checked={selected} onChange={() => onToggle(item.id)} />
      </span>
      <span role="gridcell" className="cell-icon">
        <PlatformIcon platform={item.platform} />
      </span>
      <span role="gridcell" className={remedyOf(item) === null ? 'cell-main' : 'cell-main has-remedy'}>
        <span className="row-title" title={name}>
          {name}
        </span>
        <RowDetail item={item} text={text} />
        <RowRemedy item={item} />
      </span>
      <span role="gridcell" className="cell-count">
        {item.count > 1 && (
          <span className="count-badge" title={`Dropped ${item.count} times; fetched once`}>
            ×{item.count}
          </span>
        )}
      </span>
      <span role="gridcell" className="cell-status">
        <span className={`status-badge badge-${item.status}`} data-testid="row-status">
          {item.status === 'running' && <span className="spinner" aria-hidden="true" />}
          {siteWait === undefined ? STATUS_LABEL[item.status] : 'Waiting'}
        </span>
      </span>
      <span role="gridcell" className="cell-credits" title="Credits this item cost">
        {item.credits > 0 ? `${item.credits} cr` : item.status === 'queued' || item.status === 'invalid' ? '' : '0 cr'}
      </span>
      <span role="gridcell" className="cell-actions">
        {canOpen && (
          <button type="button" className="button small" onClick={() => void openViewer(ref)}>
            Open
          </button>
        )}
        {item.status === 'failed' && (
          <button type="button" className="button small" onClick={() => void retryRow(item.id)}>
            Retry
          </button>
        )}
        <button type="button" className="icon-button" aria-label={`Remove ${name}`} title="Remove" onClick={() => void removeRows([item.id])}>
          ✕
        </button>
      </span>
    </div>
  );
});
