// `sources.expand` for the desk: the service's expansion, its failure turned into the desk's error
// (the message is the service's own, so the picker says what the REST API would).
import type { ExpandInput, SourceExpansion } from '#shared/contract/sources';
import { DeskError } from '#shared/contract/result';
import { expandSource, type ExpandFailure, type SourceDeps } from '#service/sources/index';

/** 400: the URL is not a source (`invalid_input`); 404: the site says it does not exist; 502: the site could not be read. */
export function expandError(failure: ExpandFailure): DeskError {
  if (failure.status === 400) return new DeskError('invalid_input', failure.message);
  if (failure.status === 404) return new DeskError('not_found', failure.message);
  return new DeskError('refused', failure.message);
}

export async function expandForDesk(deps: SourceDeps, input: ExpandInput, signal?: AbortSignal): Promise<SourceExpansion> {
  const outcome = await expandSource(deps, input, signal);
  if (!outcome.ok) throw expandError(outcome.failure);
  return outcome.expansion;
}
