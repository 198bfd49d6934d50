// The browser build's sign-in: shown on a first visit without the one-time link, after a used
// link, and after the server restarted (sessions live as long as its process).
import { useState, type FormEvent } from 'react';
import { bootstrap } from '../../lib/bootstrap';
import { signInWithKey } from '../../lib/browserDesk';
import { useSignInNotice } from '../../stores/signInNotice';

export function SignIn() {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notice = useSignInNotice((s) => s.notice);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signInWithKey(key).then(
      () => void bootstrap(),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <main className="sign-in">
      <h1>Transcript Desk</h1>
      {notice !== null && (
        <p className="sign-in-notice" role="status" data-testid="sign-in-notice">
          {notice}
        </p>
      )}
      <p>
        Open the sign-in link <code>transcript-desk serve --ui</code> printed (each link signs in once), or paste the owner key it printed. To print the key again, run{' '}
        <code>transcript-desk owner-key</code> (from a checkout: <code>npm run cli -- owner-key</code>).
      </p>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span>Owner key</span>
          <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} placeholder="sk_live_…" required />
        </label>
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary">
          Sign in
        </button>
      </form>
    </main>
  );
}
