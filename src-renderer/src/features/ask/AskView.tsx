// The Ask view: a question over the library (or a platform, or the Library's selection), answered
// by the person's own language model. Before asking it says where the passages go; the answer's
// verified citations are chips that open the viewer at the cited segment, and citations that did
// not check out are listed as a warning, never shown as links.
import { useEffect, useId } from 'react';
import type { AskAnswer, Citation } from '#shared/contract/insights';
import { playerClock } from '#shared/format/markdown';
import { LIBRARY_PLATFORMS, libraryPlatformName, type LibraryPlatform } from '#shared/platforms';
import { useAsk, type AskScopeChoice } from '../../stores/ask';
import { useLibrary } from '../../stores/library';
import { useViewer } from '../../stores/viewer';

/** What a chip says: the title (shortened) and where. */
function chipLabel(citation: Citation): string {
  const title = citation.title ?? 'Untitled';
  const short = title.length > 40 ? `${title.slice(0, 39)}…` : title;
  return citation.start === null ? short : `${short} · ${playerClock(citation.start * 1000)}`;
}

function CitationChip({ citation }: { citation: Citation }) {
  const open = () => void useViewer.getState().open(citation.ref, citation.segmentIndex ?? undefined);
  // The name a screen reader hears starts with what the chip shows (WCAG's label in name), then says what the click does.
  return (
    <button type="button" className="citation-chip" data-testid="ask-citation" title={citation.text} onClick={open}>
      {chipLabel(citation)}
      <span className="visually-hidden">, open the transcript here</span>
    </button>
  );
}

function Answer({ answer }: { answer: AskAnswer }) {
  if (answer.nothingFound) {
    return (
      <p className="empty-note" data-testid="ask-nothing">
        No transcript in this scope has the question’s words, so nothing was sent. Try other words, or a wider scope.
      </p>
    );
  }
  return (
    <section className="ask-answer" aria-label="Answer" data-testid="ask-answer">
      <p className="ask-answer-text">
        {answer.parts.map((part, i) => {
          if (part.kind === 'text') return <span key={i}>{part.text}</span>;
          const citation = answer.citations[part.citation];
          return citation === undefined ? null : <CitationChip key={i} citation={citation} />;
        })}
      </p>
      {answer.flagged.length > 0 && (
        <div className="ask-flagged" role="note" data-testid="ask-flagged">
          <p>
            <strong>Not shown as a citation</strong> (the stored transcripts do not say what these cite):
          </p>
          <ul>
            {answer.flagged.map((f, i) => (
              <li key={i}>{f.quote === null || f.quote === '' ? f.reason : `“${f.quote}”: ${f.reason}`}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="muted small">
        Answered by {answer.model} at {answer.endpoint} from passages of {answer.sent.map((s) => s.title ?? `entry ${s.libraryId}`).join(', ')}.
      </p>
    </section>
  );
}

/** The scope select's value: "all", "platform:<token>" or "selection". */
const scopeValue = (scope: AskScopeChoice) => (scope.kind === 'platform' ? `platform:${scope.platform}` : scope.kind);

export function AskView() {
  const { status, question, scope, busy, answer, error, loadStatus, setQuestion, setScope, ask } = useAsk();
  const selected = useLibrary((s) => s.selected);
  const questionId = useId();
  useEffect(() => void loadStatus(), [loadStatus]);
  // A selection that was cleared in the Library is no longer a scope to offer.
  useEffect(() => {
    if (scope.kind === 'selection' && selected.size === 0) setScope({ kind: 'all' });
  }, [scope, selected, setScope]);

  if (status !== null && !status.configured) {
    return (
      <div className="ask-view">
        <h2>Ask the library</h2>
        <p className="empty-state" data-testid="ask-howto">
          {status.howTo}
        </p>
      </div>
    );
  }
  const choose = (value: string) => {
    if (value === 'selection') setScope({ kind: 'selection' });
    else if (value.startsWith('platform:')) setScope({ kind: 'platform', platform: value.slice('platform:'.length) as LibraryPlatform });
    else setScope({ kind: 'all' });
  };
  return (
    <div className="ask-view">
      <h2>Ask the library</h2>
      <form
        className="ask-form"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <label htmlFor={questionId}>Question</label>
        <textarea id={questionId} rows={3} maxLength={2000} value={question} placeholder="What did they say about…" onChange={(e) => setQuestion(e.target.value)} />
        <div className="ask-row">
          <label className="field">
            <span>Search in</span>
            <select value={scopeValue(scope)} onChange={(e) => choose(e.target.value)}>
              <option value="all">The whole library</option>
              {selected.size > 0 && <option value="selection">The {selected.size} selected in the Library</option>}
              {LIBRARY_PLATFORMS.map((p) => (
                <option key={p} value={`platform:${p}`}>
                  {libraryPlatformName(p)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button primary" disabled={busy || question.trim() === '' || status === null}>
            {busy ? 'Asking…' : 'Ask'}
          </button>
        </div>
        {status !== null && (
          <p className="muted small" data-testid="ask-sends-to">
            Sends passages of matching transcripts to {status.endpoint} ({status.model}).
          </p>
        )}
      </form>
      <div aria-live="polite" aria-busy={busy}>
        {busy && <p className="muted">Finding passages and asking {status?.model ?? 'the model'}…</p>}
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {!busy && answer !== null && <Answer answer={answer} />}
      </div>
    </div>
  );
}
