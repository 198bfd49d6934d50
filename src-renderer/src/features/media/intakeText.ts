// The sentence over a media intake's outcome. Local files are free wherever they came from (a drop
// on the desktop app, an upload to the browser build): the sentence says so every time.
import { plural } from '../../lib/format';
import type { IntakeReport } from '../../stores/mediaIntake';

export const FREE_NOTE = 'Nothing is charged for local files.';

export function intakeSummary(report: IntakeReport, uploading: number): string {
  const added = report.added.length;
  const refused = report.refused.length;
  const parts: string[] = [];
  if (added > 0) parts.push(`${plural(added, 'file')} added for transcription on this machine`);
  if (refused > 0) parts.push(`${plural(refused, 'file')} refused`);
  if (uploading > 0) parts.push(`${uploading} still uploading`);
  const head = parts.length === 0 ? 'No file added' : parts.join(', ');
  return `${head.charAt(0).toUpperCase()}${head.slice(1)}. ${FREE_NOTE}`;
}

/** "Transcribe the 12 media files in Interviews?", with what the folder holds besides. */
export function folderQuestion(folder: { name: string; mediaFiles: number; skipped: number }): string {
  const skipped = folder.skipped > 0 ? ` (${plural(folder.skipped, 'other file')} skipped)` : '';
  if (folder.mediaFiles === 0) return `${folder.name} has no audio or video files${skipped}.`;
  return `Transcribe the ${plural(folder.mediaFiles, 'media file')} in ${folder.name}?${skipped}`;
}
