// vitest global setup: one directory for the run's generated speech, removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    speechCache: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'td-speech-'));
  project.provide('speechCache', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
