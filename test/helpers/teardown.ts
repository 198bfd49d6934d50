// Work a vitest test starts in its own process (a transcription, a CLI command) ends with the test.
import { onTestFinished } from 'vitest';

/**
 * A signal that aborts when the current test ends: passed, failed or timed out (vitest runs
 * `onTestFinished` callbacks in every case). Pass it to every transcription the test starts, so
 * a test that fails or times out leaves no engine or ffmpeg process behind.
 */
export function abortedWhenTestEnds(): AbortSignal {
  const controller = new AbortController();
  onTestFinished(() => controller.abort(new Error('the test ended')));
  return controller.signal;
}
