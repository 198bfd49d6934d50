// App-wide state: which view is shown, sign-in and connection, balance, notices, and requests
// from app-wide commands (menu, shortcuts) to a view that may not be mounted yet.
import { create } from 'zustand';
import type { Balance } from '#shared/contract/account';

export type Tab = 'queue' | 'library' | 'follows' | 'ask' | 'settings';

export interface Notice {
  id: number;
  kind: 'info' | 'error';
  text: string;
  /** A button in the notice (Undo); pressing it runs `run` and dismisses the notice. */
  action?: NoticeAction;
}

export interface NoticeAction {
  label: string;
  run: () => void;
}

interface AppState {
  tab: Tab;
  auth: 'checking' | 'signed-in' | 'signed-out';
  connection: 'open' | 'lost';
  balance: Balance | null;
  notices: Notice[];
  shortcutsOpen: boolean;
  /**
   * The export dialog was asked for (the menu's Export, the `e` key) and the queue view has not
   * taken the request yet. A flag in the store rather than an event: the menu may ask while
   * another tab shows, and the queue view takes it when it mounts.
   */
  exportRequested: boolean;
  setTab: (tab: Tab) => void;
  setAuth: (auth: AppState['auth']) => void;
  setConnection: (connection: AppState['connection']) => void;
  setBalance: (balance: Balance) => void;
  notify: (kind: Notice['kind'], text: string, action?: NoticeAction) => void;
  dismiss: (id: number) => void;
  setShortcutsOpen: (open: boolean) => void;
  requestExport: () => void;
  /** Clears the request; true when there was one (so only one taker acts on it). */
  takeExportRequest: () => boolean;
}

let nextNotice = 1;

export const useApp = create<AppState>()((set, get) => ({
  tab: 'queue',
  auth: 'checking',
  connection: 'open',
  balance: null,
  notices: [],
  shortcutsOpen: false,
  exportRequested: false,
  setTab: (tab) => set({ tab }),
  setAuth: (auth) => set({ auth }),
  setConnection: (connection) => set({ connection }),
  setBalance: (balance) => set({ balance }),
  notify: (kind, text, action) => {
    const id = nextNotice++;
    set((s) => ({ notices: [...s.notices.slice(-3), { id, kind, text, ...(action === undefined ? {} : { action }) }] }));
    // A notice with an action (Undo) stays long enough to be used.
    setTimeout(() => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })), kind === 'error' || action !== undefined ? 10_000 : 5_000);
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  requestExport: () => set({ exportRequested: true }),
  takeExportRequest: () => {
    if (!get().exportRequested) return false;
    set({ exportRequested: false });
    return true;
  },
}));
