// A data home with the service opened in-process, for speech-to-text tests.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { openService, type OpenedService } from '#service/open';
import { scratchRoot } from '#service/stt/workdir';
import { tempHome } from './home';

export async function openTestService(env: NodeJS.ProcessEnv = {}): Promise<OpenedService & { home: string; remove(): Promise<void> }> {
  const home = tempHome('td-stt-');
  const opened = await openService(home.dir, {}, env);
  return {
    ...opened,
    home: home.dir,
    remove: async () => {
      await opened.close();
      home.remove();
    },
  };
}

/** 16 kHz mono s16le samples of a file, decoded by ffmpeg. */
export function pcmOf(file: string): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', '16000', '-'], { maxBuffer: 1024 ** 3 });
}

/** What is left in the scratch directory of a data home. */
export const scratchLeft = (home: string) => {
  try {
    return readdirSync(scratchRoot(home));
  } catch {
    return [];
  }
};
