// An episode's transcript as its publisher ships it (a `<podcast:transcript>` link in the feed),
// fetched and read: this process's runner and a team server's workers both try it before
// speech-to-text, which takes over when it cannot be had and the episode has audio.
import { podcastPrice } from '../billing';
import type { EpisodeWork, FinishedEpisode } from '../store/port';
import type { UpstreamClient } from '../upstream/client';
import { isUpstreamError } from '../upstream/errors';
import { readPublisherTranscript } from './publisherTranscript';

/** The feed's MIME type as a reader names the format (`text/vtt` → `vtt`); the type itself when unknown. */
const FORMAT_OF: Readonly<Record<string, string>> = {
  'text/vtt': 'vtt',
  'application/x-subrip': 'srt',
  'application/srt': 'srt',
  'text/srt': 'srt',
  'application/json': 'json',
  'text/html': 'html',
  'text/plain': 'txt',
};

export function publisherFormat(mimeType: string | null): string {
  const type = (mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return FORMAT_OF[type] ?? (type === '' ? 'unknown' : type.slice(0, 40));
}

const MAX_TRANSCRIPT_BYTES = 16 * 1024 * 1024;

/** Either the finished episode, or why not and that the audio is transcribed instead (`note`, for the log). */
export type Published = { ok: true; finished: FinishedEpisode } | { ok: false; note: string };

/** Throws when the transcript cannot be had and there is no audio to fall back on. */
export async function publishedTranscript(upstream: UpstreamClient, episode: EpisodeWork, signal: AbortSignal): Promise<Published> {
  const url = episode.transcriptUrl;
  if (url === null) return { ok: false, note: 'the publisher ships no transcript' };
  let problem: string;
  try {
    const response = await upstream.request({ url, scope: 'podcast', signal, maxBytes: MAX_TRANSCRIPT_BYTES, timeoutMs: 60_000 });
    if (response.status < 200 || response.status > 299) {
      problem = `the publisher's transcript answered HTTP ${response.status}`;
    } else {
      const read = readPublisherTranscript(response.text(), episode.transcriptType ?? '');
      if (read.ok) {
        const lastMs = read.segments.at(-1)?.endMs ?? 0;
        const durationSeconds = episode.durationSeconds > 0 ? episode.durationSeconds : lastMs / 1000;
        return { ok: true, finished: { transcript: read.text, segments: read.segments, source: 'publisher', provenance: { kind: 'publisher', format: publisherFormat(episode.transcriptType), language: null }, durationSeconds, chunksTotal: 1, chunksReused: 0, price: podcastPrice(durationSeconds) } };
      }
      problem = `the publisher's transcript is unusable: ${read.problem}`;
    }
  } catch (error) {
    if (signal.aborted || !isUpstreamError(error)) throw error;
    problem = `the publisher's transcript could not be fetched: ${error.message}`;
  }
  if (episode.audioUrl === null) throw new Error(`${problem[0]?.toUpperCase() ?? ''}${problem.slice(1)}, and the episode has no audio to transcribe`);
  return { ok: false, note: `${problem}; transcribing the audio instead` };
}
