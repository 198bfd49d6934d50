// Adding links to the queue from anywhere (drop, paste box, paste anywhere, file picker), with a
// summary of what happened to them.
import { useCallback } from 'react';
import { useApp } from '../../stores/app';
import { useQueue } from '../../stores/queue';
import { plural } from '../../lib/format';
import { NO_LINKS, summarizeIntake, type IntakeNotice } from '../../lib/intakeSummary';
import { refusedWhileOffline } from '../../lib/offline';
import type { DropResult } from './readDrop';

export function useIntake(): (result: DropResult) => void {
  return useCallback((result: DropResult) => {
    const notify = useApp.getState().notify;
    const say = (notice: IntakeNotice | null) => {
      if (notice !== null) notify(notice.kind, notice.text);
    };
    for (const refusal of result.refused) notify('error', refusal);
    if (result.urls.length === 0) {
      // A refused file has said so above; "no links found" is for what was read.
      say(summarizeIntake(NO_LINKS, result.malformed, result.refused.length === 0 ? 'No links found in what was dropped or pasted' : null));
      return;
    }
    if (refusedWhileOffline(`${plural(result.urls.length, 'link')} not added`)) return;
    performance.mark('intake-start');
    say(summarizeIntake(useQueue.getState().intake(result.urls), result.malformed));
  }, []);
}
