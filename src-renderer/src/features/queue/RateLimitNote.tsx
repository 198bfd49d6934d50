// The queue's countdown: the service allows 120 requests a minute, and the queue waits visibly
// when it has used them, or when speech-to-text has no free place (a 503 with Retry-After), or
// when a site rate-limits this machine (its rows wait, the others go on).
import { useEffect, useState } from 'react';
import { PLATFORMS } from '#shared/platforms';
import { useQueue } from '../../stores/queue';

export function RateLimitNote() {
  const rate = useQueue((s) => s.state.rateLimit);
  const siteWaits = useQueue((s) => s.state.siteWaits);
  const [now, setNow] = useState(() => Date.now());
  const counting = rate.waitUntil !== null || (siteWaits !== undefined && siteWaits.length > 0);
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [counting]);
  if (rate.waitUntil !== null && rate.waitUntil > now) {
    const seconds = Math.ceil((rate.waitUntil - now) / 1000);
    if (rate.waitReason === 'busy') {
      return (
        <p className="rate-note rate-waiting" role="status" data-testid="rate-countdown">
          Speech-to-text is busy: next try in <strong>{seconds} s</strong>
        </p>
      );
    }
    return (
      <p className="rate-note rate-waiting" role="status" data-testid="rate-countdown">
        Rate limit reached: next request in <strong>{seconds} s</strong>
      </p>
    );
  }
  const sites = (siteWaits ?? []).filter((w) => w.until > now);
  if (sites.length > 0) {
    return (
      <p className="rate-note rate-waiting" role="status" data-testid="site-countdown" title={sites.map((w) => w.message ?? '').join('\n')}>
        {sites.map((w, i) => (
          <span key={w.platform}>
            {i > 0 && '; '}
            Waiting for {PLATFORMS[w.platform].uiName}: next try in <strong>{Math.ceil((w.until - now) / 1000)} s</strong>
          </span>
        ))}
      </p>
    );
  }
  if (rate.remaining !== null && rate.limit !== null) {
    return (
      <p className="rate-note" title="Requests left in this minute (the service allows 120 a minute)">
        {rate.remaining}/{rate.limit} requests left this minute
      </p>
    );
  }
  return <p className="rate-note" aria-hidden="true" />;
}
