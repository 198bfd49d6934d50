// A card per podcast job: artwork, show and episode, progress from the job record's chunks,
// elapsed time and an estimate, cancel; a failed job says why and what was refunded. Cards are
// compact and an ended one can be dismissed; past two, they fold into a one-line summary with the
// newest card under it (cardsView.ts), so the queue below keeps its rows in a small window.
import { useEffect, useState } from 'react';
import type { PodcastJob } from '#shared/contract/podcast';
import { desk } from '../../lib/desk';
import { deskErrorOf } from '#shared/contract/result';
import { plural } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useJobs } from '../../stores/jobs';
import { useViewer } from '../../stores/viewer';
import { jobMeta } from './jobMeta';
import { canDismiss, cardsSummary, CARDS_SHOWN_IN_FULL, useCardsView } from './cardsView';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function Artwork({ job }: { job: PodcastJob }) {
  const [src, setSrc] = useState<string | null>(null);
  const url = job.episode.artworkUrl;
  useEffect(() => {
    if (!/^https?:\/\//.test(url)) return;
    let live = true;
    desk()
      .invoke('podcast.artwork', { url })
      .then((r) => live && setSrc(r.dataUrl))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  const initials = (job.episode.showTitle || job.episode.title || '?')
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return src === null ? (
    <div className="artwork artwork-placeholder" aria-hidden="true">
      {initials}
    </div>
  ) : (
    <img className="artwork" src={src} alt="" />
  );
}

function JobCard({ job }: { job: PodcastJob }) {
  const processing = job.status === 'processing';
  const now = useNow(processing);
  const open = useViewer((s) => s.open);
  const dismiss = useCardsView((s) => s.dismiss);
  const { chunksDone, chunksTotal } = job.progress;
  const fraction = chunksTotal > 0 ? chunksDone / chunksTotal : 0;
  const cancel = () =>
    desk()
      .invoke('podcast.cancel', { jobId: job.jobId })
      .then((r) => !r.cancelled && useApp.getState().notify('info', 'The job had already ended'))
      .catch((e: unknown) => useApp.getState().notify('error', deskErrorOf(e).message));
  const title = job.episode.title || 'Podcast episode';
  return (
    <article className={`job-card job-${job.status}`} data-testid="job-card" data-status={job.status} aria-label={`Podcast job: ${title}`}>
      <Artwork job={job} />
      <div className="job-body">
        <div className="job-heading">
          <h3 className="job-title" title={title}>
            {title}
          </h3>
          <p className="job-show">{job.episode.showTitle || 'Podcast'}</p>
        </div>
        {job.status === 'failed' ? (
          <p className="job-error" role="alert">
            {job.error?.message ?? 'The episode could not be transcribed'} · {plural(job.credits.refunded, 'credit')} refunded
          </p>
        ) : (
          <>
            <div className="progress" role="progressbar" aria-label={`Progress of ${title}`} aria-valuemin={0} aria-valuemax={chunksTotal || 1} aria-valuenow={chunksDone} aria-valuetext={chunksTotal > 0 ? `${chunksDone} of ${chunksTotal} chunks` : job.startedAt === null ? 'Waiting' : 'Preparing'}>
              <div className="progress-fill" style={{ transform: `scaleX(${job.status === 'done' ? 1 : fraction})` }} />
            </div>
            <p className="job-meta" data-testid="job-meta">
              {jobMeta(job, now)}
            </p>
          </>
        )}
      </div>
      <div className="job-actions">
        {processing && (
          <button type="button" className="button small" onClick={() => void cancel()}>
            Cancel
          </button>
        )}
        {job.status === 'done' && (
          <button type="button" className="button small" onClick={() => void open({ kind: 'episode', key: job.episode.key })}>
            Open
          </button>
        )}
        {canDismiss(job) && (
          <button type="button" className="icon-button" aria-label={`Dismiss the card of ${title}`} title="Dismiss this card (the queue row stays)" onClick={() => dismiss(job.jobId)}>
            ✕
          </button>
        )}
      </div>
    </article>
  );
}

export function JobCards() {
  const jobs = useJobs((s) => s.jobs);
  const { dismissed, expanded, setExpanded, dismiss } = useCardsView();
  const kept = jobs.filter((j) => !dismissed.includes(j.jobId));
  if (kept.length === 0) return null;
  const folded = kept.length > CARDS_SHOWN_IN_FULL;
  // Folded: the newest card stays in sight (the one just added), the others are in the summary.
  const shown = folded && !expanded ? kept.slice(0, 1) : kept;
  const ended = kept.filter(canDismiss);
  return (
    <section className={folded ? 'job-cards job-cards-folded' : 'job-cards'} aria-labelledby="job-cards-heading">
      {/* The cards' titles are h3: headings go h1 (the view), h2 (this), h3 (an episode). */}
      <h2 id="job-cards-heading" className="visually-hidden">
        Podcast jobs
      </h2>
      {folded && (
        <div className="job-summary">
          <button type="button" className="job-summary-toggle" aria-expanded={expanded} aria-controls="job-card-list" onClick={() => setExpanded(!expanded)}>
            <span className="job-summary-arrow" aria-hidden="true">
              {expanded ? '▾' : '▸'}
            </span>
            <span data-testid="job-summary">{cardsSummary(kept)}</span>
            <span className="visually-hidden">{expanded ? ' (showing all)' : ' (showing the newest)'}</span>
          </button>
          {ended.length > 0 && (
            <button type="button" className="button small" onClick={() => ended.forEach((j) => dismiss(j.jobId))}>
              Dismiss ended ({ended.length})
            </button>
          )}
        </div>
      )}
      <div id="job-card-list" className="job-card-list" data-testid="job-card-list">
        {shown.map((job) => (
          // Keyed by episode: a retried episode's new job takes over its card.
          <JobCard key={job.episode.key} job={job} />
        ))}
      </div>
    </section>
  );
}
