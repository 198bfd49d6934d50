// Settings: appearance, queue, export, the local REST API, a team server, the transcript cache, speech-to-text, the language model, platform accounts, the upstream profile, API keys.
import { useEffect, useState } from 'react';
import { THEMES } from '#shared/settings';
import { useSettings } from '../../stores/settings';
import { AccountsPanel } from './AccountsPanel';
import { AgentsPanel } from './AgentsPanel';
import { CachePanel } from './CachePanel';
import { KeysPanel } from './KeysPanel';
import { LanguageModelPanel } from './LanguageModelPanel';
import { OwnerCreditsPanel } from './OwnerCreditsPanel';
import { SpeechPanel } from './SpeechPanel';
import { TeamServerPanel } from './TeamServerPanel';
import { UpstreamPanel } from './UpstreamPanel';
import { useSave } from './useSave';

function NumberField({ label, value, min, max, onSave, hint }: { label: string; value: number; min: number; max: number; onSave: (n: number) => void; hint?: string }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const n = Number(text);
    if (Number.isInteger(n) && n >= min && n <= max && n !== value) onSave(n);
    else setText(String(value));
  };
  return (
    <label className="field">
      <span>{label}</span>
      <input type="number" min={min} max={max} value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} />
      {hint !== undefined && <small className="muted">{hint}</small>}
    </label>
  );
}

export function SettingsView() {
  const view = useSettings((s) => s.view);
  const load = useSettings((s) => s.load);
  const save = useSave();
  useEffect(() => {
    void load();
  }, [load]);
  if (view === null) return <p className="empty-note">Loading settings…</p>;
  const v = view.values;
  const api = view.restApi;
  return (
    <div className="settings-view">
      <section className="panel" aria-labelledby="general-heading">
        <h2 id="general-heading">Desk</h2>
        <div className="form-grid">
          <fieldset className="choices inline">
            <legend>Theme</legend>
            {THEMES.map((t) => (
              <label key={t} className="choice">
                <input type="radio" name="theme" checked={v['desk.theme'] === t} onChange={() => void save({ 'desk.theme': t })} /> {t === 'system' ? 'Follow the system' : t[0]?.toUpperCase() + t.slice(1)}
              </label>
            ))}
          </fieldset>
          <NumberField label="Items fetched at once" value={v['desk.queue.concurrency']} min={1} max={8} onSave={(n) => void save({ 'desk.queue.concurrency': n })} hint="The service allows 120 requests a minute whatever this says." />
          <NumberField label="Characters per subtitle line" value={v['desk.export.maxLineLength']} min={10} max={200} onSave={(n) => void save({ 'desk.export.maxLineLength': n })} />
          <label className="field grow">
            <span>Export folder</span>
            <input type="text" defaultValue={view.exportFolder} spellCheck={false} onBlur={(e) => e.target.value.trim() !== view.exportFolder && void save({ 'desk.export.folder': e.target.value.trim() === '' ? null : e.target.value.trim() })} />
          </label>
        </div>
      </section>
      <section className="panel" aria-labelledby="api-heading">
        <h2 id="api-heading">Local REST API</h2>
        <p className="muted">
          The spec's API on this machine, for scripts: <code>curl {api.url ?? 'http://127.0.0.1:PORT'}/api/balance -H "Authorization: Bearer sk_live_…"</code>
        </p>
        <div className="form-grid">
          <label className="choice">
            <input type="checkbox" checked={api.controllable ? v['desk.api.enabled'] : api.running} disabled={!api.controllable} onChange={(e) => void save({ 'desk.api.enabled': e.target.checked })} /> Answer the REST API
          </label>
          <NumberField label="Port" value={v['desk.api.port']} min={1024} max={65535} onSave={(n) => void save({ 'desk.api.port': n })} />
        </div>
        <p className="muted" role="status">
          {api.running ? `Running at ${api.url ?? ''}.` : 'Not running.'}{' '}
          {api.running && api.url !== null ? (
            <a href={`${api.url}/docs`} target="_blank" rel="noreferrer noopener">
              API reference
            </a>
          ) : null}{' '}
          {api.problem ?? ''} {!api.controllable && api.running ? 'This desk is served by transcript-desk serve --ui, which is the API itself; the switch and port apply to the desktop app.' : ''}
        </p>
      </section>
      <TeamServerPanel />
      <CachePanel />
      <SpeechPanel />
      <LanguageModelPanel />
      <AccountsPanel />
      <UpstreamPanel />
      <OwnerCreditsPanel />
      <KeysPanel />
      <AgentsPanel />
      <p className="muted small">Data home: {view.dataHome}</p>
    </div>
  );
}
