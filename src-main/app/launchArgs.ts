// Files named on the command line (`transcript-desk links.txt`, `transcript-desk interview.mp3`, a
// file manager's "Open with" or a double-click on an associated file, a second launch while the app
// runs): handed to the desk whatever their name, as a drop is. The desk reads URL lists by their
// type and probes everything else as media, refusing with its reason what is neither; guessing
// here by extension would drop a recording named `.dat` without a word. Switches, folders and the
// app's own path (`electron <app>` in development) are not files to open.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LaunchArgsOptions {
  /**
   * The first argument that is not a switch is the app itself (`electron <app> files…`, Electron's
   * `process.defaultApp`), not a file to open.
   */
  appPathFirst?: boolean;
}

/** An argument as a path: Linux desktop entries pass files as `file://` URLs (the `%U` field code). */
function pathOf(arg: string, cwd: string): string | undefined {
  if (arg.startsWith('file:')) {
    try {
      return fileURLToPath(arg);
    } catch {
      return undefined;
    }
  }
  return isAbsolute(arg) ? arg : resolve(cwd, arg);
}

/** The existing files `args` (a command line without the executable) names, absolute, in order. */
export function launchFiles(args: readonly string[], cwd: string, options: LaunchArgsOptions = {}): string[] {
  const files: string[] = [];
  let appPathPending = options.appPathFirst === true;
  for (const arg of args) {
    if (arg.startsWith('-') || arg === '') continue;
    if (appPathPending) {
      appPathPending = false;
      continue;
    }
    const path = pathOf(arg, cwd);
    if (path === undefined) continue;
    try {
      if (existsSync(path) && statSync(path).isFile()) files.push(path);
    } catch {
      // Unreadable: not ours to report here; the import would say so for a file it was given.
    }
  }
  return files;
}
