// Replace suggestions from the custom vocabulary (Settings ▸ Speech-to-text): spellings in this
// transcript that are nearly a glossary term. Caption text cannot be transcribed again with the
// vocabulary as prompt, so this is where the glossary helps it. Applying one is an edit of the
// transcript: the editing feature passes `onApply`; without it the list only informs.
import { useEffect, useMemo } from 'react';
import type { TranscriptView } from '#shared/contract/transcript';
import { vocabularyFor, vocabularySuggestions, type VocabularySuggestion } from '#shared/vocabulary';
import { useSettings } from '../../stores/settings';

/** The glossary for a transcript: its show's or source's own terms (keyed as stt.vocabulary.bySource is), then the global ones. */
function glossaryFor(view: TranscriptView, global: readonly string[], bySource: Readonly<Record<string, readonly string[]>>): string[] {
  const keys = [view.subtitle, view.sourceUrl].filter((k): k is string => k !== null && k !== '');
  return vocabularyFor(global, bySource, keys);
}

export function VocabularySuggestions({ view, onApply }: { view: TranscriptView; onApply?: (suggestion: VocabularySuggestion) => void }) {
  const settings = useSettings((s) => s.view);
  const load = useSettings((s) => s.load);
  useEffect(() => {
    if (settings === null) void load().catch(() => undefined);
  }, [settings, load]);
  const suggestions = useMemo(() => {
    if (settings === null || view.segments === null) return [];
    const glossary = glossaryFor(view, settings.values['stt.vocabulary'], settings.values['stt.vocabulary.bySource']);
    return glossary.length === 0 ? [] : vocabularySuggestions(view.segments, glossary);
  }, [settings, view]);
  return <SuggestionList suggestions={suggestions} {...(onApply === undefined ? {} : { onApply })} />;
}

/** The list itself, nothing when there is nothing to suggest. */
export function SuggestionList({ suggestions, onApply }: { suggestions: readonly VocabularySuggestion[]; onApply?: (suggestion: VocabularySuggestion) => void }) {
  if (suggestions.length === 0) return null;
  return (
    <details className="vocabulary-suggestions" data-testid="vocabulary-suggestions">
      <summary>
        {suggestions.length} {suggestions.length === 1 ? 'spelling' : 'spellings'} near your vocabulary
      </summary>
      <ul>
        {suggestions.map((s) => (
          <li key={`${s.from}\u0000${s.to}`}>
            Replace “{s.from}” with “{s.to}” ({s.count} {s.count === 1 ? 'place' : 'places'})
            {onApply !== undefined && (
              <button type="button" className="button small" aria-label={`Replace “${s.from}” with “${s.to}”`} onClick={() => onApply(s)}>
                Replace
              </button>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
