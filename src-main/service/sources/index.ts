// Sources: from a URL that names many items (playlist, channel, show, feed, a channel's clips) to
// the item URLs the service takes, newest first, with library marks. Every request goes through the
// upstream client, so the per-site pacing (upstream/pacing.ts) and cooldowns apply to expansion and
// to follows alike.
import type { ExpandInput, SourceExpansion } from '#shared/contract/sources';
import type { LookupCache } from '../podcast/resolve';
import type { Store } from '../store/port';
import type { UpstreamClient } from '../upstream/client';

export interface SourceDeps {
  upstream: UpstreamClient;
  /** Where "already in library" is read from. */
  store: Pick<Store, 'cache'>;
  /** Apple lookups shared with podcast submits (one show's lookup serves both). */
  lookups?: LookupCache;
}

/**
 * Why a source could not be read, as the REST API would say it: 400 not a source URL; 404 the site
 * says the source does not exist; 502 a block, a challenge, an unreadable answer (the message
 * names the site and the cause). `upstream_rate_limited` carries the site's wait.
 */
export interface ExpandFailure {
  status: 400 | 404 | 502;
  error: string;
  message: string;
  code?: string;
  retryAfterMs?: number;
}

export type ExpandOutcome = { ok: true; expansion: SourceExpansion } | { ok: false; failure: ExpandFailure };

export async function expandSource(deps: SourceDeps, input: ExpandInput, signal?: AbortSignal): Promise<ExpandOutcome> {
  void deps;
  void input;
  void signal;
  return Promise.resolve({ ok: false, failure: { status: 502, error: 'Upstream error', message: 'expansion is being built' } });
}
