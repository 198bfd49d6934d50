// How the picker chooses: the newest N, a date range, or by hand; and whether items the library
// has already are added again.
import type { SourceItem } from '#shared/contract/sources';
import { plural } from '../../lib/format';
import { allDated, DEFAULT_NEWEST, tickLibrary, type Selection } from './selection';

export function SelectionControls({ items, chosen, selection, includeLibrary, inLibrary, onSelect, onIncludeLibrary }: { items: readonly SourceItem[]; chosen: readonly SourceItem[]; selection: Selection; includeLibrary: boolean; inLibrary: number; onSelect: (selection: Selection) => void; onIncludeLibrary: (on: boolean) => void }) {
  const dated = allDated(items);
  const undated = items.filter((i) => i.publishedAt === null).length;
  const count = selection.mode === 'newest' ? selection.count : DEFAULT_NEWEST;
  const range = selection.mode === 'range' ? selection : { from: '', to: '' };
  const libraryTotal = items.filter((i) => i.inLibrary).length;
  return (
    <div className="picker-controls">
      <fieldset className="choices picker-modes">
        <legend>Choose</legend>
        <div className="picker-mode">
          <label className="choice">
            <input type="radio" name="picker-mode" checked={selection.mode === 'newest'} onChange={() => onSelect({ mode: 'newest', count })} /> Newest
          </label>
          <input type="number" className="picker-count" aria-label="How many of the newest" min={1} max={items.length} value={count} onChange={(e) => onSelect({ mode: 'newest', count: Math.max(0, Math.floor(Number(e.target.value))) })} />
          {!dated && <span className="muted small">{undated === items.length ? 'this source gives no dates: the first ones in its order' : 'in the source’s order'}</span>}
        </div>
        <div className="picker-mode">
          <label className="choice">
            <input type="radio" name="picker-mode" checked={selection.mode === 'range'} disabled={undated === items.length} onChange={() => onSelect({ mode: 'range', from: range.from, to: range.to })} /> Published between
          </label>
          {undated === items.length ? (
            <span className="muted small">this source gives no dates</span>
          ) : (
            <>
              <input type="date" aria-label="From" value={range.from} onChange={(e) => onSelect({ mode: 'range', from: e.target.value, to: range.to })} />
              <span aria-hidden="true">–</span>
              <input type="date" aria-label="To" value={range.to} onChange={(e) => onSelect({ mode: 'range', from: range.from, to: e.target.value })} />
              {selection.mode === 'range' && undated > 0 && <span className="muted small">{plural(undated, 'item')} without a date left out</span>}
            </>
          )}
        </div>
        <div className="picker-mode">
          <label className="choice">
            <input type="radio" name="picker-mode" checked={selection.mode === 'hand'} onChange={() => onSelect({ mode: 'hand', ticked: new Set(chosen.map((i) => i.url)) })} /> By hand
          </label>
          <span className="muted small">starts from the current choice; ticking a row does too</span>
        </div>
      </fieldset>
      {selection.mode === 'hand'
        ? libraryTotal > 0 && (
            <label className="choice picker-library">
              <input type="checkbox" checked={items.every((i) => !i.inLibrary || selection.ticked.has(i.url))} onChange={(e) => onSelect(tickLibrary(items, selection.ticked, e.target.checked))} /> Tick the {plural(libraryTotal, 'item')} already in the library
            </label>
          )
        : inLibrary > 0 && (
            <label className="choice picker-library">
              <input type="checkbox" checked={includeLibrary} onChange={(e) => onIncludeLibrary(e.target.checked)} /> Include {plural(inLibrary, 'item')} already in the library
            </label>
          )}
    </div>
  );
}
