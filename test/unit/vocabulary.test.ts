// Custom vocabulary: the prompt speech engines get, and the replace suggestions for caption text.
import { describe, expect, it } from 'vitest';
import { SETTING_SCHEMAS } from '#shared/settings';
import type { Segment } from '#shared/transcript';
import { PROMPT_MAX_TOKENS, estimateTokens, formatSourceLines, parseSourceLines, parseTermLines, vocabularyFor, vocabularyPrompt, vocabularySuggestions } from '#shared/vocabulary';

const seg = (text: string, i = 0): Segment => ({ text, startMs: i * 1000, endMs: i * 1000 + 900 });

describe('vocabularySuggestions', () => {
  it('suggests the glossary spelling for near misses, with how many places', () => {
    const segments = [seg('We deploy it on Kubernetis, like everyone.'), seg('Then we add open telemetry to Kubernetis.', 1), seg('And kubernetes again.', 2)];
    expect(vocabularySuggestions(segments, ['Kubernetes', 'OpenTelemetry'])).toEqual([
      { from: 'Kubernetis', to: 'Kubernetes', count: 2, segments: [0, 1] },
      { from: 'kubernetes', to: 'Kubernetes', count: 1, segments: [2] },
      { from: 'open telemetry', to: 'OpenTelemetry', count: 1, segments: [1] },
    ]);
  });

  it('suggests nothing where the term is already written right, or possessive', () => {
    const segments = [seg('Kubernetes and OpenTelemetry, as Ada Lovelace would say.'), seg("Ada Lovelace's notes.", 1)];
    expect(vocabularySuggestions(segments, ['Kubernetes', 'OpenTelemetry', 'Ada Lovelace'])).toEqual([]);
  });

  it('leaves ordinary words near a short term alone', () => {
    // "Helm" is one letter from "help", "hell", "held": short terms must match exactly (any case).
    expect(vocabularySuggestions([seg('Can you help? The held item.')], ['Helm'])).toEqual([]);
    expect(vocabularySuggestions([seg('We use helm charts.')], ['Helm'])).toEqual([{ from: 'helm', to: 'Helm', count: 1, segments: [0] }]);
  });

  it('does not join words across punctuation into one spelling', () => {
    expect(vocabularySuggestions([seg('It was open, telemetry came later.')], ['OpenTelemetry'])).toEqual([]);
  });
});

describe('vocabularyPrompt', () => {
  it('lists the source terms before the global ones, once each', () => {
    const terms = vocabularyFor(['Kubernetes', 'Helm'], { 'Ship It Show': ['Ada Lovelace', 'kubernetes'] }, ['Ship It Show']);
    expect(vocabularyPrompt(terms)).toBe('Ada Lovelace, kubernetes, Helm.');
    expect(vocabularyPrompt([])).toBeUndefined();
  });

  it('fits whisper’s prompt window by dropping the last terms whole', () => {
    const terms = Array.from({ length: 200 }, (_, i) => `Supercalifragilistic${i}`);
    const prompt = vocabularyPrompt(terms) ?? '';
    expect(estimateTokens(prompt)).toBeLessThanOrEqual(PROMPT_MAX_TOKENS);
    expect(prompt.startsWith('Supercalifragilistic0, Supercalifragilistic1,')).toBe(true);
    expect(prompt.endsWith('.')).toBe(true);
    expect(prompt.split(', ').every((t) => /^Supercalifragilistic\d+\.?$/.test(t))).toBe(true);
  });
});

describe('vocabulary settings', () => {
  it('accept a glossary and per-source lists, and refuse oversized ones', () => {
    expect(SETTING_SCHEMAS['stt.vocabulary'].safeParse(['Kubernetes', 'OpenTelemetry']).success).toBe(true);
    expect(SETTING_SCHEMAS['stt.vocabulary'].safeParse(Array.from({ length: 201 }, (_, i) => `t${i}`)).success).toBe(false);
    expect(SETTING_SCHEMAS['stt.vocabulary'].safeParse(['x'.repeat(81)]).success).toBe(false);
    expect(SETTING_SCHEMAS['stt.vocabulary.bySource'].safeParse({ 'Ship It Show': ['Ada Lovelace'] }).success).toBe(true);
    expect(SETTING_SCHEMAS['stt.vocabulary.bySource'].safeParse({ '': ['x'] }).success).toBe(false);
  });
});

describe('the settings boxes', () => {
  it('read a glossary one term a line or comma-separated, blanks and repeats dropped', () => {
    expect(parseTermLines('Kubernetes\n  OpenTelemetry , Helm\n\nkubernetes\n')).toEqual(['Kubernetes', 'OpenTelemetry', 'Helm']);
  });

  it('read per-show lists keyed by a title or a URL, and write them back the same', () => {
    const text = 'Ship It Show = Ada Lovelace, Kubernetes\nhttps://feeds.example.com/rss = Grafana\nno separator here';
    const bySource = parseSourceLines(text);
    expect(bySource).toEqual({ 'Ship It Show': ['Ada Lovelace', 'Kubernetes'], 'https://feeds.example.com/rss': ['Grafana'] });
    expect(parseSourceLines(formatSourceLines(bySource))).toEqual(bySource);
  });
});
