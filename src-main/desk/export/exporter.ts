// Export: transcripts of queue items (one, a selection, the whole batch) or library entries, in
// one format, to a folder (one file per transcript) or to one zip in that folder; or, for the
// browser build, as a download (download.ts) that writes nothing on the server. Files are named
// from the title (else the item id); a file of the same name from an earlier export is replaced
// (files.ts). Items that cannot be written in the format (SRT, VTT and CSV need timing) are listed
// with the reason; one transcript reached through two links is written once (collect.ts).
import { createWriteStream } from 'node:fs';
import { mkdir, realpath, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ExportInput, ExportOutput } from '#shared/contract/exports';
import { DeskError } from '#shared/contract/result';
import { EXPORT_FORMAT_EXTENSIONS } from '#shared/format/exportFormats';
import { baseName } from '#shared/format/fileNames';
import type { DeskDeps } from '../deps';
import { collectExport, type ReadyFile } from './collect';
import { publish, tempNameFor, writeReplacing } from './files';
import { checkExportFolder, createExportFolder } from './folder';
import { fileNames, zipStream } from './zip';

const stamp = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}-${String(d.getHours()).padStart(2, '0')}${String(d.getMinutes()).padStart(2, '0')}`;

/** The zip's name, for a folder and for a download alike: a whole source's is named after it. */
export const zipNameOf = (format: string, now = new Date(), sourceTitle?: string) => (sourceTitle === undefined ? `transcripts-${format}-${stamp(now)}.zip` : `${baseName(sourceTitle, 'source')}.zip`);

export interface ExportSettings {
  folder: string;
  maxLineLength: number;
  namePattern?: string;
  folderPerSource?: boolean;
}

export async function exportTranscripts(deps: DeskDeps, input: ExportInput, defaults: ExportSettings): Promise<ExportOutput> {
  // Checked before any work, created only once there is something to write (below).
  const plan = await checkExportFolder(input.folder ?? defaults.folder);
  const folder = plan.folder;
  const naming = { namePattern: input.namePattern ?? defaults.namePattern, folderPerSource: input.folderPerSource ?? defaults.folderPerSource };
  const { ready, skipped, folded, sourceTitle } = await collectExport(deps, input, input.maxLineLength ?? defaults.maxLineLength, naming);

  // Files go to the folder's real path as checked, so a link swapped in meanwhile is not followed.
  let target = await createExportFolder(plan);
  let shown = folder;
  // A whole source's files go in a folder of its own, named after it, inside the export folder.
  if (sourceTitle !== undefined && input.target === 'folder' && ready.length > 0) {
    const name = baseName(sourceTitle, 'source');
    await mkdir(join(target, name)).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new DeskError('unavailable', `The folder ${join(folder, name)} cannot be created: ${(error as Error).message}`);
    });
    target = await realpath(join(target, name));
    shown = join(folder, name);
  }
  const empty = { folder: shown, zipFile: null, files: [], skipped, folded, replaced: 0 };
  if (ready.length === 0) return empty;
  try {
    const names = fileNames(ready, EXPORT_FORMAT_EXTENSIONS[input.format]);
    if (input.target === 'folder') {
      let replaced = 0;
      for (const [i, file] of ready.entries()) {
        const dir = file.folder === undefined ? target : await subFolder(target, file.folder);
        if (await writeReplacing(dir, (names[i] as string).split('/').pop() as string, file.content)) replaced++;
      }
      return { ...empty, files: names, replaced };
    }
    const zipFile = zipNameOf(input.format, new Date(), sourceTitle);
    const replaced = await writeZip(target, zipFile, ready, names);
    return { ...empty, zipFile: join(folder, zipFile), files: names, replaced: replaced ? 1 : 0 };
  } catch (error) {
    if (error instanceof DeskError) throw error;
    throw new DeskError('unavailable', `Writing into ${folder} failed: ${(error as Error).message}`);
  }
}

/**
 * A "folder per source" sub-folder of the export folder (one level, its name already safe: made
 * by baseName), created when missing; its real path, so a link put there is not followed out.
 */
async function subFolder(target: string, name: string): Promise<string> {
  await mkdir(join(target, name)).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  const real = await realpath(join(target, name));
  if (real !== join(target, name)) throw new DeskError('unavailable', `${join(target, name)} is a link; files are not written through it`);
  return real;
}

/** The zip, streamed to a temporary file and published only when whole; true when it replaced one. */
async function writeZip(folder: string, zipFile: string, ready: readonly ReadyFile[], names: readonly string[]): Promise<boolean> {
  const temp = join(folder, tempNameFor(zipFile));
  try {
    await pipeline(zipStream(ready, names), createWriteStream(temp, { flags: 'wx' }));
  } catch (error) {
    await rm(temp, { force: true });
    throw new Error(`the zip could not be written: ${(error as Error).message}`, { cause: error });
  }
  return publish(folder, temp, zipFile);
}
