// Start-up: listen to the app's events first, then load the state (so nothing that changes in
// between is missed), and apply the theme.
import { SESSION_ENDED, setSignInNotice } from '../stores/signInNotice';
import type { EventPayload } from '#shared/contract/events';
import { useApp } from '../stores/app';
import { useFollows } from '../stores/follows';
import { useJobs } from '../stores/jobs';
import { useLibrary } from '../stores/library';
import { useMedia } from '../stores/media';
import { useQueue } from '../stores/queue';
import { useSettings } from '../stores/settings';
import { reportImportedFiles, runAppCommand } from './appCommands';
import { sessionEndedEarlier, takeLoginLinkRefusal } from './browserDesk';
import { desk, onConnection } from './desk';
import { plural } from './format';
import { deskErrorOf } from '#shared/contract/result';

let subscribed = false;

const isRateLimited = (error: unknown) => deskErrorOf(error).code === 'refused' && deskErrorOf(error).message.startsWith('Rate limit');

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  const d = desk();
  d.on('queue.changed', ({ upserted, removed }) => useQueue.getState().applyChanged(upserted, removed));
  d.on('queue.state', (state) => useQueue.getState().setState(state));
  d.on('job.progress', (job) => useJobs.getState().upsert(job));
  d.on('media.changed', ({ upserted, removed }) => useMedia.getState().applyChanged(upserted, removed));
  d.on('balance', (balance) => useApp.getState().setBalance(balance));
  d.on('model.progress', (download) => useSettings.getState().setDownload(download));
  d.on('app.command', ({ command }) => runAppCommand(command));
  // Files the desktop app was opened with (Open with, a second launch): shown as a drop's answer.
  d.on('files.opened', (result) => reportImportedFiles(result));
  d.on('follows.changed', ({ upserted, removed }) => useFollows.getState().applyChanged(upserted, removed));
  d.on('follows.landed', (landed) => announceLanded(landed));
  d.on('library.changed', () => {
    if (useApp.getState().tab === 'library') void useLibrary.getState().search();
  });
}

/**
 * New transcripts of a followed source: the desktop app's main process shows a system
 * notification; in a browser tab the desk says it in a notice, with the way to the Follows view.
 */
function announceLanded({ sourceTitle, titles, count }: EventPayload<'follows.landed'>): void {
  if (desk().pathForFile !== undefined) return;
  const what = count === 1 && titles[0] !== undefined ? `“${titles[0]}”` : plural(count, 'new transcript');
  useApp.getState().notify('info', `${what} from “${sourceTitle}” in the library`, { label: 'Show follows', run: () => useApp.getState().setTab('follows') });
}

/** Loads everything; resolves false when the browser build needs a sign-in. */
export async function bootstrap(): Promise<boolean> {
  onConnection((state) => {
    // The server forgot this page's session (it restarted): back to the sign-in screen, saying why.
    if (state === 'session-ended') setSignInNotice(SESSION_ENDED);
    if (state === 'signed-out' || state === 'session-ended') return useApp.getState().setAuth('signed-out');
    useApp.getState().setConnection(state);
    // After a reconnect, what happened meanwhile is read again.
    if (state === 'open' && useApp.getState().auth === 'signed-in') void Promise.all([useQueue.getState().load(), useJobs.getState().load(), useMedia.getState().load(), useFollows.getState().load()]).catch(() => undefined);
  });
  try {
    // The first call tells whether this session may use the desk at all.
    const balance = await desk().invoke('balance.get', {});
    useApp.getState().setBalance(balance);
  } catch (error) {
    if (deskErrorOf(error).code === 'unauthorized') {
      // A used login link says so; else a session this tab lost to a restart (maybe learnt before a reload).
      const refusal = takeLoginLinkRefusal() ?? (sessionEndedEarlier() ? SESSION_ENDED : null);
      if (refusal !== null) setSignInNotice(refusal);
      useApp.getState().setAuth('signed-out');
      return false;
    }
    // A reload while the queue waits out the rate limit: the balance arrives with the next charge's
    // event; a red toast about a limit the queue already shows would only alarm.
    if (!isRateLimited(error)) useApp.getState().notify('error', deskErrorOf(error).message);
  }
  subscribe();
  setSignInNotice(null);
  useApp.getState().setAuth('signed-in');
  await Promise.all([useQueue.getState().load(), useJobs.getState().load(), useMedia.getState().load(), useSettings.getState().load(), useFollows.getState().load()]).catch((error: unknown) => useApp.getState().notify('error', deskErrorOf(error).message));
  return true;
}
