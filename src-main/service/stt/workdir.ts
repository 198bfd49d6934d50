// Scratch space for one transcription under <home>/tmp/stt: the downloaded media, the decoded PCM
// and the engines' chunk files. Removed when the task ends however it ends; a directory left by a
// process that was killed is removed by the next task that starts.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessAlive } from '../processes';

export const scratchRoot = (home: string) => join(home, 'tmp', 'stt');
const OWNER = 'owner.pid';

export interface WorkDir {
  dir: string;
  remove(): Promise<void>;
}

export async function createWorkDir(home: string): Promise<WorkDir> {
  const dir = join(scratchRoot(home), randomUUID());
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(join(dir, OWNER), String(process.pid));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Removes scratch directories whose owning process is gone. */
export async function sweepStaleWorkDirs(home: string): Promise<void> {
  const root = scratchRoot(home);
  const entries = await readdir(root).catch(() => [] as string[]);
  await Promise.all(
    entries.map(async (name) => {
      const dir = join(root, name);
      const pid = Number(await readFile(join(dir, OWNER), 'utf8').catch(() => ''));
      if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) await rm(dir, { recursive: true, force: true });
    }),
  );
}
