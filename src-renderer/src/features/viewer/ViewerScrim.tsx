// The drawer's scrim: below 1,100 px the viewer slides over the queue and this dims what it covers;
// a click on it closes the viewer. Beside a wide queue drawer.css hides it.
import { useViewer } from '../../stores/viewer';

export function ViewerScrim() {
  const open = useViewer((s) => s.ref !== null);
  const close = useViewer((s) => s.close);
  return open ? <div className="viewer-scrim" aria-hidden="true" onClick={close} /> : null;
}
