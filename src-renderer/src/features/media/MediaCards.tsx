// The local media section of the queue view, beside the podcast cards: one bar over the batch, a
// card per file (oldest first: the order they run in), and a way to clear the ended ones.
import { useMedia } from '../../stores/media';
import { useNow } from '../../lib/useNow';
import { dismissMedia } from './mediaActions';
import { MediaBatchBar } from './MediaBatchBar';
import { MediaCard } from './MediaCard';
import { filesAhead, isEnded } from './mediaMeta';

/** `capped`: the link queue is showing too, so the cards keep to a few rows and scroll past them. */
export function MediaCards({ capped }: { capped: boolean }) {
  const jobs = useMedia((s) => s.jobs);
  const now = useNow(jobs.some((j) => j.status === 'running'));
  if (jobs.length === 0) return null;
  const ended = jobs.filter(isEnded);
  return (
    <section className="job-cards media-cards" aria-labelledby="media-cards-heading" data-testid="media-cards">
      {/* The cards' titles are h3: headings go h1 (the view), h2 (this), h3 (a file). */}
      <h2 id="media-cards-heading" className="visually-hidden">
        Local files
      </h2>
      {/* One file's card says all the bar would. */}
      {jobs.length > 1 && (
        <div className="media-batch-line">
          <MediaBatchBar jobs={jobs} now={now} />
          {ended.length > 1 && (
            <button type="button" className="button small" onClick={() => ended.forEach((job) => void dismissMedia(job))}>
              Dismiss ended ({ended.length})
            </button>
          )}
        </div>
      )}
      <div className={capped ? 'job-card-list media-card-list media-card-list-capped' : 'job-card-list media-card-list'} data-testid="media-card-list">
        {jobs.map((job) => (
          <MediaCard key={job.id} job={job} now={now} ahead={filesAhead(jobs, job)} />
        ))}
      </div>
    </section>
  );
}
