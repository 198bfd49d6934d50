// The viewer's versions panel: the original and every version with where it came from, which one
// is shown, which one exports (a radio group), delete, "Transcribe again with …", a free-text
// edit, and a comparison of two versions (DiffView).
import { useEffect, useState } from 'react';
import type { TranscriptView } from '#shared/contract/transcript';
import type { VersionContent } from '#shared/contract/versions';
import type { EngineId } from '#shared/settings';
import { EngineSelect } from '../../components/EngineSelect';
import { deskErrorOf } from '#shared/contract/result';
import { desk } from '../../lib/desk';
import { dateTime } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useVersions } from '../../stores/versions';
import { DiffView } from './DiffView';
import { describeProvenance } from './shownView';
import { versionActions } from './versionActions';

const ORIGINAL = '';
/** A select's value for a version id (the original has none). */
const idOf = (value: string) => (value === ORIGINAL ? null : value);

/** Podcast episodes and local files: the items whose audio the desk can reach again (desk/versions/retranscribe.ts). */
const canTranscribeAgain = (view: TranscriptView) => view.ref.kind === 'episode' || view.localFile !== null;

function TranscribeAgain({ view }: { view: TranscriptView }) {
  const busy = useVersions((s) => s.busy);
  const [engine, setEngine] = useState<EngineId>('pocketsphinx');
  const [model, setModel] = useState('');
  const [task, setTask] = useState<'transcribe' | 'translate'>('transcribe');
  return (
    <form
      className="versions-again"
      aria-label="Transcribe again"
      onSubmit={(e) => {
        e.preventDefault();
        void versionActions.retranscribe({ ref: view.ref, engine, ...(engine === 'whisper' && model.trim() !== '' ? { model: model.trim() } : {}), ...(task === 'translate' ? { task } : {}) });
      }}
    >
      <EngineSelect<EngineId> value={engine} onChange={setEngine} />
      {engine === 'whisper' && (
        <label className="field">
          <span>Whisper model (blank: the one in Settings)</span>
          <input value={model} onChange={(e) => setModel(e.target.value)} placeholder="base.en" />
        </label>
      )}
      <label className="field">
        <span>Task</span>
        <select value={task} onChange={(e) => setTask(e.target.value as 'transcribe' | 'translate')}>
          <option value="transcribe">Transcribe</option>
          <option value="translate">Translate to English (whisper)</option>
        </select>
      </label>
      <button type="submit" className="button small" disabled={busy !== null}>
        Transcribe again
      </button>
      <span className="small" role="status">
        {busy ?? ''}
      </span>
    </form>
  );
}

function FreeTextEditor({ view }: { view: TranscriptView }) {
  const [text, setText] = useState<string | null>(null);
  if (text === null)
    return (
      <button type="button" className="button small" onClick={() => setText(view.text)}>
        Edit text
      </button>
    );
  return (
    <form
      className="versions-text"
      onSubmit={(e) => {
        e.preventDefault();
        void versionActions.edit(view.ref, { kind: 'text', text }).then((saved) => saved && setText(null));
      }}
    >
      <label className="field grow">
        <span>Text of this version</span>
        <textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" className="button small primary" disabled={text.trim() === '' || text === view.text}>
        Save as a new version
      </button>
      <button type="button" className="button small" onClick={() => setText(null)}>
        Cancel
      </button>
    </form>
  );
}

function VersionSelect({ label, options, value, onChange }: { label: string; options: { id: string; name: string }[]; value: string; onChange: (id: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Compare({ view, names }: { view: TranscriptView; names: { id: string; name: string }[] }) {
  const [a, setA] = useState(ORIGINAL);
  // Until the person picks one, "with" follows the newest version: a re-transcription that lands
  // while the panel is open is what they will want to compare.
  const [picked, setB] = useState<string | null>(null);
  const b = picked ?? names.at(-1)?.id ?? ORIGINAL;
  const [pair, setPair] = useState<[VersionContent, VersionContent] | null>(null);
  const options = [{ id: ORIGINAL, name: 'Original' }, ...names];
  const compare = async () => {
    try {
      const [left, right] = await Promise.all([desk().invoke('versions.get', { ref: view.ref, id: idOf(a) }), desk().invoke('versions.get', { ref: view.ref, id: idOf(b) })]);
      setPair([left, right]);
    } catch (error) {
      useApp.getState().notify('error', deskErrorOf(error).message);
    }
  };
  return (
    <div className="versions-compare">
      <div className="field-row">
        <VersionSelect label="Compare" options={options} value={a} onChange={setA} />
        <VersionSelect label="with" options={options} value={b} onChange={setB} />
        <button type="button" className="button small" onClick={() => void compare()}>
          Show changes
        </button>
      </div>
      {pair !== null && <DiffView a={pair[0]} b={pair[1]} />}
    </div>
  );
}

export function VersionsPanel({ view }: { view: TranscriptView }) {
  const { ref } = view;
  const versions = useVersions((s) => s.view);
  const shown = useVersions((s) => s.shown);
  useEffect(() => {
    void versionActions.load(ref);
  }, [ref]);
  const list = versions?.versions ?? [];
  const exporting = versions?.exportVersion ?? null;
  const shownId = shown?.id ?? null;
  const rows = [{ id: null, name: 'Original', detail: `as fetched, ${dateTime(view.createdAt)}` }, ...list.map((v) => ({ id: v.id, name: v.name, detail: `${describeProvenance(v.provenance)}, ${dateTime(v.createdAt)}` }))];
  return (
    <details className="versions" data-testid="versions">
      <summary>
        Versions ({rows.length}) · showing {shown?.name ?? 'Original'} · exports {rows.find((r) => r.id === exporting)?.name ?? 'Original'}
      </summary>
      <fieldset className="versions-list">
        <legend className="visually-hidden">Version used by exports</legend>
        <ul>
          {rows.map((row) => (
            <li key={row.id ?? 'original'} className={row.id === shownId ? 'version version-shown' : 'version'}>
              <label className="version-export">
                <input type="radio" name="export-version" checked={row.id === exporting} onChange={() => void versionActions.choose(ref, row.id)} />
                <span className="version-name">{row.name}</span>
              </label>
              <span className="muted small">{row.detail}</span>
              {row.id === exporting && <span className="tag">exports</span>}
              {row.id === shownId && <span className="tag">shown</span>}
              <button type="button" className="button small" aria-pressed={row.id === shownId} onClick={() => void versionActions.show(ref, row.id)}>
                Show
              </button>
              {row.id !== null && (
                <button type="button" className="button small danger" aria-label={`Delete ${row.name}`} onClick={() => void versionActions.remove(ref, row.id ?? '')}>
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      </fieldset>
      {(view.segments === null || view.segments.length === 0) && <FreeTextEditor view={view} />}
      {canTranscribeAgain(view) && <TranscribeAgain view={view} />}
      {list.length > 0 && <Compare view={view} names={list.map((v) => ({ id: v.id, name: v.name }))} />}
    </details>
  );
}
