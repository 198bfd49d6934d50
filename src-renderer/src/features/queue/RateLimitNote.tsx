// The queue's countdown: the service allows 120 requests a minute, and the queue waits visibly
// when it has used them, or when speech-to-text has no free place (a 503 with Retry-After).
import { useEffect, useState } from 'react';
import { useQueue } from '../../stores/queue';

export function RateLimitNote() {
  const rate = useQueue((s) => s.state.rateLimit);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (rate.waitUntil === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [rate.waitUntil]);
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
  if (rate.remaining !== null && rate.limit !== null) {
    return (
      <p className="rate-note" title="Requests left in this minute (the service allows 120 a minute)">
        {rate.remaining}/{rate.limit} requests left this minute
      </p>
    );
  }
  return <p className="rate-note" aria-hidden="true" />;
}
