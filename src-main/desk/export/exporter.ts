// Export: transcripts of queue items (one, a selection, the whole batch) or library entries, in
// one format, to a folder (one file per transcript) or to one zip in that folder. Files are named
// from the title (else the item id) and never replace a file that is there. Items that cannot be
// written in the format (SRT, VTT and CSV need timing) are listed with the reason.
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { ExportInput, ExportOutput } from '../../../src-shared/contract/exports';
import type { QueueItem } from '../../../src-shared/contract/queue';
import { DeskError } from '../../../src-shared/contract/result';
import type { TranscriptView } from '../../../src-shared/contract/transcript';
import { baseName, claimName } from '../../../src-shared/format/fileNames';
import { formatTranscript } from '../../../src-shared/format/formatters';
import type { DeskDeps } from '../deps';
import { readTranscript, toDocument } from '../transcripts';
import { publishNew, writeNew } from './files';
import { checkExportFolder, createExportFolder } from './folder';

interface Source {
  /** How the item is called in the "skipped" list. */
  label: string;
  name: string;
  view: TranscriptView | null;
  skipped: string | null;
}

const NOT_READY: Partial<Record<QueueItem['status'], string>> = {
  invalid: 'not a supported link',
  queued: 'not fetched yet',
  running: 'still being fetched',
  submitted: 'the podcast job is still running',
};

function fromQueueItem(deps: DeskDeps, item: QueueItem): Source {
  const label = item.title ?? item.url;
  const name = baseName(item.title, item.itemId ?? item.url);
  if (item.status === 'failed') return { label, name, view: null, skipped: `failed: ${item.error ?? 'error'}${item.message === null ? '' : ` (${item.message})`}` };
  const notReady = NOT_READY[item.status];
  if (notReady !== undefined || item.transcript === null) return { label, name, view: null, skipped: notReady ?? 'no transcript' };
  try {
    const view = readTranscript(deps, item.transcript);
    return { label, name: baseName(view.title ?? item.title, item.itemId ?? view.itemId ?? item.url), view, skipped: null };
  } catch (error) {
    return { label, name, view: null, skipped: error instanceof Error ? error.message : String(error) };
  }
}

function sources(deps: DeskDeps, scope: ExportInput['scope']): Source[] {
  switch (scope.kind) {
    case 'queue':
      return deps.ledger.queue.list().filter((item) => item.status !== 'invalid').map((item) => fromQueueItem(deps, item));
    case 'items': {
      const items = scope.ids.map((id) => deps.ledger.queue.get(id)).filter((item) => item !== undefined);
      if (items.length === 0) throw new DeskError('not_found', 'None of these queue items exist any more');
      return items.sort((a, b) => a.position - b.position).map((item) => fromQueueItem(deps, item));
    }
    case 'transcripts':
      return scope.refs.map((ref) => {
        const view = readTranscript(deps, ref);
        return { label: view.title ?? ref.key, name: baseName(view.title, view.itemId ?? ref.key), view, skipped: null };
      });
    case 'library':
      return scope.ids.map((id) => {
        const row = deps.ledger.library.get(id);
        if (row === undefined) return { label: `library entry ${id}`, name: `transcript-${id}`, view: null, skipped: 'no longer in the library' };
        const ref = row.kind === 'episode' ? { kind: 'episode' as const, key: row.refKey } : { kind: 'transcript' as const, platform: row.platform, key: row.refKey };
        const view = readTranscript(deps, ref);
        return { label: row.title ?? row.refKey, name: baseName(view.title, view.itemId ?? row.refKey), view, skipped: null };
      });
  }
}

const stamp = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}-${String(d.getHours()).padStart(2, '0')}${String(d.getMinutes()).padStart(2, '0')}`;

export interface ExportSettings {
  folder: string;
  maxLineLength: number;
}

export function exportTranscripts(deps: DeskDeps, input: ExportInput, defaults: ExportSettings): ExportOutput {
  // Checked before any work, created only once there is something to write (below).
  const plan = checkExportFolder(input.folder ?? defaults.folder);
  const folder = plan.folder;
  const maxLineLength = input.maxLineLength ?? defaults.maxLineLength;

  const skipped: ExportOutput['skipped'] = [];
  const ready: { name: string; content: string }[] = [];
  for (const source of sources(deps, input.scope)) {
    if (source.view === null) {
      skipped.push({ name: source.label, reason: source.skipped ?? 'no transcript' });
      continue;
    }
    const formatted = formatTranscript(toDocument(source.view), input.format, { maxLineLength });
    if (!formatted.ok) skipped.push({ name: source.label, reason: formatted.reason });
    else ready.push({ name: source.name, content: formatted.content });
  }

  // Files go to the folder's real path as checked, so a link swapped in meanwhile is not followed.
  const target = createExportFolder(plan);
  if (ready.length === 0) return { folder, zipFile: null, files: [], skipped };
  try {
    if (input.target === 'folder') {
      return { folder, zipFile: null, files: ready.map((file) => writeNew(target, file.name, input.format, file.content)), skipped };
    }
    const { zipFile, files } = writeZip(target, `transcripts-${input.format}-${stamp(new Date())}`, ready, input.format);
    return { folder, zipFile: join(folder, zipFile), files, skipped };
  } catch (error) {
    if (error instanceof DeskError) throw error;
    throw new DeskError('unavailable', `Writing into ${folder} failed: ${(error as Error).message}`);
  }
}

/**
 * One zip, streamed: each file is compressed and written as it is added, so a large batch never
 * sits in memory twice. It is written under a temporary name and published only when whole.
 */
function writeZip(folder: string, zipName: string, ready: readonly { name: string; content: string }[], extension: string): { zipFile: string; files: string[] } {
  const temp = join(folder, `.${zipName}.${process.pid}.part`);
  const fd = openSync(temp, 'wx');
  const files: string[] = [];
  const failures: Error[] = [];
  try {
    const zip = new Zip((error, chunk) => {
      if (error !== null) failures.push(error);
      else writeSync(fd, chunk);
    });
    const taken = new Set<string>();
    for (const file of ready) {
      const entryName = claimName(taken, file.name, extension);
      const entry = new ZipDeflate(entryName, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(file.content), true);
      files.push(entryName);
    }
    zip.end();
  } catch (error) {
    failures.push(error as Error);
  } finally {
    closeSync(fd);
  }
  if (failures.length > 0) {
    rmSync(temp, { force: true });
    throw new Error(`the zip could not be written: ${failures.map((f) => f.message).join('; ')}`);
  }
  return { zipFile: publishNew(folder, temp, zipName, 'zip'), files };
}
