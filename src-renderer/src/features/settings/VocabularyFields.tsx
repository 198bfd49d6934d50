// Settings ▸ Speech-to-text ▸ Vocabulary: the glossary speech engines are prompted with (whisper,
// OpenAI-compatible endpoints; pocketsphinx takes no prompt) and caption transcripts get replace
// suggestions from. Saved when a box loses the focus; the settings schema bounds the sizes and its
// message shows when a list is too long.
import { useEffect, useState } from 'react';
import { VOCABULARY_LIMITS, formatSourceLines, parseSourceLines, parseTermLines } from '#shared/vocabulary';
import type { SettingValues } from '#shared/settings';
import { useSave } from './useSave';

export function VocabularyFields({ values }: { values: SettingValues }) {
  const save = useSave();
  const global = values['stt.vocabulary'];
  const bySource = values['stt.vocabulary.bySource'];
  const [terms, setTerms] = useState(global.join('\n'));
  const [sources, setSources] = useState(formatSourceLines(bySource));
  useEffect(() => setTerms(global.join('\n')), [global]);
  useEffect(() => setSources(formatSourceLines(bySource)), [bySource]);

  return (
    <>
      <h3>Vocabulary</h3>
      <p className="muted" id="vocabulary-help">
        Names and terms your speech should be written with. Whisper and OpenAI-compatible endpoints are prompted with them (about the first 200 tokens); caption transcripts show replace suggestions in the viewer.
      </p>
      <div className="form-grid">
        <label className="field grow">
          <span>Terms, one a line (at most {VOCABULARY_LIMITS.terms})</span>
          <textarea rows={5} aria-describedby="vocabulary-help" value={terms} onChange={(e) => setTerms(e.target.value)} onBlur={() => void save({ 'stt.vocabulary': parseTermLines(terms) })} />
        </label>
        <label className="field grow">
          <span>For one show or source: a line each, “show title or feed URL = term, term”</span>
          <textarea rows={4} aria-describedby="vocabulary-help" placeholder="Ship It Show = Ada Lovelace, Kubernetes" value={sources} onChange={(e) => setSources(e.target.value)} onBlur={() => void save({ 'stt.vocabulary.bySource': parseSourceLines(sources) })} />
        </label>
      </div>
    </>
  );
}
