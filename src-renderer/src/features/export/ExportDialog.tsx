// Export: format, folder or zip, cue length; then what was written and what was skipped, and why.
import { useEffect, useState, type FormEvent } from 'react';
import type { ExportScope } from '#shared/contract/exports';
import { EXPORT_FORMATS, type ExportFormat } from '#shared/format/exportFormats';
import { downloadExport } from '../../lib/exportDownload';
import { loadExportChoice, saveExportChoice, type ExportChoice } from './exportChoice';
import { ExportResult, type ExportSummary } from './ExportResult';
import { loadTxtChoice, saveTxtChoice } from './txtChoice';
import { TxtOptionsFields } from './TxtOptionsFields';
import { ExportTemplateFields, templateProblem, type ExportTemplate } from './ExportTemplateFields';
import { Dialog } from '../../components/Dialog';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { plural } from '../../lib/format';
import { useSettings } from '../../stores/settings';

const FORMAT_NOTE: Record<ExportFormat, string> = {
  txt: 'Plain text',
  srt: 'Subtitles (needs timing)',
  vtt: 'WebVTT subtitles (needs timing)',
  json: 'Text, segments and metadata',
  csv: 'One row per timed segment (needs timing)',
  md: 'Markdown for notes: properties, timestamp links, speakers',
  docx: 'Word document: title, details, timestamps',
  words: 'JSON with the time of each word (needs word timing)',
  'vtt-words': 'WebVTT that highlights each word as it is spoken (needs word timing)',
  chapters: 'YouTube chapter list (needs chapters made in the viewer)',
};

/** How a format is named in the list: its extension, or what it is when that says nothing. */
const FORMAT_NAME: Partial<Record<ExportFormat, string>> = { chapters: 'Chapters (YouTube)' };

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
    case 'source':
      return 'every transcript of this source';
  }
}

export function ExportDialog({ scope, onClose }: { scope: ExportScope; onClose: () => void }) {
  const view = useSettings((s) => s.view);
  const load = useSettings((s) => s.load);
  const [choice, setChoice] = useState(loadExportChoice);
  const { format, target } = choice;
  const choose = (change: Partial<ExportChoice>) =>
    setChoice((c) => {
      const next = { ...c, ...change };
      saveExportChoice(next);
      return next;
    });
  // The browser build downloads unless its user chose a folder on the server's machine.
  const downloads = view?.host.kind === 'browser' && choice.destination === 'download';
  const [folder, setFolder] = useState('');
  const [cue, setCue] = useState(42);
  const [txtChoice, setTxtChoice] = useState(loadTxtChoice);
  const chooseTxt = (next: typeof txtChoice) => {
    saveTxtChoice(next);
    setTxtChoice(next);
  };
  const [template, setTemplate] = useState<ExportTemplate>({ namePattern: '{title}', folderPerSource: false });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (view === null) void load();
  }, [view, load]);
  useEffect(() => {
    if (view !== null) {
      setFolder((f) => (f === '' ? view.exportFolder : f));
      setCue(view.values['desk.export.maxLineLength']);
      setTemplate({ namePattern: view.values['desk.export.namePattern'], folderPerSource: view.values['desk.export.folderPerSource'] });
    }
  }, [view]);

  const chooseFolder = async () => {
    try {
      const { folder: chosen } = await desk().invoke('dialog.chooseFolder', { title: 'Export transcripts to', defaultPath: folder.trim() || undefined });
      if (chosen !== null) setFolder(chosen);
    } catch (e) {
      setError(deskErrorOf(e).message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const maxLineLength = cue;
    const { namePattern, folderPerSource } = template;
    const txt = format === 'txt' ? { txt: txtChoice } : {};
    const done: Promise<ExportSummary> = downloads
      ? downloadExport({ scope, format, target, maxLineLength, namePattern, folderPerSource, ...txt }).then((s) => ({ ...s, written: null, downloaded: s.fileName }))
      : desk()
          .invoke('export.run', { scope, format, target, folder: folder.trim(), maxLineLength, namePattern, folderPerSource, ...txt })
          .then((out) => ({ ...out, written: { folder: out.folder, zipFile: out.zipFile, replaced: out.replaced }, downloaded: null }));
    done.then(setResult, (e: unknown) => setError(deskErrorOf(e).message)).finally(() => setBusy(false));
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
                <input type="radio" name="format" value={f} checked={format === f} onChange={() => choose({ format: f })} />
                <span>
                  <strong>{FORMAT_NAME[f] ?? f.toUpperCase()}</strong> <span className="muted">{FORMAT_NOTE[f]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="choices inline">
            <legend>Write</legend>
            <label className="choice">
              <input type="radio" name="target" checked={target === 'folder'} onChange={() => choose({ target: 'folder' })} /> One file per transcript
            </label>
            <label className="choice">
              <input type="radio" name="target" checked={target === 'zip'} onChange={() => choose({ target: 'zip' })} /> One zip file
            </label>
          </fieldset>
          {downloads && target === 'folder' && <p className="muted">A download of several transcripts is one zip: a page cannot save separate files without asking for each.</p>}
          {view?.host.kind === 'browser' && (
            <fieldset className="choices inline">
              <legend>Where</legend>
              <label className="choice">
                <input type="radio" name="destination" checked={choice.destination === 'download'} onChange={() => choose({ destination: 'download' })} /> Download
              </label>
              <label className="choice">
                <input type="radio" name="destination" checked={choice.destination === 'folder'} onChange={() => choose({ destination: 'folder' })} /> Save on the server
              </label>
            </fieldset>
          )}
          {!downloads && (
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
          )}
          {format === 'txt' && <TxtOptionsFields value={txtChoice} onChange={chooseTxt} />}
          <ExportTemplateFields value={template} onChange={setTemplate} />
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
            <button type="submit" className="button primary" disabled={busy || (!downloads && folder.trim() === '') || templateProblem(template) !== null}>
              {busy ? 'Exporting…' : downloads ? 'Download' : 'Export'}
            </button>
          </div>
        </form>
      ) : (
        <ExportResult summary={result} canOpenFolder={view?.host.kind === 'desktop'} onClose={onClose} />
      )}
    </Dialog>
  );
}
