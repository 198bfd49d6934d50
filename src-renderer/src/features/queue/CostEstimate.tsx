// Before Run: what the queued rows will cost and what the owner account has. Asked of the main
// process (queue.estimate), which prices them as the service will and knows what the cache holds.
import { useEffect, useState } from 'react';
import type { OperationOutput } from '#shared/contract/operations';
import { desk } from '../../lib/desk';
import { num, plural } from '../../lib/format';
import { useApp } from '../../stores/app';
import { useQueue } from '../../stores/queue';

export function CostEstimate() {
  const phase = useQueue((s) => s.state.phase);
  // The banner already says the queue is paused for credits and what to do.
  const outOfCredits = useQueue((s) => s.state.pausedFor === 'no-credits');
  const queued = useQueue((s) => {
    // Hidden while running; the selector runs on every change of the store, so it does not count then.
    if (s.state.phase === 'running') return 0;
    let n = 0;
    for (const item of s.items.values()) if (item.status === 'queued') n++;
    return n;
  });
  const credits = useApp((s) => s.balance?.credits);
  const [estimate, setEstimate] = useState<OperationOutput<'queue.estimate'> | null>(null);
  const show = phase !== 'running' && queued > 0;
  useEffect(() => {
    if (!show) return;
    let current = true;
    // A failed estimate shows nothing: it is a hint, and the run itself reports every refusal.
    desk()
      .invoke('queue.estimate', {})
      .then((value) => current && setEstimate(value))
      .catch(() => current && setEstimate(null));
    return () => {
      current = false;
    };
  }, [show, queued, credits]);
  if (!show || estimate === null || estimate.runnable === 0) return null;
  const short = estimate.credits > estimate.balance;
  // An episode's length is known only once its feed is read: each is counted at the minimum price.
  const podcasts = estimate.podcasts > 0 ? ` (${plural(estimate.podcasts, 'podcast episode')} counted at 10 each; an episode costs 10 per started hour)` : '';
  return (
    <p className={short ? 'cost-estimate cost-short' : 'cost-estimate'} data-testid="cost-estimate">
      This batch costs about <strong>{num(estimate.credits)}</strong> {estimate.credits === 1 ? 'credit' : 'credits'}{podcasts}; you have <strong>{num(estimate.balance)}</strong>.
      {short && !outOfCredits && ' The queue will pause when they run out; nothing fails for credits.'}
    </p>
  );
}
