// Remedies a row can offer in place of advice: a whisper model to download (instead of the CLI
// command the service's message names), or our own speech-to-text of a TikTok/Facebook video that
// has no captions, or reading a link on no known site as a podcast feed. Read from the row's status and the service's words; pure, so it is unit-tested.
import type { QueueItem } from '#shared/contract/queue';
import { mayBeFeed } from '../sources/sourceIntake';

export type Remedy = { kind: 'download-model'; model: string } | { kind: 'transcribe-audio' } | { kind: 'read-as-feed' };

/** The model the whisper engine asks for when none is chosen yet (the catalogue's English base). */
export const DEFAULT_WHISPER_MODEL = 'base.en';

const NO_MODEL = /whisper has no model|whisper model (\S+) is not downloaded yet/;

export function remedyOf(item: Pick<QueueItem, 'status' | 'platform' | 'message'> & { url?: string }): Remedy | null {
  const missing = item.message === null ? null : NO_MODEL.exec(item.message);
  if (missing !== null && (item.status === 'failed' || item.status === 'empty')) return { kind: 'download-model', model: missing[1] ?? DEFAULT_WHISPER_MODEL };
  if (item.status === 'empty' && (item.platform === 'shortform' || item.platform === 'social')) return { kind: 'transcribe-audio' };
  // A link on no supported site may be a podcast's RSS or Atom feed: only reading it tells.
  if (item.status === 'invalid' && item.platform === null && item.url !== undefined && mayBeFeed(item.url)) return { kind: 'read-as-feed' };
  return null;
}

/**
 * The service's message without the CLI commands it suggests (the CLI's users need them; the
 * desk has a button and Settings instead).
 */
export function withoutCliCommands(text: string): string {
  return text
    .replace(/download one \(transcript-desk models download \S+\) or pick a ggml file \(transcript-desk models use FILE\)/, 'download one with “Download a model”, or choose a model file in Settings → Speech-to-text')
    .replace(/ \(transcript-desk models download \S+\)/, '');
}

/** The same message where no row button stands beside it (the first-run guide links to Settings instead): the commands dropped. */
export function withoutCliHints(text: string): string {
  return text.replace(/ \(transcript-desk models [^)]*\)/g, '');
}
