// What an export did: files written (or downloaded), duplicates folded, files replaced, items
// skipped and why; "Open folder" in the desktop app after an export to a folder.
import { useState } from 'react';
import type { ExportOutput } from '#shared/contract/exports';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { plural } from '../../lib/format';

export interface ExportSummary extends Pick<ExportOutput, 'files' | 'skipped' | 'folded'> {
  /** Written on this machine: the folder and the zip (if one); null for a browser download. */
  written: { folder: string; zipFile: string | null; replaced: number } | null;
  /** A download: the name the browser saved it under. */
  downloaded: string | null;
}

function headline(s: ExportSummary): string {
  if (s.files.length === 0) return 'Nothing was exported.';
  const files = plural(s.files.length, 'file');
  if (s.written === null) return s.files.length === 1 && s.downloaded === s.files[0] ? `Downloaded ${s.downloaded}.` : `${files} downloaded as ${s.downloaded ?? 'a zip'}.`;
  const replaced = s.written.replaced === 0 ? '' : ` (${plural(s.written.replaced, 'file')} of the same name replaced)`;
  return `${files} written ${s.written.zipFile === null ? `to ${s.written.folder}` : `into ${s.written.zipFile}`}${replaced}.`;
}

export function ExportResult({ summary, canOpenFolder, onClose }: { summary: ExportSummary; canOpenFolder: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const folder = summary.written?.folder;
  const openFolder = () => {
    if (folder === undefined) return;
    desk()
      .invoke('export.openFolder', { folder })
      .catch((e: unknown) => setError(deskErrorOf(e).message));
  };
  return (
    <div className="export-result" data-testid="export-result">
      <p role="status">{headline(summary)}</p>
      {summary.folded > 0 && <p className="muted">{`${plural(summary.folded, 'link')} led to a transcript already in this export and ${summary.folded === 1 ? 'was' : 'were'} exported once.`}</p>}
      {summary.files.length > 0 && (
        <ul className="file-list">
          {summary.files.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {summary.skipped.length > 0 && (
        <>
          <h3>Skipped ({summary.skipped.length})</h3>
          <ul className="skip-list" data-testid="export-skipped">
            {summary.skipped.map((s, i) => (
              <li key={`${s.name}-${i}`}>
                <strong>{s.name}</strong>: {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        {canOpenFolder && folder !== undefined && summary.files.length > 0 && (
          <button type="button" className="button" onClick={openFolder}>
            Open folder
          </button>
        )}
        <button type="button" className="button primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
