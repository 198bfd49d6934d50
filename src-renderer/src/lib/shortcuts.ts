// Keyboard shortcuts for the main actions. Single keys, as in mail clients, when no text field
// has the focus (a checkbox or a radio is not one); Escape closes the viewer or a dialog, except
// where a field uses it first (the viewer's find box clears itself).
import { useApp, type Tab } from '../stores/app';
import { useQueue } from '../stores/queue';
import { useViewer } from '../stores/viewer';
import { queueActions } from './queueActions';

export const SHORTCUTS: readonly { keys: string; what: string }[] = [
  { keys: 'r', what: 'Run or resume the queue' },
  { keys: 'p', what: 'Pause the queue' },
  { keys: 'f', what: 'Retry failed items' },
  { keys: 'Delete', what: 'Remove the selected items' },
  { keys: 'a', what: 'Select all items (again: none)' },
  { keys: 'e', what: 'Export (the selection, else everything finished)' },
  { keys: '/', what: 'Find in the open transcript, or search the library' },
  { keys: '1 2 3 4 5', what: 'Queue, Library, Follows, Settings, Ask' },
  { keys: 'Esc', what: 'Close the viewer or a dialog (in the find box: clear it, then leave it)' },
  { keys: '?', what: 'This list' },
];

const TABS: Record<string, Tab> = { '1': 'queue', '2': 'library', '3': 'follows', '4': 'settings', '5': 'ask' };

/** Inputs that take no typed text: a single key on them is a shortcut (after clicking a row's checkbox, Delete removes the selection). */
const KEYLESS_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Where keys are text: text inputs, textareas, selects (they jump to an option as one types), editable elements. */
export function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type);
  return target.isContentEditable || target.closest('textarea, select, [role="textbox"]') !== null;
}

export function installShortcuts(): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const app = useApp.getState();
    if (event.key === 'Escape') {
      if (document.querySelector('dialog[open]') === null && useViewer.getState().ref !== null) useViewer.getState().close();
      return;
    }
    if (typing(event.target) || document.querySelector('dialog[open]') !== null) return;
    const inQueue = app.tab === 'queue';
    let handled = true;
    switch (event.key) {
      case 'r':
        if (inQueue) void queueActions.runOrResume();
        break;
      case 'p':
        if (inQueue) void queueActions.pause();
        break;
      case 'f':
        if (inQueue) void queueActions.retryFailed();
        break;
      case 'Delete':
        if (inQueue) queueActions.removeSelected();
        break;
      case 'a': {
        const q = useQueue.getState();
        if (inQueue) q.selectAll(q.selected.size !== q.order.length);
        break;
      }
      case 'e':
        if (inQueue) app.requestExport();
        break;
      case '/':
        if (useViewer.getState().ref === null && app.tab !== 'library') app.setTab('library');
        requestAnimationFrame(() => document.dispatchEvent(new CustomEvent('desk:find')));
        break;
      case '?':
        app.setShortcutsOpen(true);
        break;
      default:
        if (TABS[event.key] !== undefined) app.setTab(TABS[event.key] as Tab);
        else handled = false;
    }
    if (handled) event.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
