// Settings → Team server: a server of the team's (`transcript-desk serve` shared by several
// people) whose cache, credits and workers the desk uses instead of this machine's. Its URL and
// API key; the key is a secret (write-only: the form learns only whether one is set). "Test
// connection" asks the server for the balance and plan of what the form holds, before saving.
// The header's balance follows by itself: saving emits the new service's balance.
import { useEffect, useState } from 'react';
import type { OperationOutput } from '#shared/contract/operations';
import { deskErrorOf } from '#shared/contract/result';
import { teamServerUrlProblem } from '#shared/endpointUrl';
import { desk } from '../../lib/desk';
import { num } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';
import { useSave } from './useSave';

type TestResult = OperationOutput<'teamServer.test'>;

export function TeamServerPanel() {
  const view = useSettings((s) => s.view);
  const save = useSave();
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);

  const savedUrl = view?.values['team.server.url'] ?? null;
  useEffect(() => setUrl(savedUrl ?? ''), [savedUrl]);
  if (view === null) return null;
  const keySet = view.secretsSet.includes('team.server.key');
  const inUse = savedUrl !== null && keySet;
  const urlProblem = url.trim() === '' ? undefined : teamServerUrlProblem(url.trim());

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await desk().invoke('teamServer.test', { url: url.trim(), ...(key.trim() === '' ? {} : { key: key.trim() }) }));
    } catch (error) {
      setResult({ ok: false, server: url.trim(), credits: null, plan: null, message: deskErrorOf(error).message });
    } finally {
      setTesting(false);
    }
  };
  const store = async () => {
    if (urlProblem !== undefined || url.trim() === '') return;
    await save({ 'team.server.url': url.trim(), ...(key.trim() === '' ? {} : { 'team.server.key': key.trim() }) });
    setKey('');
  };
  const turnOff = async () => {
    await useSettings
      .getState()
      .update({ reset: ['team.server.url', 'team.server.key'] })
      .catch((e: unknown) => useApp.getState().notify('error', deskErrorOf(e).message));
    setResult(null);
  };

  return (
    <section className="panel" aria-labelledby="team-heading">
      <h2 id="team-heading">Team server</h2>
      <p className="muted">
        A team's <code>transcript-desk serve</code>: with its address and an API key of it, the queue runs there (its cache, credits and workers), the header shows that key's balance and podcast
        cards follow its jobs. Every transcript it sends is also kept in this library. “Transcribe the audio” stays on this machine only.
      </p>
      <p className="team-state" aria-live="polite">
        {inUse ? (
          <>
            <span className="tag">in use</span> The desk uses <strong>{savedUrl}</strong>.
          </>
        ) : (
          'Not set: the desk uses this machine’s service.'
        )}
      </p>
      <div className="form-grid">
        <label className="field grow">
          <span>Server URL</span>
          <input type="url" placeholder="https://transcripts.team.example" value={url} spellCheck={false} aria-invalid={urlProblem !== undefined} aria-describedby={urlProblem === undefined ? undefined : 'team-url-problem'} onChange={(e) => setUrl(e.target.value)} />
          {urlProblem !== undefined && (
            <small id="team-url-problem" className="bad">
              The URL {urlProblem}
            </small>
          )}
        </label>
        <label className="field">
          <span>API key</span>
          <input type="password" autoComplete="off" placeholder={keySet ? '•••••••• (set)' : 'sk_live_…'} value={key} onChange={(e) => setKey(e.target.value)} />
        </label>
      </div>
      <div className="team-actions">
        <button type="button" className="button" disabled={testing || url.trim() === '' || urlProblem !== undefined || (key.trim() === '' && !keySet)} onClick={() => void test()}>
          {testing ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" className="button primary" disabled={url.trim() === '' || urlProblem !== undefined || (key.trim() === '' && !keySet) || (url.trim() === savedUrl && key.trim() === '')} onClick={() => void store()}>
          Use this server
        </button>
        {(savedUrl !== null || keySet) && (
          <button type="button" className="button" onClick={() => void turnOff()}>
            Stop using it
          </button>
        )}
      </div>
      <p role="status" className={result === null ? 'muted' : result.ok ? 'ok' : 'bad'}>
        {result === null ? '' : result.ok ? `Connected to ${result.server}: ${num(result.credits ?? 0)} credits, plan ${result.plan ?? ''}.` : `Not connected: ${result.message}`}
      </p>
    </section>
  );
}
