// Files named on the command line (`transcript-desk links.txt`, a file manager's "Open with", a
// second launch while the app runs): URL-list files to import. Anything else on the command line
// (Chromium switches, the app path in development) is ignored.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { droppableExtension } from '#shared/queue/extract';

export function urlFilesInArgs(argv: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('-') || droppableExtension(arg) === undefined) continue;
    const path = isAbsolute(arg) ? arg : resolve(cwd, arg);
    try {
      if (existsSync(path) && statSync(path).isFile()) files.push(path);
    } catch {
      // Unreadable: not ours to report here; the import would say so for a file it was given.
    }
  }
  return files;
}
