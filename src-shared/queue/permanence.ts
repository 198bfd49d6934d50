// Which failures retrying cannot change, so "Retry failed" leaves them alone (a row's own Retry
// still retries it: the user asked for that one). Decided from what the service answers:
// - 422 `Video too long` (speech-to-text's limit; its message says retrying will not change it);
// - 404 `No transcript available…`: the site says the item is missing, private, removed or has no
//   captions (a private video could become public, but a bulk retry should not bet credits of time on it);
// - a podcast job the user cancelled (`Cancelled (… credits refunded)`);
// - 400: a link the URL rules refuse (`Invalid URL`, `Invalid lang`).
// Everything else may pass later: upstream errors and blocks (502), a busy or missing speech engine
// (503/502), no credits (403: credits can be added), a plan too small (402: the plan can change).
import type { QueueItem } from '../contract/queue';


export const PERMANENT_REASONS = ['too-long', 'no-transcript', 'cancelled', 'invalid'] as const;
export type PermanentReason = (typeof PERMANENT_REASONS)[number];

/** Why retrying this failed item cannot change its outcome, or null when it may. */
export function permanentFailure(item: Pick<QueueItem, 'status' | 'error' | 'message' | 'httpStatus'>): PermanentReason | null {
  if (item.status === 'invalid') return 'invalid';
  if (item.status !== 'failed') return null;
  if (item.httpStatus === 422 || item.error === 'Video too long') return 'too-long';
  if (item.httpStatus === 404 || (item.error ?? '').startsWith('No transcript available')) return 'no-transcript';
  if (/^Cancelled\b/.test(item.message ?? '')) return 'cancelled';
  if (item.httpStatus === 400) return 'invalid';
  return null;
}

/** How a reason reads in "skipped 3 that retrying cannot change: 2 too long, 1 cancelled". */
export const PERMANENT_REASON_TEXT: Record<PermanentReason, string> = {
  'too-long': 'too long to transcribe',
  'no-transcript': 'with no transcript on the site',
  cancelled: 'cancelled',
  invalid: 'not a supported link',
};
