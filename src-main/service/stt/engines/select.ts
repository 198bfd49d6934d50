// Which engine transcribes: the one asked for, or the first ready one in the fallback order
// (whisper with a model → openai when configured → pocketsphinx when installed). When none is
// ready, the error says for each engine what to install or configure.
import { stat } from 'node:fs/promises';
import type { EngineId, SttSettings } from '#service/settings';
import { SttError } from '../errors';
import { checkLocalModel, modelFile } from '../models';
import type { SpeechEngine } from './engine';
import { OpenAiEngine } from './openai';
import { PocketsphinxEngine, pocketsphinxProblem } from './pocketsphinx';
import { WhisperEngine } from './whisper';

type Readiness = { ok: true; engine: () => SpeechEngine } | { ok: false; problem: string };

async function whisperReadiness(settings: SttSettings, home: string, language: string): Promise<Readiness> {
  const { modelPath, model } = settings.whisper;
  const file = modelPath ?? (model === null ? undefined : modelFile(home, model));
  if (file === undefined) return { ok: false, problem: 'whisper has no model: download one (transcript-desk models download base.en) or pick a ggml file (transcript-desk models use FILE)' };
  if (modelPath === null && !(await stat(file).then((s) => s.isFile(), () => false))) {
    return { ok: false, problem: `whisper model ${model} is not downloaded yet (transcript-desk models download ${model})` };
  }
  try {
    await checkLocalModel(file);
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  return { ok: true, engine: () => new WhisperEngine(file, language) };
}

function openaiReadiness(settings: SttSettings, language: string): Readiness {
  const { baseUrl, apiKey, model } = settings.openai;
  if (baseUrl === null) return { ok: false, problem: 'no OpenAI-compatible endpoint is configured (settings: stt.openai.baseUrl, and stt.openai.apiKey for a hosted one)' };
  if (apiKey === null && new URL(baseUrl).hostname.endsWith('openai.com')) return { ok: false, problem: 'the OpenAI endpoint needs an API key (settings: stt.openai.apiKey)' };
  return { ok: true, engine: () => new OpenAiEngine({ baseUrl, apiKey, model, language }) };
}

export async function readiness(id: EngineId, settings: SttSettings, home: string, language: string): Promise<Readiness> {
  switch (id) {
    case 'whisper':
      return whisperReadiness(settings, home, language);
    case 'openai':
      return openaiReadiness(settings, language);
    case 'pocketsphinx': {
      const problem = await pocketsphinxProblem(language);
      return problem === undefined ? { ok: true, engine: () => new PocketsphinxEngine() } : { ok: false, problem };
    }
  }
}

export async function selectEngine(settings: SttSettings, home: string, requested: EngineId | 'auto', language: string): Promise<SpeechEngine> {
  if (requested !== 'auto') {
    const ready = await readiness(requested, settings, home, language);
    if (!ready.ok) throw new SttError('engine_unavailable', `The ${requested} engine cannot run: ${ready.problem}`);
    return ready.engine();
  }
  const problems: string[] = [];
  for (const id of settings.fallbackOrder) {
    const ready = await readiness(id, settings, home, language);
    if (ready.ok) return ready.engine();
    problems.push(`${id}: ${ready.problem}`);
  }
  throw new SttError('engine_unavailable', `No speech-to-text engine is ready. ${problems.join('. ')}.`);
}
