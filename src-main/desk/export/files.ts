// Writing export files without ever replacing one that is there.
import { closeSync, linkSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { numberedName } from '../../../src-shared/format/fileNames';

/** Creates `name.ext` in `dir`, or `name-2.ext`, `name-3.ext` … if taken; returns the file name used. */
export function writeNew(dir: string, name: string, extension: string, content: string): string {
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
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    return file;
  }
}

/**
 * Gives a finished temporary file its final name the same way: a hard link fails when the name
 * exists, so nothing is replaced even if another program writes the same name meanwhile.
 */
export function publishNew(dir: string, tempFile: string, name: string, extension: string): string {
  for (let n = 1; ; n++) {
    const file = numberedName(name, extension, n);
    try {
      linkSync(tempFile, join(dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    unlinkSync(tempFile);
    return file;
  }
}
