// Focus goes back where it came from: a dialog or the viewer remembers the control that had the
// focus when it opened and hands the focus back to it when it closes (the browser would leave it
// on <body>, and a keyboard user would start again from the top of the page).
import { useLayoutEffect } from 'react';

/** The element to return to, or null when nothing worth returning to had the focus. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Focuses `opener` again if it is still on the page; true when it did. */
export function returnFocusTo(opener: HTMLElement | null): boolean {
  if (opener === null || !opener.isConnected) return false;
  opener.focus({ preventScroll: true });
  return document.activeElement === opener;
}

/**
 * While `open`, remembers what had the focus when it became true and gives the focus back when
 * it becomes false or the component unmounts. A layout effect: it must read the focus before the
 * component's own effects move it (the viewer focuses its title), and restore it before paint.
 */
export function useReturnFocus(open: boolean): void {
  useLayoutEffect(() => {
    if (!open) return;
    const opener = focusedElement();
    return () => {
      // After the closing render: the opener may have been re-rendered, never replaced (React keeps keyed nodes).
      const restore = () => returnFocusTo(opener);
      if (!restore()) requestAnimationFrame(restore);
    };
  }, [open]);
}
