// The export folder: checked before any work, then created one level at a time, with async file
// system calls only, so a slow or strange file system never stops the server answering. Never
// `mkdir(…, { recursive: true })` on a path a user typed: inside /proc Node's recursive mkdir never
// returns (ENOENT for the folder, EEXIST for its parent, forever), and it would build a tree of any
// depth.
import { constants } from 'node:fs';
import { access, lstat, mkdir, realpath, stat, statfs } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { DeskError } from '#shared/contract/result';
import { MAX_NEW_FOLDERS, systemFolderOf, type FolderPlan } from '#service/localPaths';

/**
 * Kernel pseudo-file systems (statfs f_type), wherever they are mounted: a procfs bind-mounted
 * under /home is as unusable as /proc itself.
 */
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'procfs'],
  [0x62656572, 'sysfs'],
  [0x1373, 'devtmpfs'],
  [0x1cd1, 'devpts'],
  [0x64626720, 'debugfs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x74726163, 'tracefs'],
]);

const refuse = (message: string) => new DeskError('invalid_input', message);
const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

async function isLink(path: string): Promise<boolean> {
  return lstat(path).then(
    (s) => s.isSymbolicLink(),
    () => false,
  );
}

/**
 * Checks the folder an export would write to without creating anything: absolute, outside the
 * system folders (also once links are resolved) and pseudo-file systems, its nearest existing
 * ancestor a folder this process may write into, at most MAX_NEW_FOLDERS missing levels.
 * Refuses with `invalid_input` and a sentence naming the folder.
 */
export async function checkExportFolder(path: string): Promise<FolderPlan> {
  const what = `The export folder ${path}`;
  if (path.includes('\0')) throw refuse('The export folder must not contain a NUL character');
  if (!isAbsolute(path)) throw refuse(`The export folder must be a full path (got "${path}")`);
  const folder = resolve(path);
  const area = systemFolderOf(folder);
  if (area !== undefined) throw refuse(`${what} is inside ${area}, a system folder: choose a folder in your home`);

  const missing: string[] = [];
  let current = folder;
  for (;;) {
    try {
      await stat(current);
      break;
    } catch (error) {
      const code = errnoOf(error);
      // ENOTDIR: a file further up; the walk reaches it and says so below.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw refuse(`${what} cannot be checked: ${(error as Error).message}`);
    }
    if (await isLink(current)) throw refuse(`${what} cannot be used: ${current} is a link to something that does not exist`);
    missing.unshift(basename(current));
    current = dirname(current);
  }
  let existing: string;
  try {
    existing = await realpath(current);
  } catch (error) {
    throw refuse(`${what} cannot be checked: ${(error as Error).message}`);
  }
  const realArea = systemFolderOf(existing);
  if (realArea !== undefined) throw refuse(`${what} is inside ${realArea}, a system folder (${existing})`);
  const stats = await stat(existing);
  if (!stats.isDirectory()) throw refuse(`${what} cannot be used: ${current} ${stats.isFile() ? 'is a file, not a folder' : 'is a device or special file, not a folder'}`);
  const kind = PSEUDO_FILE_SYSTEMS.get(Number((await statfs(existing)).type));
  if (kind !== undefined) throw refuse(`${what} is on ${kind}, a system file system, not a disk`);
  if (missing.length > MAX_NEW_FOLDERS) throw refuse(`${what} would need ${missing.length} new folders; at most ${MAX_NEW_FOLDERS} are created`);
  try {
    await access(existing, constants.W_OK | constants.X_OK);
  } catch {
    throw refuse(missing.length === 0 ? `${what} is not writable by this app` : `${what} cannot be created: ${existing} is not writable by this app`);
  }
  return { folder, existing, missing };
}

/**
 * Creates the missing levels of a checked folder, each under the real path of the one before,
 * which must still be a folder outside the system folders (another program may change the disk
 * between the check and here). Returns the real path of the folder, where files are written.
 */
export async function createExportFolder(plan: FolderPlan): Promise<string> {
  let parent = await checkedDirectory(plan.folder, plan.existing);
  for (const name of plan.missing) {
    const next = join(parent, name);
    try {
      await mkdir(next);
    } catch (error) {
      // Made by someone else meanwhile: fine if it is a folder, which the check below tells.
      if (errnoOf(error) !== 'EEXIST') throw new DeskError('unavailable', `The folder ${next} cannot be created: ${(error as Error).message}`);
    }
    parent = await checkedDirectory(plan.folder, next);
  }
  return parent;
}

async function checkedDirectory(folder: string, path: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(path);
    if (!(await stat(real)).isDirectory()) throw refuse(`The export folder ${folder} cannot be used: ${path} is not a folder`);
  } catch (error) {
    if (error instanceof DeskError) throw error;
    throw new DeskError('unavailable', `The export folder ${folder} cannot be used: ${(error as Error).message}`);
  }
  const area = systemFolderOf(real);
  if (area !== undefined) throw refuse(`The export folder ${folder} is inside ${area}, a system folder (${real})`);
  return real;
}
