// The viewer's "Summary & chapters" panel: the stored summary and chapters of the transcript with
// who wrote them (the model, or the creator), the buttons that ask the person's model for them
// (each says first where the transcript goes), and chapters that move the viewer to their moment.
import { useEffect } from 'react';
import type { Chapters, Summary } from '#shared/contract/insights';
import type { TranscriptRef, TranscriptView } from '#shared/contract/transcript';
import { provenanceLabel } from '#shared/format/provenanceLabel';
import { clock } from '../../lib/format';
import { useInsights, type InsightTask } from '../../stores/insights';
import { useVersions } from '../../stores/versions';

const BUSY: Record<InsightTask, string> = { summary: 'Summarizing… (a long transcript is read in parts)', chapters: 'Making chapters…' };

/** The button that asks the model (only where one is set up); "Again" asks anew past a stored one. */
function MakeButton({ transcript, what, made }: { transcript: TranscriptRef; what: InsightTask; made: boolean }) {
  const busy = useInsights((s) => s.busy);
  const make = useInsights((s) => s.make);
  const configured = useInsights((s) => s.ref === transcript && s.view?.llm.configured === true);
  if (!configured) return null;
  const label = made ? 'Again' : what === 'summary' ? 'Summarize' : 'Make chapters';
  return (
    <button type="button" className="button small" disabled={busy !== null} onClick={() => void make(transcript, what, made)} aria-label={made ? `${what === 'summary' ? 'Summarize' : 'Make chapters'} again` : undefined}>
      {label}
    </button>
  );
}

function SummaryPart({ transcript, summary }: { transcript: TranscriptRef; summary: Summary | null }) {
  return (
    <section className="insights-part" aria-labelledby="insights-summary">
      <div className="insights-head">
        <h3 id="insights-summary">Summary</h3>
        <MakeButton transcript={transcript} what="summary" made={summary !== null} />
      </div>
      {summary === null ? (
        <p className="muted small">No summary yet.</p>
      ) : (
        <>
          <p className="insights-source small" data-testid="summary-source">
            {provenanceLabel(summary.provenance)}
          </p>
          <p className="insights-summary" data-testid="summary-text">
            {summary.text}
          </p>
        </>
      )}
    </section>
  );
}

function ChaptersPart({ transcript, chapters, timed, onJump }: { transcript: TranscriptRef; chapters: Chapters | null; timed: boolean; onJump: (ms: number) => void }) {
  const fromCreator = chapters?.provenance.kind === 'creator-chapters';
  return (
    <section className="insights-part" aria-labelledby="insights-chapters">
      <div className="insights-head">
        <h3 id="insights-chapters">Chapters</h3>
        {timed && <MakeButton transcript={transcript} what="chapters" made={chapters !== null} />}
      </div>
      {!timed ? (
        <p className="muted small">This transcript has no timing, so it cannot have chapters.</p>
      ) : chapters === null ? (
        <p className="muted small">No chapters yet.</p>
      ) : (
        <>
          <p className={fromCreator ? 'insights-source insights-creator small' : 'insights-source small'} data-testid="chapters-source">
            {provenanceLabel(chapters.provenance)}
          </p>
          <ol className="insights-chapters" data-testid="chapters">
            {chapters.chapters.map((c) => (
              <li key={c.start}>
                <button type="button" className="insights-chapter" onClick={() => onJump(c.start * 1000)}>
                  <span className="timestamp">{clock(c.start * 1000)}</span> {c.title}
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

export function InsightsPanel({ view, onJump }: { view: TranscriptView; onJump: (ms: number) => void }) {
  const { ref } = view;
  const state = useInsights();
  // Summaries belong to the export version: an edit (a new export version) or another choice reloads them.
  const exportVersion = useVersions((s) => (s.ref === ref ? (s.view?.exportVersion ?? null) : null));
  useEffect(() => {
    void useInsights.getState().load(ref);
  }, [ref, exportVersion]);
  const insights = state.ref === ref ? state.view : null;
  const llm = insights?.llm ?? null;
  const timed = view.segments !== null && view.segments.length > 0;
  return (
    <details className="insights" data-testid="insights">
      <summary>Summary &amp; chapters</summary>
      {llm !== null &&
        (llm.configured ? (
          <p className="insights-sends small" data-testid="insights-sends">
            Sends this transcript to {llm.endpoint} ({llm.model})
          </p>
        ) : (
          <p className="insights-howto small" data-testid="insights-howto">
            {llm.howTo}
          </p>
        ))}
      <SummaryPart transcript={ref} summary={insights?.summary ?? null} />
      <ChaptersPart transcript={ref} chapters={insights?.chapters ?? null} timed={timed} onJump={onJump} />
      <p className="small" role="status">
        {state.busy === null ? '' : BUSY[state.busy]}
      </p>
      {state.note !== null && <p className="small muted">{state.note}</p>}
      {state.error !== null && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
    </details>
  );
}
