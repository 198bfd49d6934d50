// API keys: list, create (the key is shown once), revoke.
import { useEffect, useState, type FormEvent } from 'react';
import { PLAN_NAMES } from '#shared/contract/account';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { dateTime } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';

export function KeysPanel() {
  const keys = useSettings((s) => s.keys);
  const loadKeys = useSettings((s) => s.loadKeys);
  const [plan, setPlan] = useState<(typeof PLAN_NAMES)[number]>('free');
  const [credits, setCredits] = useState(100);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void loadKeys();
  }, [loadKeys]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    desk()
      .invoke('keys.create', { plan, credits, label })
      .then((k) => {
        setCreated(k.key);
        setLabel('');
        return loadKeys();
      })
      .catch((e: unknown) => setError(deskErrorOf(e).message));
  };
  const revoke = (prefix: string) => {
    if (!window.confirm(`Revoke ${prefix}…? Scripts using it get 401 Invalid API key from then on.`)) return;
    desk()
      .invoke('keys.revoke', { prefix })
      .then(() => loadKeys())
      .catch((e: unknown) => useApp.getState().notify('error', deskErrorOf(e).message));
  };

  return (
    <section className="panel" aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <p className="muted">Keys for scripts that call the local REST API. Only a hash of each key is stored.</p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Label</th>
            <th scope="col">Plan</th>
            <th scope="col">Credits</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.prefix} className={k.revokedAt !== null ? 'revoked' : undefined}>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{k.isAppKey ? 'this app' : k.label}</td>
              <td>{k.plan}</td>
              <td>{k.balance.toLocaleString()}</td>
              <td>{dateTime(k.createdAt)}</td>
              <td>
                {k.revokedAt !== null ? (
                  <span className="muted">revoked</span>
                ) : k.isAppKey ? (
                  <span className="muted" title="The app's own key cannot be revoked here">
                    in use
                  </span>
                ) : (
                  <button type="button" className="button small danger" onClick={() => revoke(k.prefix)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="form inline-form" onSubmit={create} aria-label="Create a key">
        <label className="field">
          <span>Plan</span>
          <select value={plan} onChange={(e) => setPlan(e.target.value as (typeof PLAN_NAMES)[number])}>
            {PLAN_NAMES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Credits</span>
          <input type="number" min={0} value={credits} onChange={(e) => setCredits(Number(e.target.value))} />
        </label>
        <label className="field grow">
          <span>Label</span>
          <input type="text" value={label} maxLength={200} onChange={(e) => setLabel(e.target.value)} placeholder="What the key is for" />
        </label>
        <button type="submit" className="button primary">
          Create key
        </button>
      </form>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {created !== null && (
        <div className="created-key" role="status">
          <p>
            <strong>Copy this key now: it is shown only once.</strong>
          </p>
          <code data-testid="created-key">{created}</code>
          <div className="dialog-actions">
            <button type="button" className="button small" onClick={() => void navigator.clipboard.writeText(created).then(() => useApp.getState().notify('info', 'Key copied'))}>
              Copy
            </button>
            <button type="button" className="button small" onClick={() => setCreated(null)}>
              I have copied it
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
