// Adding links to the queue from anywhere (drop, paste box, paste anywhere, file picker), with a
// summary of what happened to them.
import { useCallback } from 'react';
import { useApp } from '../../stores/app';
import { useQueue } from '../../stores/queue';
import { plural } from '../../lib/format';
import { refusedWhileOffline } from '../../lib/offline';
import { describeMalformed } from '../../../../src-shared/queue/malformed';
import type { DropResult } from './readDrop';

export function useIntake(): (result: DropResult) => void {
  return useCallback((result: DropResult) => {
    const notify = useApp.getState().notify;
    for (const refusal of result.refused) notify('error', refusal);
    const malformed = describeMalformed(result.malformed ?? []);
    if (result.urls.length === 0) {
      if (malformed !== null) notify('error', `No links added: ${malformed}`);
      else if (result.refused.length === 0) notify('error', 'No links found in what was dropped or pasted');
      return;
    }
    if (refusedWhileOffline(`${plural(result.urls.length, 'link')} not added`)) return;
    performance.mark('intake-start');
    const summary = useQueue.getState().intake(result.urls);
    const parts = [`${plural(summary.added, 'new item')}`];
    if (summary.invalid > 0) parts.push(`${summary.invalid} invalid`);
    if (summary.folded > 0) parts.push(`${plural(summary.folded, 'duplicate')} folded`);
    notify('info', `${plural(summary.links, 'link')}: ${parts.join(', ')}${malformed === null ? '' : `. ${malformed}`}`);
  }, []);
}
