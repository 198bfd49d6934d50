// The podcast cards' folded line and what may be dismissed (src-renderer/src/features/jobs/cardsView.ts):
// the line counts every kept job by what the user sees on its card (running, done, failed).
import { describe, expect, it } from 'vitest';
import type { PodcastJob } from '#shared/contract/podcast';
import { canDismiss, cardsSummary } from '../../src-renderer/src/features/jobs/cardsView';

const job = (status: PodcastJob['status']) => ({ status }) as PodcastJob;

describe('podcast cards, folded', () => {
  it('counts the jobs and says how many run, are done and failed, leaving out the zeros', () => {
    expect(cardsSummary([job('processing'), job('done'), job('done'), job('failed')])).toBe('4 podcast jobs · 1 running · 2 done · 1 failed');
    expect(cardsSummary([job('done'), job('failed'), job('failed')])).toBe('3 podcast jobs · 1 done · 2 failed');
    expect(cardsSummary([job('processing')])).toBe('1 podcast job · 1 running');
  });
  it('lets an ended card go, never a running one (its Cancel is the way to stop it)', () => {
    expect(canDismiss(job('done'))).toBe(true);
    expect(canDismiss(job('failed'))).toBe(true);
    expect(canDismiss(job('processing'))).toBe(false);
  });
});
