// Platform accounts: sign in to a platform in its own window (desktop app), or import a
// cookies.txt for it; both let login-walled posts be fetched with the user's own account. Also
// where this host keeps secrets, so a missing keychain is said here rather than found out later.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlatformCookies } from '#shared/contract/host';
import { PLATFORMS, type PlatformToken } from '#shared/platforms';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { plural } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';

const BACKEND_TEXT = {
  keychain: 'Keys and cookies are kept in the OS keychain.',
  safeStorage: 'Keys and cookies are encrypted with Electron safeStorage in the data home.',
  none: 'Keys and cookies cannot be saved securely on this system.',
} as const;

export function AccountsPanel() {
  const host = useSettings((s) => s.view?.host);
  const [rows, setRows] = useState<PlatformCookies[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const importFor = useRef<PlatformToken | null>(null);
  const notify = useApp((s) => s.notify);

  const load = useCallback(() => {
    desk()
      .invoke('cookies.list', {})
      .then(({ platforms }) => setRows(platforms), (e: unknown) => notify('error', deskErrorOf(e).message));
  }, [notify]);
  useEffect(load, [load]);

  if (host === undefined) return null;
  if (host.kind !== 'desktop') {
    return (
      <section className="panel" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Platform accounts</h2>
        <p className="muted">Signing in to platforms and importing cookies.txt files is done in the desktop app, which keeps them in the OS keychain.</p>
      </section>
    );
  }
  const act = (work: Promise<string>) =>
    work.then(
      (text) => {
        notify('info', text);
        load();
      },
      (e: unknown) => notify('error', deskErrorOf(e).message),
    );
  // Apple's podcast lookups and feeds are public: there is no account to sign in with.
  const shown = rows.filter((row) => row.platform !== 'podcast');
  const onFile = async (file: File | undefined, platform: PlatformToken | null) => {
    if (file === undefined || platform === null) return;
    const text = await file.text();
    await act(desk().invoke('cookies.import', { platform, text }).then((r) => `${PLATFORMS[platform].uiName}: ${plural(r.imported, 'cookie')} imported${r.skipped > 0 ? `, ${r.skipped} skipped (other sites or expired)` : ''}`));
  };

  return (
    <section className="panel" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Platform accounts</h2>
      <p className="muted">
        For posts only signed-in users can see: sign in in the platform’s own window, or import a cookies.txt exported from your browser. Requests to that platform then carry your session.
      </p>
      <p className={host.secrets.backend === 'none' ? 'bad small' : 'muted small'} data-testid="secret-storage">
        {BACKEND_TEXT[host.secrets.backend]} {host.secrets.problem ?? ''}
      </p>
      <ul className="platform-list">
        {shown.map((row) => (
          <li key={row.platform} className="platform-row" data-testid={`platform-${row.platform}`}>
            <span className="platform-name">{PLATFORMS[row.platform].uiName}</span>
            <span className="muted small">{row.cookies > 0 ? `${plural(row.cookies, 'cookie')} imported${row.importedAt === null ? '' : ` ${new Date(row.importedAt).toLocaleDateString()}`}` : 'no cookies imported'}</span>
            {host.signIn && row.signIn && (
              <button type="button" className="button small" onClick={() => void act(desk().invoke('platform.signIn', { platform: row.platform }).then(() => `Sign in to ${PLATFORMS[row.platform].uiName} in the window that opened`))}>
                Sign in…
              </button>
            )}
            <button
              type="button"
              className="button small"
              onClick={() => {
                importFor.current = row.platform;
                fileInput.current?.click();
              }}
            >
              Import cookies.txt…
            </button>
            <button type="button" className="button small" onClick={() => void act(desk().invoke('cookies.clear', { platform: row.platform }).then(() => `${PLATFORMS[row.platform].uiName}: cookies and sign-in forgotten`))}>
              Forget
            </button>
          </li>
        ))}
      </ul>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".txt,text/plain"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void onFile(file, importFor.current);
        }}
      />
    </section>
  );
}
