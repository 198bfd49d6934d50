// The desk's activity on the taskbar/dock (one progress bar for the running batch and podcast
// jobs) and a system notification when a batch or a podcast job finishes, or new transcripts of a
// followed source land, while the window is not in front (in front, the desk itself shows it: the
// Follows view's badge).
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
    if (event === 'follows.landed') return apply({ progress: tracker.progress(), notices: [followNotice(payload as EventPayload<'follows.landed'>)] });
    const handler = handlers[event];
    if (handler !== undefined) apply(handler(payload));
  });
  const [queue, jobs] = await Promise.all([desk.call('queue.list', {}), desk.call('podcast.list', {})]);
  if (queue.ok && jobs.ok) apply(tracker.reset(queue.value.items, queue.value.state, jobs.value.jobs));
  return unsubscribe;
}

/** "3 new transcripts from The Daily": the landing of a followed source's items, as the system shows it. */
export function followNotice(landed: EventPayload<'follows.landed'>): { title: string; body: string } {
  const title = landed.count === 1 ? `A new transcript from ${landed.sourceTitle}` : `${landed.count} new transcripts from ${landed.sourceTitle}`;
  return { title, body: landed.titles.slice(0, 3).join(', ') + (landed.titles.length > 3 ? ` and ${landed.titles.length - 3} more` : '') };
}
