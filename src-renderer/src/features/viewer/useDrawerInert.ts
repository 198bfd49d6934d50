// While the viewer is a drawer (a window below 1,100 px, styles/drawer.css), the header and the
// view under its scrim are inert: Tab stays in the drawer and a screen reader does not wander into
// a page the user cannot see. Beside a wide queue nothing is inert.
import { useEffect } from 'react';

/** The same width as drawer.css's media query. */
export const DRAWER_QUERY = '(max-width: 1099px)';

export function useDrawerInert(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const narrow = window.matchMedia(DRAWER_QUERY);
    const covered = () => Array.from(document.querySelectorAll<HTMLElement>('.app-header, main.content'));
    const apply = () => covered().forEach((el) => (el.inert = narrow.matches));
    apply();
    narrow.addEventListener('change', apply);
    return () => {
      narrow.removeEventListener('change', apply);
      covered().forEach((el) => (el.inert = false));
    };
  }, [open]);
}
