// While the desk's server cannot be reached, actions are refused here, before anything changes on
// screen: one message per action, never a success toast followed by an error.
import { useApp } from '../stores/app';

export const SERVER_UNREACHABLE = "The desk's server cannot be reached (is `transcript-desk serve --ui` still running?)";

/** Whether the page has lost its server (the event stream is down); components re-render on change. */
export const useOffline = (): boolean => useApp((s) => s.connection !== 'open');

/** True, after saying so once, when the server cannot be reached; `what` names what was not done. */
export function refusedWhileOffline(what: string): boolean {
  const app = useApp.getState();
  if (app.connection === 'open') return false;
  app.notify('error', `${what}: ${SERVER_UNREACHABLE}. Try again when the page says it is back.`);
  return true;
}
