// The upstream profile: the values the platforms rotate without notice (client versions, query
// hashes, doc ids, bearer). Each is editable; the main process checks the shape, and a refusal is
// shown under its field with nothing saved. The same file as `transcript-desk upstream`.
import { useCallback, useEffect, useState } from 'react';
import type { UpstreamEntry, UpstreamProfileView } from '#shared/contract/upstream';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { useApp } from '../../stores/app';

/** An id usable in HTML for a key such as `twitch.hash.ShareClipRenderStatus`. */
const idOf = (key: string) => `upstream-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function EntryRow({ entry, onChanged }: { entry: UpstreamEntry; onChanged: (view: UpstreamProfileView, said: string) => void }) {
  const [text, setText] = useState(entry.value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new value from the main process (a save, a reset, another row's answer) replaces the text.
  useEffect(() => {
    setText(entry.value);
    setError(null);
  }, [entry.value]);
  const id = idOf(entry.key);
  const edited = text.trim() !== entry.value;

  const run = (work: Promise<UpstreamProfileView>, said: string) => {
    setBusy(true);
    work
      .then(
        (view) => onChanged(view, said),
        (e: unknown) => setError(deskErrorOf(e).message),
      )
      .finally(() => setBusy(false));
  };
  const save = () => {
    if (!edited || busy) return;
    setError(null);
    run(desk().invoke('upstream.set', { key: entry.key, value: text.trim() }), `${entry.key} saved: the next request uses it.`);
  };
  const reset = () => run(desk().invoke('upstream.reset', { key: entry.key }), `${entry.key} is back to its default.`);

  const describedBy = [`${id}-about`, error === null ? null : `${id}-error`].filter((x) => x !== null).join(' ');
  return (
    <tr data-testid="upstream-row" data-key={entry.key} className={entry.overridden ? 'overridden' : undefined}>
      <td className="upstream-key">
        <label htmlFor={id}>
          <code>{entry.key}</code>
        </label>
        <div id={`${id}-about`} className="muted small">
          {entry.about}
        </div>
      </td>
      <td className="upstream-value">
        <div className="field-row">
          <input
            id={id}
            type="text"
            spellCheck={false}
            autoComplete="off"
            value={text}
            maxLength={1000}
            aria-invalid={error !== null}
            aria-describedby={describedBy}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
              if (e.key === 'Escape') {
                setText(entry.value);
                setError(null);
              }
            }}
          />
          {/* Only an edited value can be saved: a column of disabled buttons would say nothing. */}
          {edited && (
            <button type="button" className="button small primary" disabled={busy} onClick={save} aria-label={`Save ${entry.key}`}>
              Save
            </button>
          )}
        </div>
        {error !== null && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        {entry.overridden && <div className="muted small">Default: {entry.default}</div>}
      </td>
      <td>
        {entry.overridden ? (
          <div className="upstream-state">
            <span className="tag">set</span>
            <button type="button" className="button small" disabled={busy} onClick={reset} aria-label={`Reset ${entry.key} to its default`}>
              Reset
            </button>
          </div>
        ) : (
          <span className="muted small">default</span>
        )}
      </td>
    </tr>
  );
}

export function UpstreamPanel() {
  const [view, setView] = useState<UpstreamProfileView | null>(null);
  const [status, setStatus] = useState('');
  const notify = useApp((s) => s.notify);

  const load = useCallback(() => {
    desk()
      .invoke('upstream.get', {})
      .then(setView, (e: unknown) => notify('error', deskErrorOf(e).message));
  }, [notify]);
  useEffect(load, [load]);
  const changed = useCallback((next: UpstreamProfileView, said: string) => {
    setView(next);
    setStatus(said);
  }, []);

  if (view === null) return null;
  const overridden = view.entries.filter((e) => e.overridden).length;
  const resetAll = () =>
    desk()
      .invoke('upstream.reset', {})
      .then((next) => changed(next, 'Every value is back to its default.'), (e: unknown) => notify('error', deskErrorOf(e).message));

  return (
    <section className="panel" aria-labelledby="upstream-heading">
      <h2 id="upstream-heading">Upstream profile</h2>
      <p className="muted">
        Values the platforms change without notice: app versions, query hashes and ids the fetchers send. If captions stop coming from one site, the issue tracker of yt-dlp usually has the new value within days; set it here (or with <code>transcript-desk upstream set</code>) and the next request uses it.
      </p>
      <table className="table upstream-table">
        <colgroup>
          <col className="upstream-col-key" />
          <col />
          <col className="upstream-col-state" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Value</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {view.entries.map((entry) => (
            <EntryRow key={entry.key} entry={entry} onChanged={changed} />
          ))}
        </tbody>
      </table>
      <div className="inline-form">
        <button type="button" className="button small" disabled={overridden === 0} onClick={() => void resetAll()}>
          Reset all to defaults
        </button>
        <p className="muted small" role="status" data-testid="upstream-status">
          {status} {overridden === 0 ? 'Every value is the compiled default.' : `${overridden} of ${view.entries.length} set.`} Kept in {view.file}.
        </p>
      </div>
    </section>
  );
}
