// Where the Electron binary is, or why there is none. Read from electron's path.txt without
// require('electron'): requiring it where the binary is missing starts a download.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ELECTRON_PACKAGE = resolve(__dirname, '../../node_modules/electron');

export function electronBinary(): { path: string } | { missing: string } {
  const pathFile = join(ELECTRON_PACKAGE, 'path.txt');
  if (!existsSync(pathFile)) return { missing: 'no Electron binary: node_modules/electron/path.txt is absent (its download failed or was not possible at install; run `npx install-electron` where the internet is reachable)' };
  const name = readFileSync(pathFile, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(ELECTRON_PACKAGE, 'dist');
  const path = join(dist, name);
  return existsSync(path) ? { path } : { missing: `no Electron binary at ${path}` };
}
