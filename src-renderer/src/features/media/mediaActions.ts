// The card's buttons: pause, resume, cancel, dismiss. Each answer also arrives as 'media.changed';
// it is applied at once too, so the card does not wait for the event stream.
import type { MediaJob } from '#shared/contract/media';
import { deskErrorOf } from '#shared/contract/result';
import { desk } from '../../lib/desk';
import { plural } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useMedia } from '../../stores/media';

const failed = (error: unknown) => useApp.getState().notify('error', deskErrorOf(error).message);
const show = ({ job }: { job: MediaJob }) => useMedia.getState().applyChanged([job], []);

export const pauseMedia = (job: MediaJob) => desk().invoke('media.pause', { id: job.id }).then(show, failed);
export const resumeMedia = (job: MediaJob) => desk().invoke('media.resume', { id: job.id }).then(show, failed);

export function cancelMedia(job: MediaJob): Promise<void> {
  // Cancel drops the finished chunks (Pause keeps them): worth a question once there are some.
  const done = job.progress.chunksDone;
  if (done > 0 && !window.confirm(`Cancel "${job.title}"? Its ${plural(done, 'finished chunk')} will be dropped; Pause keeps them.`)) return Promise.resolve();
  return desk().invoke('media.cancel', { id: job.id }).then(show, failed);
}

export const dismissMedia = (job: MediaJob) =>
  desk()
    .invoke('media.dismiss', { id: job.id })
    .then(({ dismissed }) => dismissed && useMedia.getState().applyChanged([], [job.id]), failed);
