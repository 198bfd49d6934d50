// Writing export files. Exporting again to the same folder replaces the files of the same name
// (README "Export"): a re-export refreshes the batch instead of piling up -2, -3 copies. Each file
// is written under a temporary name and renamed over the old one, so a reader never sees half a
// file and a failed write leaves the old file as it was.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { access, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { numberedName } from '#shared/format/fileNames';

export const tempNameFor = (file: string) => `.${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`;

async function exists(path: string): Promise<boolean> {
  return access(path, constants.F_OK).then(
    () => true,
    () => false,
  );
}

/** Gives a finished temporary file its name; true when it replaced a file of that name. */
export async function publish(dir: string, tempFile: string, file: string): Promise<boolean> {
  const target = join(dir, file);
  const replaced = await exists(target);
  try {
    await rename(tempFile, target);
  } catch (error) {
    await rm(tempFile, { force: true });
    throw error;
  }
  return replaced;
}

/** Writes `file` in `dir`; true when it replaced a file of that name. */
export async function writeReplacing(dir: string, file: string, content: string | Uint8Array): Promise<boolean> {
  const temp = join(dir, tempNameFor(file));
  await writeFile(temp, content, { flag: 'wx' });
  return publish(dir, temp, file);
}

/**
 * Creates `name.ext` in `dir`, or `name-2.ext`, `name-3.ext` … if taken; returns the file name
 * used. The CLI's `get --out` keeps this: one fetch per command, and no batch to refresh.
 */
export function writeNew(dir: string, name: string, extension: string, content: string | Uint8Array): string {
  for (let n = 1; ; n++) {
    const file = numberedName(name, extension, n);
    let fd: number;
    try {
      fd = openSync(join(dir, file), 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    try {
      writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    } finally {
      closeSync(fd);
    }
    return file;
  }
}
