// What the viewer shows for speech-to-text lines the loop guard flagged and for near misses of the
// custom vocabulary, rendered to markup (the desk's Playwright specs need Chromium, which not every
// machine running the unit tests has).
import { createElement, type FC } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { vocabularySuggestions, type VocabularySuggestion } from '#shared/vocabulary';

// The components are loaded by a computed path: this file is type-checked with the main process's
// tsconfig (no JSX, no DOM), the components with tsconfig.web.json; vitest runs both.
const viewer = '../../src-renderer/src/features/viewer';
const { SuspectNote } = (await import(`${viewer}/SuspectNote.tsx`)) as { SuspectNote: FC<{ reason: string }> };
const { SuggestionList } = (await import(`${viewer}/VocabularySuggestions.tsx`)) as { SuggestionList: FC<{ suggestions: readonly VocabularySuggestion[]; onApply?: (s: VocabularySuggestion) => void }> };

const text = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

describe('suspect lines', () => {
  it('say why in words, with a warning a screen reader reads, not by colour alone', () => {
    const html = renderToStaticMarkup(createElement(SuspectNote, { reason: '"the" repeats 40 times in a row: the engine may have looped' }));
    expect(text(html)).toContain('"the" repeats 40 times in a row: the engine may have looped');
    expect(html).toMatch(/<span class="visually-hidden">Warning: this line may not be what was said\.<\/span>/);
    expect(html).toMatch(/<span aria-hidden="true" class="suspect-icon">⚠<\/span>/);
  });
});

describe('vocabulary suggestions', () => {
  const segments = [{ text: 'We run Kubernetis and open telemetry.', startMs: 0, endMs: 1000 }, { text: 'Kubernetis again.', startMs: 1000, endMs: 2000 }];
  const suggestions = vocabularySuggestions(segments, ['Kubernetes', 'OpenTelemetry']);

  it('list each replacement with how many places', () => {
    const shown = text(renderToStaticMarkup(createElement(SuggestionList, { suggestions })));
    expect(shown).toContain('2 spellings near your vocabulary');
    expect(shown).toContain('Replace “Kubernetis” with “Kubernetes” (2 places)');
    expect(shown).toContain('Replace “open telemetry” with “OpenTelemetry” (1 place)');
  });

  it('offer a Replace button only when the editor hands one in', () => {
    expect(renderToStaticMarkup(createElement(SuggestionList, { suggestions }))).not.toContain('<button');
    expect(renderToStaticMarkup(createElement(SuggestionList, { suggestions, onApply: () => undefined }))).toContain('aria-label="Replace “Kubernetis” with “Kubernetes”"');
    expect(renderToStaticMarkup(createElement(SuggestionList, { suggestions: [] }))).toBe('');
  });
});
