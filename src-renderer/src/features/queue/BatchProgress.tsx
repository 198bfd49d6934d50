// The whole batch at a glance: a bar of done and failed rows, the counts, and an ETA bounded by the
// pace kept, the service's rate limit and sites that make their rows wait (src-shared/queue/eta.ts).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { QueueItem } from '#shared/contract/queue';
import { estimateEta } from '#shared/queue/eta';
import { duration, num } from '../../lib/format';
import { useQueue } from '../../stores/queue';

/** The service's window (spec §8: 120 requests a minute); the state carries the limit, not the window. */
const WINDOW_MS = 60_000;
/** The pace is measured over this much recent working time: short, so a slow start (cold caches, a site's first answers) is soon forgotten. */
const PACE_WINDOW_MS = 20_000;

interface Tally {
  done: number;
  failed: number;
  remaining: number;
  /** Queued rows per platform, for the site waits. */
  queuedBySite: Map<QueueItem['platform'], number>;
}

function tally(items: Map<string, QueueItem>): Tally {
  const t: Tally = { done: 0, failed: 0, remaining: 0, queuedBySite: new Map() };
  for (const item of items.values()) {
    if (item.status === 'done' || item.status === 'cached' || item.status === 'empty') t.done++;
    else if (item.status === 'failed') t.failed++;
    else if (item.status !== 'invalid') t.remaining++;
    if (item.status === 'queued') t.queuedBySite.set(item.platform, (t.queuedBySite.get(item.platform) ?? 0) + 1);
  }
  return t;
}

export function BatchProgress() {
  const items = useQueue((s) => s.items);
  const state = useQueue((s) => s.state);
  const t = useMemo(() => tally(items), [items]);
  const [now, setNow] = useState(() => Date.now());
  const running = state.phase === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  // The pace: finished rows per second over recent working time. Waits (rate limit, busy speech
  // engine) are left out: the ETA adds them from the state, so counting them here too would count them twice.
  const samples = useRef<{ at: number; finished: number }[]>([]);
  const finished = t.done + t.failed;
  const waiting = state.rateLimit.waitUntil !== null;
  if (!running || waiting) samples.current = [];
  else if (samples.current.at(-1)?.finished !== finished) samples.current = [...samples.current.filter((s) => s.at > now - PACE_WINDOW_MS), { at: Date.now(), finished }];
  const first = samples.current[0];
  const last = samples.current.at(-1);
  // Measured once it means something: two seconds of work, or a burst of several rows (a fast site
  // finishes dozens in under a second, and the assumed pace would then be far too slow).
  const span = first !== undefined && last !== undefined ? { ms: last.at - first.at, rows: last.finished - first.finished } : null;
  const itemsPerSecond = span !== null && span.ms > 0 && (span.ms >= 2000 || span.rows >= 5) ? span.rows / (span.ms / 1000) : null;

  const total = t.done + t.failed + t.remaining;
  if (total === 0) return null;
  const siteWaits = (state.siteWaits ?? []).map((w) => ({ until: w.until, rows: t.queuedBySite.get(w.platform) ?? 0 }));
  const eta = running ? estimateEta({ remaining: t.remaining, now, itemsPerSecond, concurrency: state.concurrency, rate: state.rateLimit, siteWaits, windowMs: WINDOW_MS }) : null;
  const pct = (n: number) => `${(100 * n) / total}%`;
  const when = t.remaining === 0 ? 'finished' : eta !== null ? `about ${duration(eta)} left` : state.phase === 'paused' ? 'paused' : 'not started';

  return (
    <div className="batch-progress" data-testid="batch-progress">
      <div className="progress-track" role="progressbar" aria-label="Batch progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={finished} aria-valuetext={`${num(finished)} of ${num(total)} finished`}>
        <span className="progress-done" style={{ width: pct(t.done) }} />
        <span className="progress-failed" style={{ width: pct(t.failed) }} />
      </div>
      <p className="progress-text">
        <span data-testid="progress-done">{num(t.done)} done</span>
        <span data-testid="progress-failed">{num(t.failed)} failed</span>
        <span data-testid="progress-remaining">{num(t.remaining)} remaining</span>
        <span data-testid="batch-eta" title="From the pace so far, the rate limit (120 requests a minute) and sites that asked this machine to wait">
          {when}
        </span>
      </p>
    </div>
  );
}
