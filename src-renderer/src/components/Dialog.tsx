// A modal dialog on the native <dialog> element: focus is trapped by the browser, Escape closes it,
// and the focus goes back to the control that opened it (the browser does not restore it when the
// dialog leaves the page with its React component).
import { useEffect, useRef, type ReactNode } from 'react';
import { useReturnFocus } from '../lib/returnFocus';

export function Dialog({ title, onClose, children, wide = false }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useReturnFocus(true);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className={wide ? 'dialog dialog-wide' : 'dialog'} aria-label={title} onClose={onClose} onCancel={onClose}>
      <header className="dialog-head">
        <h2>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </header>
      {children}
    </dialog>
  );
}
