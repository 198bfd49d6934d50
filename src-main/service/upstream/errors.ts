/** Why an upstream request produced no usable response. Fetchers map these to 502 messages. */
export type UpstreamFailure =
  | 'timeout'
  | 'network'
  | 'too_large'
  | 'blocked_address'
  | 'too_many_redirects'
  /** A 307/308 that would re-send a request body to another origin. */
  | 'unsafe_redirect'
  | 'aborted'
  | 'bad_url';

export class UpstreamError extends Error {
  constructor(
    readonly failure: UpstreamFailure,
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

export const isUpstreamError = (error: unknown): error is UpstreamError => error instanceof UpstreamError;
