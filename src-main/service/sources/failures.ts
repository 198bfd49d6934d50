// A source that could not be read, in the REST API's terms (see ExpandFailure in index.ts).
import { ERROR_TEXT } from '../apiResponse';
import type { ExpandFailure } from './index';

/** The site itself says the source does not exist (or is private): 404, free. */
export const gone = (message: string): ExpandFailure => ({ status: 404, error: ERROR_TEXT.noTranscript, message });
/** A block, a challenge, an answer we cannot read: 502 naming the site and the cause. */
export const unreadable = (message: string): ExpandFailure => ({ status: 502, error: ERROR_TEXT.upstream, message });
/** Not a URL of a source: 400. */
export const notASource = (message: string): ExpandFailure => ({ status: 400, error: 'Invalid URL', message });
