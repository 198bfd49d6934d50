// App-wide state: which view is shown, sign-in and connection, balance, notices.
import { create } from 'zustand';
import type { Balance } from '../../../src-shared/contract/account';

export type Tab = 'queue' | 'library' | 'settings';

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
  setTab: (tab: Tab) => void;
  setAuth: (auth: AppState['auth']) => void;
  setConnection: (connection: AppState['connection']) => void;
  setBalance: (balance: Balance) => void;
  notify: (kind: Notice['kind'], text: string, action?: NoticeAction) => void;
  dismiss: (id: number) => void;
  setShortcutsOpen: (open: boolean) => void;
}

let nextNotice = 1;

export const useApp = create<AppState>()((set) => ({
  tab: 'queue',
  auth: 'checking',
  connection: 'open',
  balance: null,
  notices: [],
  shortcutsOpen: false,
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
}));
