// vitest global setup: one directory for the run's generated speech, removed when the run ends, and
// the speech engine's speed on this machine today, from which the speech tests size their hang
// guards (test/helpers/guards.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { machineLine, measureEngineRtf } from './machine';

declare module 'vitest' {
  export interface ProvidedContext {
    speechCache: string;
    /** pocketsphinx's real-time factor measured at the start of the run; 0 where it could not be. */
    engineRtf: number;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'td-speech-'));
  project.provide('speechCache', dir);
  const engine = measureEngineRtf();
  project.provide('engineRtf', 'rtf' in engine ? engine.rtf : 0);
  process.stdout.write(`${machineLine(engine)}\n`);
  return () => rmSync(dir, { recursive: true, force: true });
}
