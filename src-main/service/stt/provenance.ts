// The provenance of our own speech-to-text: the engine and model that heard it, and the language it
// was told to hear (none when it was left to detect one).
import type { Provenance } from '#shared/contract/provenance';
import type { Settings } from '../settings';

export interface SpeechRun {
  engine: string;
  model: string | null;
  /** What the run made of the speech; `translate` is whisper's English of it. A run that does not say transcribed. */
  task?: 'transcribe' | 'translate';
}

export function speechProvenance(run: SpeechRun, language: string | null): Extract<Provenance, { kind: 'speech-to-text' }> {
  return { kind: 'speech-to-text', engine: run.engine, model: run.model, version: null, language: language === null || language === 'auto' ? null : language, task: run.task ?? 'transcribe' };
}

/** The language setting a run without an explicit one used (`stt.language`; `auto` is none). */
export async function settingsLanguage(settings: Settings): Promise<string | null> {
  const { language } = await settings.stt();
  return language === 'auto' ? null : language;
}
