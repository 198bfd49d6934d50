// What a failed or invalid row says, in plain sentences. The REST API keeps the spec's bodies word
// for word (`no_credits`, `Upstream error`, "This key has no credits left"); the row is the desk's
// presentation, so it shows the service's explanation without the code in front, speaks of the
// owner account instead of "this key", and names a remedy where there is one. The code and the
// HTTP status stay one click away (RowDetail's expanded view) for whoever compares with the API.
import type { QueueItem } from '#shared/contract/queue';

/** What to say when the service gave no explanation of its own. */
const FALLBACK: Record<string, string> = {
  no_credits: 'Not run: the owner account has no credits left. Add credits, then retry',
  upgrade_required: 'Podcasts need the plus or pro plan',
  'Upstream error': 'The site did not give an answer that could be read',
  'No transcript available for this video': 'The site has no transcript for this video',
  'No transcript available': 'The site has no transcript for this item',
  'Invalid URL': 'Not a link to a supported site',
  'Rate limit exceeded. Try again later.': 'The service’s rate limit refused it: retry in a minute',
  'Video too long': 'Too long to transcribe',
  'Speech-to-text unavailable': 'Speech-to-text is not set up: choose an engine in Settings',
  'Speech-to-text busy': 'Speech-to-text was busy: retry in a moment',
  'Transcription failed': 'The episode could not be transcribed',
  'Internal error': 'Something went wrong inside the app',
};

/** Codes whose own text is the whole message (`no_credits` is better said by the fallback than by "This key has no credits left"). */
const FALLBACK_WINS = new Set(['no_credits']);

/** The service's wording, with the API's "this key" said as the desk sees it. */
const ownerWords = (text: string) => text.replace(/\bThis key\b/g, 'The owner account').replace(/\bthis key\b/g, 'the owner account');

/** A bare machine code (`transcription_failed`) where a message was expected is not an explanation. */
const isCode = (text: string) => /^[a-z]+(_[a-z]+)+$/.test(text);

export function plainError(item: Pick<QueueItem, 'error' | 'message'>): string {
  const error = item.error ?? '';
  const message = item.message !== null && item.message !== '' && !isCode(item.message) ? ownerWords(item.message) : null;
  const fallback = FALLBACK[error];
  if (fallback !== undefined && (FALLBACK_WINS.has(error) || message === null)) return fallback;
  if (error === 'Internal error' && message !== null) return `${FALLBACK['Internal error']}: ${message}`;
  return message ?? (fallback ?? (error === '' ? 'Failed' : ownerWords(error)));
}

/** What the REST API answers for the same request: "HTTP 404 · No transcript available for this video". */
export function technicalLine(item: Pick<QueueItem, 'error' | 'httpStatus' | 'status'>): string | null {
  if (item.error === null) return null;
  const status = item.status === 'invalid' ? 400 : item.httpStatus;
  return `The REST API answers ${status === null ? '' : `HTTP ${status} · `}${item.error}`;
}
