// A card per local media file, like a podcast job's: title, file name and length, a bar that moves
// chunk by chunk, elapsed time and an estimate, the engine, where the audio goes when it leaves
// this machine, what a resumed run kept; pause, resume, cancel, open, dismiss.
import type { MediaJob } from '#shared/contract/media';
import { useViewer } from '../../stores/viewer';
import { cancelMedia, dismissMedia, pauseMedia, resumeMedia } from './mediaActions';
import { engineNote, fractionDone, isEnded, lengthOf, mediaMeta, progressText, resumedNote, sendsToNote } from './mediaMeta';

/** A file glyph with a waveform (audio) or a film frame (video) where a podcast card has its artwork. */
function MediaGlyph({ video }: { video: boolean }) {
  return (
    <div className={video ? 'media-glyph media-glyph-video' : 'media-glyph'} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        {video ? (
          <>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M10 9.5v5l4.5-2.5z" fill="currentColor" />
          </>
        ) : (
          <path d="M3 12h2M7 8v8M11 5v14M15 9v6M19 11v2M21 12h0" />
        )}
      </svg>
    </div>
  );
}

function CardActions({ job }: { job: MediaJob }) {
  const open = useViewer((s) => s.open);
  const key = job.transcriptKey;
  return (
    <div className="job-actions">
      {(job.status === 'queued' || job.status === 'running') && (
        <button type="button" className="button small" onClick={() => void pauseMedia(job)}>
          Pause
        </button>
      )}
      {(job.status === 'paused' || job.status === 'failed') && (
        <button type="button" className="button small" onClick={() => void resumeMedia(job)}>
          {job.status === 'failed' ? 'Retry' : 'Resume'}
        </button>
      )}
      {!isEnded(job) && (
        <button type="button" className="button small" onClick={() => void cancelMedia(job)}>
          Cancel
        </button>
      )}
      {job.status === 'done' && key !== null && (
        <button type="button" className="button small" onClick={() => void open({ kind: 'transcript', platform: 'local', key })}>
          Open
        </button>
      )}
      {isEnded(job) && (
        <button type="button" className="icon-button" aria-label={`Dismiss the card of ${job.title}`} title="Dismiss this card (the transcript stays in the library)" onClick={() => void dismissMedia(job)}>
          ✕
        </button>
      )}
    </div>
  );
}

export function MediaCard({ job, now, ahead }: { job: MediaJob; now: number; ahead: number }) {
  const { chunksDone, chunksTotal } = job.progress;
  const engine = engineNote(job);
  const resumed = resumedNote(job);
  const sendsTo = sendsToNote(job);
  return (
    <article className={`job-card media-card job-${job.status}`} data-testid="media-card" data-status={job.status} data-name={job.name} aria-label={`Local file: ${job.title}`}>
      <MediaGlyph video={job.video} />
      <div className="media-body">
        <div className="job-heading">
          <h3 className="job-title" title={job.title}>
            {job.title}
          </h3>
          <p className="job-show" title={job.name}>
            {job.name} · {lengthOf(job)}
          </p>
          {engine !== null && (
            <p className="media-engine" data-testid="media-engine">
              {engine}
            </p>
          )}
        </div>
        {job.status === 'failed' ? (
          <p className="job-error" role="alert" data-testid="media-error">
            {mediaMeta(job, now, ahead)}
          </p>
        ) : (
          <div className="media-progress">
            <div className="progress" role="progressbar" aria-label={`Progress of ${job.title}`} aria-valuemin={0} aria-valuemax={chunksTotal || 1} aria-valuenow={job.status === 'done' ? chunksTotal || 1 : chunksDone} aria-valuetext={progressText(job)}>
              <div className="progress-fill" style={{ transform: `scaleX(${fractionDone(job)})` }} />
            </div>
            <p className="job-meta" data-testid="media-meta">
              {mediaMeta(job, now, ahead)}
            </p>
          </div>
        )}
        {resumed !== null && (
          <p className="media-note" data-testid="media-resumed">
            {resumed}
          </p>
        )}
        {sendsTo !== null && (
          <p className="media-note media-sends" data-testid="media-sends">
            {sendsTo}
          </p>
        )}
      </div>
      <CardActions job={job} />
    </article>
  );
}
