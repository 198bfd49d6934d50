// Speech-to-text: engine, language, an OpenAI-compatible endpoint, the vocabulary, whisper models with download progress.
import { useEffect, useState } from 'react';
import { EngineSelect } from '../../components/EngineSelect';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { bytes } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';
import { useSave } from './useSave';
import { VocabularyFields } from './VocabularyFields';

export function SpeechPanel() {
  const view = useSettings((s) => s.view);
  const models = useSettings((s) => s.models);
  const downloads = useSettings((s) => s.downloads);
  const customModelPath = useSettings((s) => s.customModelPath);
  const loadModels = useSettings((s) => s.loadModels);
  const save = useSave();
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');

  useEffect(() => {
    void loadModels();
  }, [loadModels]);
  useEffect(() => {
    if (view !== null) setBaseUrl(view.values['stt.openai.baseUrl'] ?? '');
  }, [view]);
  if (view === null) return null;
  const v = view.values;
  const keySet = view.secretsSet.includes('stt.openai.apiKey');
  const start = (name: string) => desk().invoke('models.download', { name }).catch((e: unknown) => useApp.getState().notify('error', deskErrorOf(e).message));
  const cancel = (name: string) => desk().invoke('models.cancel', { name }).catch((e: unknown) => useApp.getState().notify('error', deskErrorOf(e).message));

  return (
    <section className="panel" aria-labelledby="stt-heading">
      <h2 id="stt-heading">Speech-to-text</h2>
      <p className="muted">For podcasts and platforms without captions (Instagram, X, Kick, Twitch clips).</p>
      <div className="form-grid">
        <EngineSelect value={v['stt.engine']} onChange={(engine) => void save({ 'stt.engine': engine })} automatic={`Automatic (${v['stt.fallbackOrder'].join(' → ')})`} />
        <label className="field">
          <span>Language</span>
          <input type="text" defaultValue={v['stt.language']} maxLength={4} onBlur={(e) => e.target.value !== v['stt.language'] && void save({ 'stt.language': e.target.value.trim().toLowerCase() })} />
        </label>
        <label className="field grow">
          <span>OpenAI-compatible endpoint</span>
          <input type="url" placeholder="https://api.openai.com/v1" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} onBlur={() => void save({ 'stt.openai.baseUrl': baseUrl.trim() === '' ? null : baseUrl.trim() })} />
        </label>
        <label className="field">
          <span>Its API key</span>
          <input type="password" autoComplete="off" placeholder={keySet ? '•••••••• (set)' : 'not set'} value={apiKey} onChange={(e) => setApiKey(e.target.value)} onBlur={() => apiKey !== '' && void save({ 'stt.openai.apiKey': apiKey }).then(() => setApiKey(''))} />
        </label>
      </div>
      <VocabularyFields values={v} />
      <h3>Whisper models</h3>
      {customModelPath !== null && <p className="muted">Using your model file {customModelPath}.</p>}
      <ul className="model-list">
        {models.map((m) => {
          const d = downloads.get(m.name);
          const downloading = d?.state === 'downloading';
          const pct = d?.totalBytes ? Math.round((d.receivedBytes / d.totalBytes) * 100) : null;
          return (
            <li key={m.name} className="model">
              <span className="model-name">
                {m.name} {m.selected && <span className="tag">in use</span>}
              </span>
              <span className="muted">
                {bytes(m.approxBytes)} · {m.multilingual ? 'multilingual' : 'English only'}
              </span>
              <span className="model-state">
                {downloading ? (
                  <>
                    <progress max={100} value={pct ?? undefined} aria-label={`Downloading ${m.name}`} /> {bytes(d.receivedBytes)}
                    {pct !== null ? ` (${pct} %)` : ''}
                    <button type="button" className="button small" onClick={() => void cancel(m.name)}>
                      Cancel
                    </button>
                  </>
                ) : m.downloaded ? (
                  !m.selected && (
                    <button type="button" className="button small" onClick={() => void save({ 'stt.whisper.model': m.name, 'stt.whisper.modelPath': null }).then(() => loadModels())}>
                      Use
                    </button>
                  )
                ) : (
                  <>
                    {d?.state === 'failed' && <span className="bad small">{d.error}</span>}
                    {d?.state === 'cancelled' && <span className="muted small">cancelled</span>}
                    <button type="button" className="button small" onClick={() => void start(m.name)}>
                      {d?.state === 'cancelled' ? 'Resume' : 'Download'}
                    </button>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
