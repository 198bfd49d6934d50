// What the desk says after links were offered to the queue, whichever way they came: dropped or
// pasted (read in the page, features/queue/useIntake.ts) or URL-list files the main process read
// (lib/appCommands.ts). One sentence for both, so the two never drift apart.
import { describeMalformed } from '#shared/queue/malformed';
import { plural } from './format';

export interface IntakeCounts {
  links: number;
  added: number;
  invalid: number;
  folded: number;
}

export interface IntakeNotice {
  kind: 'info' | 'error';
  text: string;
}

/** Counts of an intake that found no link at all. */
export const NO_LINKS: IntakeCounts = { links: 0, added: 0, invalid: 0, folded: 0 };

/**
 * "3 links: 2 new items, 1 duplicate folded", followed by the link-like tokens that were skipped.
 * With no link at all: the skipped tokens as an error, else `nothingFound`; null when that is
 * null too (the caller has already said why, e.g. a file could not be read).
 */
export function summarizeIntake(counts: IntakeCounts, malformedTokens: readonly string[] = [], nothingFound: string | null = null): IntakeNotice | null {
  const malformed = describeMalformed(malformedTokens);
  if (counts.links === 0) {
    if (malformed !== null) return { kind: 'error', text: `No links added: ${malformed}` };
    return nothingFound === null ? null : { kind: 'error', text: nothingFound };
  }
  const parts = [plural(counts.added, 'new item')];
  if (counts.invalid > 0) parts.push(`${counts.invalid} invalid`);
  if (counts.folded > 0) parts.push(`${plural(counts.folded, 'duplicate')} folded`);
  return { kind: 'info', text: `${plural(counts.links, 'link')}: ${parts.join(', ')}${malformed === null ? '' : `. ${malformed}`}` };
}
