// The transport-neutral answer of the service: the HTTP server, the app RPC and the CLI all
// render this same object, so a status code or an error text is decided in exactly one place.

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The spec's error texts (§5, §7), word for word. */
export const ERROR_TEXT = {
  missingKey: 'Missing API key',
  invalidKey: 'Invalid API key',
  invalidUrl: 'Invalid URL',
  upgradeRequired: 'upgrade_required',
  noCredits: 'no_credits',
  noTranscriptVideo: 'No transcript available for this video',
  noTranscript: 'No transcript available',
  rateLimited: 'Rate limit exceeded. Try again later.',
  jobNotFound: 'Job not found',
  upstream: 'Upstream error',
  notFound: 'Not found',
  // Ours, not the spec's: the optional `lang` field the spec does not define.
  invalidLang: 'Invalid lang',
  // Ours, from the HTTP server (http/server.ts): a body over its limit, a fault of our own.
  payloadTooLarge: 'Payload too large',
  internal: 'Internal error',
} as const;

export interface ErrorBody {
  error: string;
  message?: string;
  code?: string;
}

export function errorResponse(status: number, error: string, extra: Omit<ErrorBody, 'error'> = {}, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers, body: { error, ...extra } satisfies ErrorBody };
}

export function withHeaders(response: ApiResponse, headers: Record<string, string>): ApiResponse {
  return { ...response, headers: { ...headers, ...response.headers } };
}
