// The sentence after links were offered to the queue (src-renderer/src/lib/intakeSummary.ts), the
// same for a drop or paste and for URL-list files the main process read: counts, skipped
// link-like tokens, and why nothing was added.
import { describe, expect, it } from 'vitest';
import { NO_LINKS, summarizeIntake } from '../../src-renderer/src/lib/intakeSummary';

describe('intake summary', () => {
  it('counts new, invalid and folded links, leaving out the zeros', () => {
    expect(summarizeIntake({ links: 1, added: 1, invalid: 0, folded: 0 })).toEqual({ kind: 'info', text: '1 link: 1 new item' });
    expect(summarizeIntake({ links: 2005, added: 2001, invalid: 3, folded: 1 })).toEqual({ kind: 'info', text: '2,005 links: 2,001 new items, 3 invalid, 1 duplicate folded' });
    expect(summarizeIntake({ links: 3, added: 0, invalid: 0, folded: 3 })).toEqual({ kind: 'info', text: '3 links: 0 new items, 3 duplicates folded' });
  });

  it('names the skipped link-like tokens after the counts, or as the reason when nothing was added', () => {
    expect(summarizeIntake({ links: 1, added: 1, invalid: 0, folded: 0 }, ['htps://example.com/x'])?.text).toBe('1 link: 1 new item. 1 token looks like a link but is not http(s), so it was skipped: htps://example.com/x');
    expect(summarizeIntake(NO_LINKS, ['htps://a', 'ftp://b'], 'No links found in the file')).toEqual({ kind: 'error', text: 'No links added: 2 tokens look like links but are not http(s), so they were skipped: htps://a, ftp://b' });
  });

  it("with no link at all says the caller's reason, or nothing when the caller has already said why", () => {
    expect(summarizeIntake(NO_LINKS, [], 'No links found in what was dropped or pasted')).toEqual({ kind: 'error', text: 'No links found in what was dropped or pasted' });
    expect(summarizeIntake(NO_LINKS, undefined, null)).toBeNull();
  });
});
