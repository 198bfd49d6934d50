// The desk: header (views, balance and plan), the current view, the viewer, notices.
import { useEffect } from 'react';
import { Dialog } from './components/Dialog';
import { FollowDialogHost } from './features/follows/FollowDialog';
import { FollowsView } from './features/follows/FollowsView';
import { AskView } from './features/ask/AskView';
import { LibraryView } from './features/library/LibraryView';
import { QueueView } from './features/queue/QueueView';
import { SettingsView } from './features/settings/SettingsView';
import { SourcePickerHost } from './features/sources/SourcePicker';
import { SignIn } from './features/signin/SignIn';
import { Viewer } from './features/viewer/Viewer';
import { ViewerScrim } from './features/viewer/ViewerScrim';
import { bootstrap } from './lib/bootstrap';
import { plural } from './lib/format';
import { SHORTCUTS, installShortcuts } from './lib/shortcuts';
import { applyTheme } from './lib/theme';
import { useApp, type Tab } from './stores/app';
import { unseenTotal, useFollows } from './stores/follows';
import { useSettings } from './stores/settings';
import { useViewer } from './stores/viewer';

const TABS: { id: Tab; label: string; key: string }[] = [
  { id: 'queue', label: 'Queue', key: '1' },
  { id: 'library', label: 'Library', key: '2' },
  { id: 'follows', label: 'Follows', key: '3' },
  { id: 'ask', label: 'Ask', key: '5' },
  { id: 'settings', label: 'Settings', key: '4' },
];

function Header() {
  const tab = useApp((s) => s.tab);
  const setTab = useApp((s) => s.setTab);
  const balance = useApp((s) => s.balance);
  const unseen = useFollows(unseenTotal);
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ❝
        </span>
        Transcript Desk
      </div>
      <nav aria-label="Views">
        <ul className="tabs">
          {TABS.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className={tab === t.id ? 'tab tab-current' : 'tab'}
                aria-current={tab === t.id ? 'page' : undefined}
                aria-keyshortcuts={t.key}
                // The badge is a number on screen; its name says what it counts.
                aria-label={t.id === 'follows' && unseen > 0 ? `${t.label}, ${plural(unseen, 'new transcript')}` : undefined}
                onClick={() => setTab(t.id)}
              >
                {t.label}
                {t.id === 'follows' && unseen > 0 && <UnseenBadge unseen={unseen} />}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <p className="balance" data-testid="balance" aria-live="polite" title="Balance and plan of the app's key, from the service's last answer">
        {balance === null ? (
          '…'
        ) : (
          <>
            <strong data-testid="balance-credits">{balance.credits.toLocaleString('en-US')}</strong> credits <span className="plan">{balance.plan}</span>
          </>
        )}
      </p>
    </header>
  );
}

/** New transcripts of followed sources since the Follows view was last looked at (the tab's name says it in words). */
function UnseenBadge({ unseen }: { unseen: number }) {
  return (
    <span className="tab-badge" data-testid="follows-badge" aria-hidden="true">
      {unseen > 99 ? '99+' : unseen}
    </span>
  );
}

function Notices() {
  const notices = useApp((s) => s.notices);
  const dismiss = useApp((s) => s.dismiss);
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'} data-testid="notice">
          <span>{n.text}</span>
          {n.action !== undefined && (
            <button type="button" className="button small" onClick={() => {
                dismiss(n.id);
                n.action?.run();
              }}>
              {n.action.label}
            </button>
          )}
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}

export function App() {
  const auth = useApp((s) => s.auth);
  const tab = useApp((s) => s.tab);
  const connection = useApp((s) => s.connection);
  const shortcutsOpen = useApp((s) => s.shortcutsOpen);
  const setShortcutsOpen = useApp((s) => s.setShortcutsOpen);
  const theme = useSettings((s) => s.view?.values['desk.theme'] ?? 'system');
  const viewerOpen = useViewer((s) => s.ref !== null);

  useEffect(() => {
    void bootstrap();
    return installShortcuts();
  }, []);
  useEffect(() => applyTheme(theme), [theme]);

  if (auth === 'checking') return <main className="loading" aria-busy="true" />;
  if (auth === 'signed-out') return <SignIn />;
  return (
    <div className={viewerOpen ? 'app with-viewer' : 'app'}>
      <Header />
      {connection === 'lost' && (
        <p className="banner" role="alert">
          The connection to the desk's server is lost; reconnecting…
        </p>
      )}
      <main className="content">
        {/* One <h1> per view, for screen readers' heading navigation; the tabs show it on screen. */}
        <h1 className="visually-hidden">{TABS.find((t) => t.id === tab)?.label}</h1>
        {tab === 'queue' && <QueueView />}
        {tab === 'library' && <LibraryView />}
        {tab === 'follows' && <FollowsView />}
        {tab === 'ask' && <AskView />}
        {tab === 'settings' && <SettingsView />}
      </main>
      <ViewerScrim />
      <Viewer />
      {/* The follow form after the picker: "Follow this source…" opens it over the picker. */}
      <SourcePickerHost />
      <FollowDialogHost />
      <Notices />
      {shortcutsOpen && (
        <Dialog title="Keyboard shortcuts" onClose={() => setShortcutsOpen(false)}>
          <dl className="shortcuts">
            {SHORTCUTS.map((s) => (
              <div key={s.keys}>
                <dt>
                  <kbd>{s.keys}</kbd>
                </dt>
                <dd>{s.what}</dd>
              </div>
            ))}
          </dl>
        </Dialog>
      )}
    </div>
  );
}
