// The library: every transcript this install has, full-text search with highlighted snippets,
// filters by platform, source (provenance kind) and date, open, re-export, delete.
import { useEffect, useRef, useState } from 'react';
import { LIBRARY_PROVENANCE_FILTERS, SEARCH_COUNT_CAP, type LibraryEntry, type LibraryProvenanceFilter } from '#shared/contract/library';
import { PROVENANCE_KIND_LABELS } from '#shared/format/provenanceLabel';
import { LIBRARY_PLATFORMS, libraryPlatformName, type LibraryPlatform } from '#shared/platforms';
import { PlatformIcon } from '../../components/PlatformIcon';
import { ProvenanceBadge } from '../../components/ProvenanceBadge';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { dateTime, plural } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useLibrary } from '../../stores/library';
import { useViewer } from '../../stores/viewer';
import { ExportDialog } from '../export/ExportDialog';

function Entry({ entry, selected }: { entry: LibraryEntry; selected: boolean }) {
  const open = useViewer((s) => s.open);
  const toggle = useLibrary((s) => s.toggle);
  const search = useLibrary((s) => s.search);
  const title = entry.title ?? libraryPlatformName(entry.platform);
  const remove = () => {
    if (!window.confirm(`Delete "${title}" from the library? Fetching it again costs a credit.`)) return;
    desk()
      .invoke('library.delete', { ids: [entry.id] })
      .then(() => search(), (e: unknown) => useApp.getState().notify('error', deskErrorOf(e).message));
  };
  return (
    <li className="library-entry" data-testid="library-entry">
      <input type="checkbox" aria-label={`Select ${title}`} checked={selected} onChange={() => toggle(entry.id)} />
      <PlatformIcon platform={entry.platform} />
      <div className="entry-body">
        <h3 className="entry-title">
          <button type="button" className="link-button" onClick={() => void open(entry.ref)}>
            {title}
          </button>
        </h3>
        <p className="muted small">
          {[entry.subtitle, libraryPlatformName(entry.platform), dateTime(entry.createdAt), entry.hasTiming ? 'timed' : 'text only'].filter(Boolean).join(' · ')}
        </p>
        <ProvenanceBadge provenance={entry.provenance} />
        <p className="snippet" data-testid="library-snippet">
          {entry.snippet.map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
        </p>
      </div>
      <div className="entry-actions">
        <button type="button" className="button small" onClick={() => void open(entry.ref)}>
          Open
        </button>
        <button type="button" className="button small danger" aria-label={`Delete ${title}`} title="Delete from the library" onClick={remove}>
          Delete
        </button>
      </div>
    </li>
  );
}

export function LibraryView() {
  const { filters, entries, total, loading, error, selected, setFilters, search, clearSelection } = useLibrary();
  const [query, setQuery] = useState(filters.query);
  const [exporting, setExporting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void search();
    const onFind = () => input.current?.focus();
    document.addEventListener('desk:find', onFind);
    return () => document.removeEventListener('desk:find', onFind);
  }, [search]);

  // Search as one types, a moment after the last key.
  useEffect(() => {
    if (query === filters.query) return;
    const timer = setTimeout(() => setFilters({ query }), 150);
    return () => clearTimeout(timer);
  }, [query, filters.query, setFilters]);

  const nothingYet = !loading && total === 0 && filters.query === '' && filters.platform === null && filters.provenance === null && filters.from === '' && filters.to === '';

  return (
    <div className="library-view">
      <form className="library-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="field grow">
          <span className="visually-hidden">Search transcripts</span>
          <input ref={input} type="search" placeholder='Search every transcript: words, or "a phrase"' value={query} onChange={(e) => setQuery(e.target.value)} aria-keyshortcuts="/" />
        </label>
        <label className="field">
          <span>Platform</span>
          <select value={filters.platform ?? ''} onChange={(e) => setFilters({ platform: e.target.value === '' ? null : (e.target.value as LibraryPlatform) })}>
            <option value="">All</option>
            {LIBRARY_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {libraryPlatformName(p)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Source</span>
          <select value={filters.provenance ?? ''} onChange={(e) => setFilters({ provenance: e.target.value === '' ? null : (e.target.value as LibraryProvenanceFilter) })}>
            <option value="">Any</option>
            {LIBRARY_PROVENANCE_FILTERS.map((kind) => (
              <option key={kind} value={kind}>
                {PROVENANCE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>From</span>
          <input type="date" value={filters.from} onChange={(e) => setFilters({ from: e.target.value })} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" value={filters.to} onChange={(e) => setFilters({ to: e.target.value })} />
        </label>
      </form>
      <div className="library-bar">
        <p className="muted" role="status" data-testid="library-total">
          {loading ? 'Searching…' : filters.query.trim() === '' ? plural(total, 'transcript') : total > SEARCH_COUNT_CAP ? `More than ${SEARCH_COUNT_CAP.toLocaleString('en')} transcripts match` : `${plural(total, 'transcript')} match`}
        </p>
        <button type="button" className="button" disabled={selected.size === 0} onClick={() => setExporting(true)}>
          Export{selected.size > 0 ? ` ${selected.size} selected` : ''}…
        </button>
        {selected.size > 0 && (
          <button type="button" className="button" onClick={clearSelection}>
            Clear selection
          </button>
        )}
      </div>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {nothingYet ? (
        <div className="empty-state">
          <h2>No transcripts yet</h2>
          <p>Every transcript you fetch in the queue, with the CLI or over the REST API lands here, searchable.</p>
        </div>
      ) : !loading && entries.length === 0 ? (
        <div className="empty-state">
          <h2>Nothing found</h2>
          <p>No transcript {filters.query.trim() === '' ? 'matches these filters' : <>contains “{filters.query}”</>}.</p>
        </div>
      ) : (
        <>
          {/* The entries' titles are h3 under the view's h1: this keeps the outline whole. */}
          <h2 className="visually-hidden">Transcripts</h2>
          <ul className="library-list" aria-label="Transcripts">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} selected={selected.has(entry.id)} />
            ))}
          </ul>
        </>
      )}
      {entries.length < total && (
        <button type="button" className="button load-more" onClick={() => void search(true)}>
          Show more
        </button>
      )}
      {exporting && <ExportDialog scope={{ kind: 'library', ids: [...selected] }} onClose={() => setExporting(false)} />}
    </div>
  );
}
