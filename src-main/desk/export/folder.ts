// The export folder: checked before any work (service/localPaths.ts), then created one level at a
// time. Never `mkdirSync(…, { recursive: true })` on a path a user typed: inside /proc it never
// returns (ENOENT for the folder, EEXIST for its parent, forever), and it would happily build a
// tree of any depth.
import { mkdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DeskError } from '../../../src-shared/contract/result';
import { LocalPathError, planExportFolder, systemFolderOf, type FolderPlan } from '../../service/localPaths';

/** Checks the folder an export would write to; refuses with `invalid_input`. Creates nothing. */
export function checkExportFolder(folder: string): FolderPlan {
  try {
    return planExportFolder(folder);
  } catch (error) {
    if (error instanceof LocalPathError) throw new DeskError('invalid_input', error.message);
    throw error;
  }
}

/**
 * Creates the missing levels of a checked folder, each under the real path of the one before,
 * which must still be a directory outside the system folders (another program may change the
 * disk between the check and here). Returns the real path of the folder, where files are written.
 */
export function createExportFolder(plan: FolderPlan): string {
  let parent = plan.existing;
  for (const name of plan.missing) {
    const next = join(parent, name);
    try {
      mkdirSync(next);
    } catch (error) {
      // Made by someone else meanwhile: fine if it is a folder, which the check below tells.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new DeskError('unavailable', `The folder ${next} cannot be created: ${(error as Error).message}`);
    }
    parent = checkedDirectory(plan.folder, next);
  }
  return plan.missing.length === 0 ? checkedDirectory(plan.folder, plan.existing) : parent;
}

function checkedDirectory(folder: string, path: string): string {
  let real: string;
  try {
    real = realpathSync(path);
    if (!statSync(real).isDirectory()) throw new DeskError('invalid_input', `The export folder ${folder} cannot be used: ${path} is not a folder`);
  } catch (error) {
    if (error instanceof DeskError) throw error;
    throw new DeskError('unavailable', `The export folder ${folder} cannot be used: ${(error as Error).message}`);
  }
  const area = systemFolderOf(real);
  if (area !== undefined) throw new DeskError('invalid_input', `The export folder ${folder} is inside ${area}, a system folder (${real})`);
  return real;
}
