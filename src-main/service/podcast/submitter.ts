import type { ParsedItem } from '../../../src-shared/url/parse';
import { ERROR_TEXT, type ApiResponse } from '../apiResponse';

export interface PodcastCaller {
  accountId: number;
}

/** Takes an episode URL that passed the URL rules and the plan check; answers 202, 200 (deduped), 403 or an error. */
export interface PodcastSubmitter {
  submit(caller: PodcastCaller, item: ParsedItem): Promise<ApiResponse>;
}

export const notImplementedSubmitter: PodcastSubmitter = {
  submit: () =>
    Promise.resolve({
      status: 502,
      headers: {},
      body: { error: ERROR_TEXT.upstream, message: 'Podcast transcription is not implemented yet in this build' },
    }),
};
