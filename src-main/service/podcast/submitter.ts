import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import { refused, type PodcastOutcome } from '../core/outcomes';

export interface PodcastCaller {
  accountId: number;
}

/** Takes an episode URL that passed the URL rules and the plan check; a job accepted, a deduped record, or a refusal (403, 502 …). */
export interface PodcastSubmitter {
  submit(caller: PodcastCaller, item: ParsedItem): Promise<PodcastOutcome>;
}

export const notImplementedSubmitter: PodcastSubmitter = {
  submit: () => Promise.resolve(refused(502, ERROR_TEXT.upstream, { message: 'Podcast transcription is not implemented yet in this build' })),
};
