// Every way speech-to-text can fail, as a code a caller can branch on and a message a user can act on.
export type SttErrorCode =
  | 'bad_media' // not audio/video, unreadable, truncated or empty
  | 'no_audio' // a container without an audio stream, or zero seconds of sound
  | 'too_long' // longer than the caller's maxDurationSeconds
  | 'fetch_failed' // the media URL could not be downloaded
  | 'blocked_address' // the media URL points at a private or local address
  | 'engine_unavailable' // no engine installed or configured, or the chosen one is missing
  | 'engine_failed' // the engine ran and failed (a crash, an HTTP error from the endpoint)
  | 'checksum_mismatch' // a downloaded model is not the file the catalogue names
  | 'cancelled';

export class SttError extends Error {
  constructor(
    readonly code: SttErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SttError';
  }
}

export const isSttError = (error: unknown): error is SttError => error instanceof SttError;

/** The error a cancelled operation rejects with, whatever was running when the signal fired. */
export function cancelled(signal?: AbortSignal): SttError {
  const reason: unknown = signal?.reason;
  return reason instanceof SttError ? reason : new SttError('cancelled', 'The transcription was cancelled');
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled(signal);
}
