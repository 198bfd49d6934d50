// The transcript viewer: timed lines (click a time to copy a link to that moment on YouTube, or to
// play a local file's recording from there), find in transcript, copy all, the YouTube caption
// tracks and the switch to another or to YouTube's translation, where the transcript came from
// (a badge), a local file's details and player, export. Beside the queue in a wide
// window; below 1,100 px a drawer over it (styles/drawer.css, ViewerScrim.tsx). Closing gives the
// focus back to the control that opened it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TranscriptView } from '#shared/contract/transcript';
import { libraryPlatformName } from '#shared/platforms';
import { PlatformIcon } from '../../components/PlatformIcon';
import { clock, dateTime } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useReturnFocus } from '../../lib/returnFocus';
import { useViewer } from '../../stores/viewer';
import { ExportDialog } from '../export/ExportDialog';
import { findHits, splitHits } from './findMatches';
import { LocalFile, seek, usePlayingLine } from './LocalFile';
import { SuspectNote } from './SuspectNote';
import { VocabularySuggestions } from './VocabularySuggestions';
import { TrackSwitcher } from './TrackSwitcher';
import { ProvenanceBadge } from '../../components/ProvenanceBadge';
import { useDrawerInert } from './useDrawerInert';
import { LineEditButton, SegmentEditor } from './SegmentEditor';
import { useShownView } from './shownView';
import { versionActions } from './versionActions';
import { VersionsPanel } from './VersionsPanel';
import { InsightsPanel } from './InsightsPanel';
import { useJumpTo } from './useJumpTo';

interface Line {
  text: string;
  startMs: number | null;
  /** The speaker's name on the first line of each turn (podcast publishers that name speakers). */
  speaker: string | null;
  /** Why speech-to-text may have got this line wrong (the loop guard's flag); null when nothing is suspect. */
  suspect: string | null;
}

function linesOf(view: TranscriptView): Line[] {
  if (view.segments !== null && view.segments.length > 0) {
    return view.segments.map((s, i) => ({ text: s.text, startMs: s.startMs, speaker: s.speaker !== undefined && s.speaker !== view.segments?.[i - 1]?.speaker ? s.speaker : null, suspect: s.suspect ?? null }));
  }
  return view.text.split(/\n+/).filter((l) => l.trim() !== '').map((text) => ({ text, startMs: null, speaker: null, suspect: null }));
}

/** Only a web page is a link: a local file's source is a file:// URL, which the desk never opens (its player plays the file). */
const isWebUrl = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

