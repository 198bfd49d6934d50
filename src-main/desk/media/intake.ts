// Files handed to the desk that are not URL lists: what is media is decided by probing the file
// (ffprobe with the format whitelist of stt/audio/tools.ts), never by its name. A file that is not
// media is refused with the reason and the others still count; a folder is only counted (one
// level) until the person confirms it.
import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';
import type { MediaIntake, MediaJob } from '#shared/contract/media';
import { newMediaJob } from '#shared/media/job';
import { droppableExtension } from '#shared/queue/extract';
import { isSttError, type SpeechToText } from '#service/stt/index';
import { titleFromName } from '#service/localTranscripts';

/** A folder's files probed at most; a folder of thousands is not a drop anyone means. */
export const MAX_FOLDER_FILES = 500;

export type Probed = { ok: true; job: MediaJob } | { ok: false; error: string };

export interface NewJobContext {
  /** The engine the settings pick now (the card names it before the job starts); null when none is ready. */
  engine: string | null;
  /** The engine's destination when it is remote (said on the card before the job starts). */
  sendsTo: string | null;
  now: number;
}

const reasonOf = (error: unknown) => (isSttError(error) ? error.message : `could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);

/** Probes one file; a media job record (not stored yet) or the reason it is not one. */
export async function probeFile(stt: SpeechToText, path: string, context: NewJobContext, upload?: { name: string }): Promise<Probed> {
  if (!isAbsolute(path)) return { ok: false, error: 'not an absolute path' };
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) return { ok: false, error: 'no such file' };
  if (!info.isFile()) return { ok: false, error: 'not a regular file' };
  try {
    const media = await stt.probeMedia(path);
    const name = upload?.name ?? basename(path);
    return {
      ok: true,
      job: newMediaJob({
        id: randomUUID(),
        name,
        path,
        uploaded: upload !== undefined,
        title: media.title ?? titleFromName(name),
        sizeBytes: info.size,
        durationSeconds: media.durationSeconds ?? null,
        video: media.hasVideo === true,
        engine: context.engine,
        sendsTo: context.sendsTo,
        createdAt: context.now,
      }),
    };
  } catch (error) {
    return { ok: false, error: reasonOf(error) };
  }
}

/** The media files directly in a folder (no subfolders, no hidden files, no URL lists), and how many other files were passed over. */
export async function mediaInFolder(stt: SpeechToText, folder: string, context: NewJobContext): Promise<{ jobs: MediaJob[]; skipped: number }> {
  const entries = await readdir(folder, { withFileTypes: true });
  const candidates = entries
    .filter((e) => e.isFile() && !e.name.startsWith('.') && droppableExtension(e.name) === undefined)
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const jobs: MediaJob[] = [];
  let skipped = entries.length - candidates.length;
  for (const name of candidates.slice(0, MAX_FOLDER_FILES)) {
    // Files of one folder are queued in name order: each a millisecond apart keeps that order.
    const probed = await probeFile(stt, join(folder, name), { ...context, now: context.now + jobs.length });
    if (probed.ok) jobs.push(probed.job);
    else skipped += 1;
  }
  return { jobs, skipped: skipped + Math.max(0, candidates.length - MAX_FOLDER_FILES) };
}

/** Sorts paths into files (probed) and folders (counted); adds the media jobs with `add`. */
export async function intakePaths(stt: SpeechToText, paths: readonly string[], context: NewJobContext, add: (jobs: MediaJob[]) => Promise<void>, upload?: { name: string }): Promise<MediaIntake> {
  const out: MediaIntake = { files: [], folders: [] };
  const jobs: MediaJob[] = [];
  for (const path of paths) {
    const info = isAbsolute(path) ? await stat(path).catch(() => undefined) : undefined;
    if (info?.isDirectory() === true) {
      const found = await mediaInFolder(stt, path, context).catch(() => ({ jobs: [], skipped: 0 }));
      out.folders.push({ name: basename(path), path, mediaFiles: found.jobs.length, skipped: found.skipped });
      continue;
    }
    const probed = await probeFile(stt, path, { ...context, now: context.now + jobs.length }, upload);
    if (probed.ok) jobs.push(probed.job);
    out.files.push({ name: upload?.name ?? basename(path), jobId: probed.ok ? probed.job.id : null, error: probed.ok ? null : probed.error });
  }
  if (jobs.length > 0) await add(jobs);
  return out;
}
