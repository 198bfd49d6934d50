// Export: format, folder or zip, cue length; then what was written and what was skipped, and why.
import { useEffect, useState, type FormEvent } from 'react';
import type { ExportOutput, ExportScope } from '../../../../src-shared/contract/exports';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../src-shared/format/exportFormats';
import { Dialog } from '../../components/Dialog';
import { desk, errorOf } from '../../lib/desk';
import { plural } from '../../lib/format';
import { useSettings } from '../../stores/settings';

const FORMAT_NOTE: Record<ExportFormat, string> = {
  txt: 'Plain text',
  srt: 'Subtitles (needs timing)',
  vtt: 'WebVTT subtitles (needs timing)',
  json: 'Text, segments and metadata',
  csv: 'One row per timed segment (needs timing)',
};

function describe(scope: ExportScope): string {
  switch (scope.kind) {
    case 'queue':
      return 'every finished item of the queue';
    case 'items':
      return plural(scope.ids.length, 'selected item');
    case 'library':
      return plural(scope.ids.length, 'library transcript');
    case 'transcripts':
      return scope.refs.length === 1 ? 'this transcript' : plural(scope.refs.length, 'transcript');
  }
}

export function ExportDialog({ scope, onClose }: { scope: ExportScope; onClose: () => void }) {
  const view = useSettings((s) => s.view);
  const load = useSettings((s) => s.load);
  const [format, setFormat] = useState<ExportFormat>('srt');
  const [target, setTarget] = useState<'folder' | 'zip'>('folder');
  const [folder, setFolder] = useState('');
  const [cue, setCue] = useState(42);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExportOutput | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (view === null) void load();
  }, [view, load]);
  useEffect(() => {
    if (view !== null) {
      setFolder((f) => (f === '' ? view.exportFolder : f));
      setCue(view.values['desk.export.maxLineLength']);
    }
  }, [view]);

  const chooseFolder = async () => {
    try {
      const { folder: chosen } = await desk().invoke('dialog.chooseFolder', { title: 'Export transcripts to', defaultPath: folder.trim() || undefined });
      if (chosen !== null) setFolder(chosen);
    } catch (e) {
      setError(errorOf(e).message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    desk()
      .invoke('export.run', { scope, format, target, folder: folder.trim(), maxLineLength: cue })
      .then(setResult, (e: unknown) => setError(errorOf(e).message))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog title="Export transcripts" onClose={onClose}>
      {result === null ? (
        <form className="form" onSubmit={submit}>
          <p className="muted">Exports {describe(scope)}.</p>
          <fieldset className="choices">
            <legend>Format</legend>
            {EXPORT_FORMATS.map((f) => (
              <label key={f} className="choice">
                <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
                <span>
                  <strong>{f.toUpperCase()}</strong> <span className="muted">{FORMAT_NOTE[f]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="choices inline">
            <legend>Write</legend>
            <label className="choice">
              <input type="radio" name="target" checked={target === 'folder'} onChange={() => setTarget('folder')} /> One file per transcript
            </label>
            <label className="choice">
              <input type="radio" name="target" checked={target === 'zip'} onChange={() => setTarget('zip')} /> One zip file
            </label>
          </fieldset>
          <label className="field">
            <span>Folder</span>
            <span className="field-row">
              <input type="text" value={folder} onChange={(e) => setFolder(e.target.value)} required spellCheck={false} />
              {view?.host.dialogs === true && (
                <button type="button" className="button" onClick={() => void chooseFolder()}>
                  Choose…
                </button>
              )}
            </span>
          </label>
          {(format === 'srt' || format === 'vtt') && (
            <label className="field">
              <span>Characters per subtitle line</span>
              <input type="number" min={10} max={200} value={cue} onChange={(e) => setCue(Number(e.target.value))} />
            </label>
          )}
          {error !== null && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button primary" disabled={busy || folder.trim() === ''}>
              {busy ? 'Exporting…' : 'Export'}
            </button>
          </div>
        </form>
      ) : (
        <div className="export-result" data-testid="export-result">
          <p role="status">
            {result.files.length === 0 ? 'Nothing was written.' : `${plural(result.files.length, 'file')} written ${result.zipFile === null ? `to ${result.folder}` : `into ${result.zipFile}`}.`}
          </p>
          {result.files.length > 0 && (
            <ul className="file-list">
              {result.files.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
          {result.skipped.length > 0 && (
            <>
              <h3>Skipped ({result.skipped.length})</h3>
              <ul className="skip-list" data-testid="export-skipped">
                {result.skipped.map((s, i) => (
                  <li key={`${s.name}-${i}`}>
                    <strong>{s.name}</strong>: {s.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="dialog-actions">
            <button type="button" className="button primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
