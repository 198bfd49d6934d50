// The source picker: a pasted or dropped playlist, channel, show, feed or channel's clips, read
// (sources.expand), its items listed with dates, lengths and library marks; the chosen ones join
// the queue as pasted links do (Run stays the person's: the notice offers it). From here the
// source can also be followed or its transcripts exported. One picker at a time: the next pasted
// source's opens when this one closes.
import { useMemo, useState } from 'react';
import type { SourceExpansion } from '#shared/contract/sources';
import { Dialog } from '../../components/Dialog';
import { desk } from '../../lib/desk';
import { num, plural } from '../../lib/format';
import { refusedWhileOffline } from '../../lib/offline';
import { queueActions } from '../../lib/queueActions';
import { useApp } from '../../stores/app';
import { useFollows } from '../../stores/follows';
import { useQueue } from '../../stores/queue';
import { useSources, type PickRequest } from '../../stores/sources';
import { ExportDialog } from '../export/ExportDialog';
import { choose, DEFAULT_NEWEST, toggleByHand, type Selection } from './selection';
import { SelectionControls } from './SelectionControls';
import { SourceItemList } from './SourceItemList';
import { SOURCE_KIND_LABEL } from './sourceIntake';
import { useExpansion } from './useExpansion';

export const PICKER_TITLE = 'Add from a source';

export function SourcePickerHost() {
  const request = useSources((s) => s.pending[0]);
  const waiting = useSources((s) => s.pending.length - 1);
  if (request === undefined) return null;
  return <SourcePicker key={request.id} request={request} waiting={waiting} />;
}

function SourcePicker({ request, waiting }: { request: PickRequest; waiting: number }) {
  const { state, retry } = useExpansion(request.url);
  const [exportUrl, setExportUrl] = useState<string | null>(null);
  const close = () => useSources.getState().done(request.id);
  return (
    <>
      <Dialog title={PICKER_TITLE} onClose={close} wide>
        {waiting > 0 && <p className="muted small picker-waiting">{plural(waiting, 'more source')} pasted: its picker opens after this one.</p>}
        {state.phase === 'reading' && (
          <p className="picker-reading" role="status">
            <span className="spinner" aria-hidden="true" /> Reading {request.kind === null ? 'the link as a podcast feed' : `the ${SOURCE_KIND_LABEL[request.kind]}`}…
          </p>
        )}
        {state.phase === 'failed' && (
          <>
            <p className="form-error" role="alert" data-testid="picker-error">
              {state.message}
            </p>
            <div className="dialog-actions">
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
              <button type="button" className="button primary" onClick={retry}>
                Try again
              </button>
            </div>
          </>
        )}
        {state.phase === 'ready' && <PickerBody expansion={state.expansion} feedRow={request.kind === null ? request.url : null} onExport={() => setExportUrl(state.expansion.source.url)} onClose={close} />}
      </Dialog>
      {exportUrl !== null && <ExportDialog scope={{ kind: 'source', url: exportUrl }} onClose={() => setExportUrl(null)} />}
    </>
  );
}

/** `feedRow`: the link was read as a feed from an invalid queue row, which goes once its items are queued. */
function PickerBody({ expansion, feedRow, onExport, onClose }: { expansion: SourceExpansion; feedRow: string | null; onExport: () => void; onClose: () => void }) {
  const { source, items } = expansion;
  const [selection, setSelection] = useState<Selection>({ mode: 'newest', count: DEFAULT_NEWEST });
  const [includeLibrary, setIncludeLibrary] = useState(false);
  const { chosen, inLibrary } = useMemo(() => choose(items, selection, includeLibrary), [items, selection, includeLibrary]);
  const chosenUrls = useMemo(() => new Set(chosen.map((i) => i.url)), [chosen]);
  const onTick = (url: string, on: boolean) => setSelection(toggleByHand(chosen, url, on));

  const add = () => {
    if (refusedWhileOffline(`${plural(chosen.length, 'item')} not added`)) return;
    const summary = useQueue.getState().intake(chosen.map((i) => i.url));
    if (feedRow !== null) removeFeedRow(feedRow);
    const already = summary.folded > 0 ? `; ${plural(summary.folded, 'was', 'were')} queued already` : '';
    const runnable = useQueue.getState().state.phase !== 'running';
    useApp.getState().notify('info', `${plural(summary.added, 'item')} from “${source.title}” added to the queue${already}`, runnable ? { label: 'Run', run: () => void queueActions.runOrResume() } : undefined);
    useApp.getState().setTab('queue');
    onClose();
  };

  return (
    <div className="picker" data-testid="source-picker">
      <div className="picker-source">
        <h3 data-testid="picker-source-title">{source.title}</h3>
        <p className="muted">
          {SOURCE_KIND_LABEL[source.kind]} · {plural(items.length, 'item')}
          {!expansion.complete && expansion.note !== null && ` · ${expansion.note}`}
        </p>
      </div>
      {items.length === 0 ? (
        <p className="muted">This source has no items the desk can transcribe.</p>
      ) : (
        <>
          <SelectionControls items={items} chosen={chosen} selection={selection} includeLibrary={includeLibrary} inLibrary={inLibrary} onSelect={setSelection} onIncludeLibrary={setIncludeLibrary} />
          <SourceItemList items={items} chosen={chosenUrls} onTick={onTick} />
        </>
      )}
      <div className="dialog-actions picker-actions">
        <button type="button" className="button" onClick={() => useFollows.getState().openForm({ mode: 'add', url: source.url })}>
          Follow this source…
        </button>
        <button type="button" className="button" onClick={onExport}>
          Export its transcripts…
        </button>
        <span className="picker-spacer" />
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button primary" disabled={chosen.length === 0} onClick={add} data-testid="picker-add">
          Add {num(chosen.length)} to the queue
        </button>
      </div>
    </div>
  );
}

/** The invalid row a feed link became before it was read as one: its episodes replace it. */
function removeFeedRow(url: string): void {
  const { items } = useQueue.getState();
  const ids = [...items.values()].filter((i) => i.status === 'invalid' && i.url === url).map((i) => i.id);
  if (ids.length > 0) void desk().invoke('queue.remove', { ids }).catch(() => undefined);
}
