// The desk's activity on the taskbar/dock (one progress bar for the running batch and podcast
// jobs) and a system notification when a batch or a podcast job finishes while the window is not
// in front (in front, the desk itself shows it).
import { Notification, type BrowserWindow } from 'electron';
import type { EventName, EventPayload } from '#shared/contract/events';
import type { Desk } from '../desk/index';
import { ActivityTracker, type ActivityUpdate } from './activity';

export async function showActivity(desk: Desk, window: () => BrowserWindow | undefined): Promise<() => void> {
  const tracker = new ActivityTracker();
  const apply = (update: ActivityUpdate) => {
    const target = window();
    if (target === undefined || target.isDestroyed()) return;
    target.setProgressBar(update.progress);
    if (target.isFocused() || !Notification.isSupported()) return;
    for (const notice of update.notices) new Notification({ title: notice.title, body: notice.body }).show();
  };
  const handlers: { [E in EventName]?: (payload: EventPayload<E>) => ActivityUpdate } = {
    'queue.changed': (change) => tracker.queueChanged(change.upserted, change.removed),
    'queue.state': (state) => tracker.queueState(state),
    'job.progress': (job) => tracker.jobProgress(job),
  };
  const unsubscribe = desk.events.subscribe((event, payload) => {
    const handler = handlers[event];
    if (handler !== undefined) apply(handler(payload));
  });
  const [queue, jobs] = await Promise.all([desk.call('queue.list', {}), desk.call('podcast.list', {})]);
  if (queue.ok && jobs.ok) apply(tracker.reset(queue.value.items, queue.value.state, jobs.value.jobs));
  return unsubscribe;
}
