// Whether speech-to-text can run now, without running it: the engine selectEngine would pick (or
// the one the settings ask for), and otherwise what each engine lacks. ffmpeg decodes every input,
// so an engine without it is no use either.
import { access, constants } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { EngineId, SttSettings } from '#service/settings';
import { FFMPEG } from '../audio/tools';
import { onPath } from './pocketsphinx';
import { readiness } from './select';

export interface SpeechReadiness {
  engine: EngineId | null;
  problems: string[];
}

async function ffmpegFound(): Promise<boolean> {
  if (isAbsolute(FFMPEG)) return access(FFMPEG, constants.X_OK).then(() => true, () => false);
  return (await onPath(FFMPEG)) !== undefined;
}

export async function speechReadiness(settings: SttSettings, home: string): Promise<SpeechReadiness> {
  const candidates = settings.engine === 'auto' ? settings.fallbackOrder : [settings.engine];
  const problems: string[] = [];
  let engine: EngineId | null = null;
  for (const id of candidates) {
    const ready = await readiness(id, settings, home, settings.language);
    if (ready.ok) {
      engine = id;
      break;
    }
    problems.push(`${id}: ${ready.problem}`);
  }
  if (!(await ffmpegFound())) return { engine: null, problems: [...(engine === null ? problems : []), `ffmpeg is not installed (Debian/Ubuntu: apt install ffmpeg); every engine needs it to read audio`] };
  return { engine, problems: engine === null ? problems : [] };
}
