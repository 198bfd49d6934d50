// The queue view: intake, toolbar, podcast job cards, local media cards, the list.
import { useEffect, useState } from 'react';
import { ExportDialog } from '../export/ExportDialog';
import { JobCards } from '../jobs/JobCards';
import { MediaCards } from '../media/MediaCards';
import { MediaIntakePanel } from '../media/MediaIntakePanel';
import { useApp } from '../../stores/app';
import { useMedia } from '../../stores/media';
import { useQueue } from '../../stores/queue';
import { BatchProgress } from './BatchProgress';
import { CostEstimate } from './CostEstimate';
import { CreditsBanner } from './CreditsBanner';
import { DropTarget, PasteBox } from './DropZone';
import { FirstRunGuide } from './FirstRunGuide';
import { QueueFilters } from './QueueFilters';
import { QueueList } from './QueueList';
import { QueueToolbar } from './QueueToolbar';

export function QueueView() {
  const empty = useQueue((s) => s.order.length === 0);
  const loaded = useQueue((s) => s.loaded);
  // Local files on the desk: the first-run guide, the empty note and the large drop area give their room to the cards.
  const media = useMedia((s) => s.jobs.length > 0);
  const selected = useQueue((s) => s.selected);
  const [exporting, setExporting] = useState(false);
  // The menu's Export and the `e` key ask through the app store; with nothing queued there is nothing to export.
  const exportRequested = useApp((s) => s.exportRequested);
  useEffect(() => {
    if (exportRequested && useApp.getState().takeExportRequest() && useQueue.getState().order.length > 0) setExporting(true);
  }, [exportRequested]);
  return (
    <DropTarget>
      <div className="queue-view">
        <PasteBox large={empty && !media} />
        <JobCards />
        <MediaIntakePanel />
        <MediaCards capped={!empty} />
        {!empty && (
          <>
            <CreditsBanner />
            <QueueToolbar onExport={() => setExporting(true)} />
            <CostEstimate />
            {/* One line where the width allows: every pixel of height here is a queue row less at 900×700. */}
            <div className="batch-line">
              <BatchProgress />
              <QueueFilters />
            </div>
            <QueueList />
          </>
        )}
        {empty && loaded && !media && <p className="empty-note">The queue is empty. Transcripts you fetch stay in the Library.</p>}
        {empty && loaded && !media && <FirstRunGuide />}
      </div>
      {exporting && <ExportDialog scope={selected.size > 0 ? { kind: 'items', ids: [...selected] } : { kind: 'queue' }} onClose={() => setExporting(false)} />}
    </DropTarget>
  );
}

