// Paths on this machine that a user names: the export folder (a setting, or per export) and a
// whisper model file. Checked the same way wherever they come from (desk, CLI), before anything is
// created or read, so that a path into the kernel's pseudo-file systems (where `mkdir -p` loops
// forever and reads never end) or through a file gets a sentence instead of a hang.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { notAModel, startsWithGgmlMagic } from './stt/models';

/** A path the user named cannot be used; the message says why and names the path. */
export class LocalPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalPathError';
  }
}

/**
 * Kernel pseudo-file systems: nothing a user exports or loads lives there, and procfs answers
 * mkdir in a way that makes a recursive mkdir spin. /dev/shm is refused with the rest.
 */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev'] as const;

/**
 * How many missing folders one export may create: enough for any real "Documents/Transcripts/
 * 2026/November" layout, few enough that a pasted garbage path fails instead of building a tree.
 */
export const MAX_NEW_FOLDERS = 8;

export function systemFolderOf(path: string): string | undefined {
  return SYSTEM_FOLDERS.find((root) => path === root || path.startsWith(`${root}/`));
}

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

function shapeOf(what: string, path: string): string {
  if (path.includes('\0')) throw new LocalPathError(`${what} must not contain a NUL character`);
  if (!isAbsolute(path)) throw new LocalPathError(`${what} must be a full path (got "${path}")`);
  // Lexically normalised (`..`, `//`, a trailing slash): the kernel never walks a `..` after a link.
  const normalised = resolve(path);
  const area = systemFolderOf(normalised);
  if (area !== undefined) throw new LocalPathError(`${what} ${path} is inside ${area}, a system folder`);
  return normalised;
}

/** Refuses a real path (links resolved) inside a system folder; `shown` is what the user typed. */
function assertOutsideSystemFolders(what: string, shown: string, real: string): void {
  const area = systemFolderOf(real);
  if (area !== undefined) throw new LocalPathError(`${what} ${shown} is inside ${area}, a system folder (${real})`);
}

export interface FolderPlan {
  /** The folder, absolute and normalised: where the files go, as the user named it. */
  folder: string;
  /** The real path (links resolved) of its deepest existing ancestor, or of itself; a directory. */
  existing: string;
  /** The folders to create below `existing`, outermost first (at most MAX_NEW_FOLDERS). */
  missing: string[];
}

/**
 * Checks an export folder without creating anything: absolute, not in a system folder (also after
 * resolving the links of the part that exists), its deepest existing ancestor a directory, at most
 * MAX_NEW_FOLDERS missing levels. Throws LocalPathError.
 */
export function planExportFolder(path: string): FolderPlan {
  const what = 'The export folder';
  const folder = shapeOf(what, path);
  const missing: string[] = [];
  let current = folder;
  for (;;) {
    try {
      statSync(current);
      break;
    } catch (error) {
      const code = errnoOf(error);
      // ENOTDIR: a file further up; the walk reaches it and says so below.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new LocalPathError(`${what} ${path} cannot be checked: ${(error as Error).message}`);
    }
    if (isLink(current)) throw new LocalPathError(`${what} ${path} cannot be used: ${current} is a link to something that does not exist`);
    missing.unshift(basename(current));
    current = dirname(current);
  }
  const existing = readable(what, path, () => realpathSync(current));
  assertOutsideSystemFolders(what, path, existing);
  const stats = readable(what, path, () => statSync(existing));
  if (!stats.isDirectory()) throw new LocalPathError(`${what} ${path} cannot be used: ${current} ${stats.isFile() ? 'is a file, not a folder' : 'is not a folder'}`);
  if (missing.length > MAX_NEW_FOLDERS) throw new LocalPathError(`${what} ${path} would need ${missing.length} new folders; at most ${MAX_NEW_FOLDERS} are created`);
  return { folder, existing, missing };
}

/** Runs a file-system look-up; a failure (permission denied …) becomes a sentence naming the path. */
function readable<T>(what: string, path: string, lookUp: () => T): T {
  try {
    return lookUp();
  } catch (error) {
    throw new LocalPathError(`${what} ${path} cannot be checked: ${(error as Error).message}`);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Checks a whisper model file: absolute, a regular file (links followed) outside the system
 * folders, starting with the ggml magic (read without blocking, see startsWithGgmlMagic). Throws
 * LocalPathError.
 */
export function checkModelFile(path: string): void {
  const what = 'The model file';
  shapeOf(what, path);
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') throw new LocalPathError(`${what} ${path} does not exist`);
    throw new LocalPathError(`${what} ${path} cannot be read: ${(error as Error).message}`);
  }
  assertOutsideSystemFolders(what, path, real);
  if (!readable(what, path, () => statSync(real)).isFile()) throw new LocalPathError(`${what} ${path} is not a file`);
  let isModel: boolean;
  try {
    isModel = startsWithGgmlMagic(real);
  } catch (error) {
    throw new LocalPathError(`${what} ${path} cannot be read: ${(error as Error).message}`);
  }
  if (!isModel) throw new LocalPathError(notAModel(path));
}