const youtubeLink = (videoId: string, ms: number) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&t=${Math.floor(ms / 1000)}s`;

async function copy(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    useApp.getState().notify('info', done);
  } catch {
    useApp.getState().notify('error', 'The clipboard refused the copy');
  }
}

function ViewerBody({ view }: { view: TranscriptView }) {
  const lines = useMemo(() => linesOf(view), [view]);
  const [term, setTerm] = useState('');
  const [current, setCurrent] = useState(0);
  const [exporting, setExporting] = useState(false);
  const hits = useMemo(() => findHits(lines.map((l) => l.text), term), [lines, term]);
  const scroller = useRef<HTMLDivElement>(null);
  const findInput = useRef<HTMLInputElement>(null);
  const virtualizer = useVirtualizer({ count: lines.length, getScrollElement: () => scroller.current, estimateSize: () => 44, overscan: 10 });
  const isYouTube = view.platform === 'longform' && view.itemId !== null;
  const player = useRef<HTMLMediaElement | null>(null);
  const playable = view.localFile !== null && view.localFile.playerSrc !== null;
  const starts = useMemo(() => lines.map((l) => l.startMs), [lines]);
  const playing = usePlayingLine(player, starts, playable);
  const { jumped, jump } = useJumpTo(starts, virtualizer, player, playable);

  useEffect(() => {
    const hit = hits[current];
    if (hit !== undefined) virtualizer.scrollToIndex(hit.line, { align: 'center' });
  }, [hits, current, virtualizer]);

  // Opened at a segment (a citation of Ask): shown in the middle and marked.
  const at = useViewer((s) => s.at);
  useEffect(() => {
    if (at !== null && at < lines.length) virtualizer.scrollToIndex(at, { align: 'center' });
  }, [at, lines, virtualizer]);

  useEffect(() => {
    const onFind = () => findInput.current?.focus();
    document.addEventListener('desk:find', onFind);
    return () => document.removeEventListener('desk:find', onFind);
  }, []);

  const step = (delta: number) => setCurrent((c) => (hits.length === 0 ? 0 : (c + delta + hits.length) % hits.length));
  const currentLine = hits[current]?.line;

  return (
    <>
      {view.localFile !== null && <LocalFile file={view.localFile} player={player} />}
      <div className="viewer-tools">
        <div className="find" role="search">
          <label htmlFor="find-input" className="visually-hidden">
            Find in transcript
          </label>
          <input
            id="find-input"
            ref={findInput}
            type="search"
            placeholder="Find in transcript"
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              setCurrent(0);
            }}
            onKeyDown={(e) => {
              // Escape belongs to the find box first: it clears the term, then leaves the box for the
              // viewer's title; only from outside the box does it close the viewer.
              if (e.key === 'Escape') {
                e.preventDefault();
                if (term !== '') {
                  setTerm('');
                  setCurrent(0);
                } else document.dispatchEvent(new CustomEvent('desk:viewer-title'));
              } else if (e.key === 'Enter') {
                e.preventDefault();
                step(e.shiftKey ? -1 : 1);
              }
            }}
          />
          <span className="find-count" aria-live="polite" data-testid="find-count">
            {term.trim() === '' ? '' : hits.length === 0 ? 'No match' : `${current + 1} of ${hits.length}`}
          </span>
          <button type="button" className="icon-button" aria-label="Previous match" onClick={() => step(-1)} disabled={hits.length === 0}>
            ↑
          </button>
          <button type="button" className="icon-button" aria-label="Next match" onClick={() => step(1)} disabled={hits.length === 0}>
            ↓
          </button>
        </div>
        <button type="button" className="button small" onClick={() => void copy(view.text, 'Transcript copied')}>
          Copy all
        </button>
        <button type="button" className="button small" onClick={() => setExporting(true)}>
          Export…
        </button>
      </div>
      <VocabularySuggestions view={view} onApply={(s) => void versionActions.edit(view.ref, { kind: 'replace', from: s.from, to: s.to })} />
      {view.captionTracks.length > 0 && <TrackSwitcher key={view.ref.kind === 'transcript' ? view.ref.key : ''} view={view} />}
      <VersionsPanel view={view} />
      <InsightsPanel view={view} onJump={jump} />
      <SegmentEditor transcript={view.ref} segments={view.segments} />
      <div ref={scroller} className="viewer-lines" data-testid="viewer-lines">
        {lines.length === 0 ? (
          <p className="empty-note">This transcript is empty: the video has no captions of its speech.</p>
        ) : (
          <div className="viewer-canvas" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const line = lines[row.index];
              if (line === undefined) return null;
              return (
                <div key={row.key} ref={virtualizer.measureElement} data-index={row.index} className={['line', row.index === currentLine || row.index === jumped ? 'line-current' : '', row.index === playing ? 'line-playing' : '', row.index === at ? 'line-current line-cited' : ''].filter(Boolean).join(' ')} aria-current={row.index === at ? 'location' : undefined} style={{ transform: `translateY(${row.start}px)` }}>
                  {line.startMs !== null &&
                    (isYouTube ? (
                      <button type="button" className="timestamp" title="Copy a link to this moment" onClick={() => void copy(youtubeLink(view.itemId ?? '', line.startMs ?? 0), 'Link to this moment copied')}>
                        {clock(line.startMs)}
                      </button>
                    ) : playable ? (
                      <button type="button" className="timestamp" title="Play from here" aria-label={`Play from ${clock(line.startMs)}`} onClick={() => seek(player.current, line.startMs ?? 0)}>
                        {clock(line.startMs)}
                      </button>
                    ) : (
                      <span className="timestamp">{clock(line.startMs)}</span>
                    ))}
                  <p className="line-text">
                    {line.speaker !== null && (
                      <span className="speaker" data-testid="speaker">
                        {line.speaker}:{' '}
                      </span>
                    )}
                    {splitHits(line.text, term).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
                    {line.startMs !== null && <LineEditButton index={row.index} />}
                  </p>
                  {line.suspect !== null && <SuspectNote reason={line.suspect} />}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {exporting && <ExportDialog scope={{ kind: 'transcripts', refs: [view.ref] }} onClose={() => setExporting(false)} />}
    </>
  );
}

export function Viewer() {
  const { ref, view: original, error, loading, close } = useViewer();
  // The version the versions panel shows (the export version when it opens), over the original's metadata.
  const view = useShownView(original);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = ref !== null;
  useReturnFocus(open);
  useDrawerInert(open);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [ref, open]);
  useEffect(() => {
    const toTitle = () => heading.current?.focus();
    document.addEventListener('desk:viewer-title', toTitle);
    return () => document.removeEventListener('desk:viewer-title', toTitle);
  }, []);
  if (ref === null) return null;
  const platform = view?.platform ?? (ref.kind === 'episode' ? 'podcast' : ref.platform);
  return (
    <aside className="viewer" aria-label="Transcript viewer" data-testid="viewer">
      <header className="viewer-head">
        <PlatformIcon platform={platform} />
        <div className="viewer-titles">
          <h2 ref={heading} tabIndex={-1}>
            {view?.title ?? (loading ? 'Loading…' : 'Transcript')}
          </h2>
          {view !== null && (
            <p className="muted small">
              {[view.subtitle, libraryPlatformName(view.platform), view.language, dateTime(view.createdAt)].filter(Boolean).join(' · ')}
              {isWebUrl(view.sourceUrl) && (
                <>
                  {' · '}
                  <a href={view.sourceUrl} target="_blank" rel="noreferrer noopener">
                    source
                  </a>
                </>
              )}
            </p>
          )}
          {view !== null && <ProvenanceBadge provenance={view.provenance} />}
        </div>
        <button type="button" className="icon-button" aria-label="Close the viewer" onClick={close} aria-keyshortcuts="Escape">
          ✕
        </button>
      </header>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {view !== null && <ViewerBody view={view} />}
    </aside>
  );
}
