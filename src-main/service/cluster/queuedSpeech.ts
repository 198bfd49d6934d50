// Speech-to-text on a team server's API node: a clip's media URL becomes a job on the media queue
// and the request waits for a worker's answer. The API node downloads and decodes nothing itself;
// the flight sharing and admission of platforms/speech.ts still apply in front of it.
import type { PgBoss } from 'pg-boss';
import type { EngineId } from '../settings';
import { SpeechToText, SttError, type MediaSource, type SpeechToTextDeps, type TranscribeOptions, type TranscriptionResult } from '../stt/index';
import { affectedBy, QUEUES } from './boss';
import type { MediaJob, MediaOutput } from './jobs';

/** How often the API node looks at a waiting job: a clip takes seconds, so a quarter of one is little. */
const POLL_MS = 250;
/**
 * A clip nobody takes within this long is answered as unavailable rather than left hanging: no
 * worker runs, or every one is busy with long work. Once a worker has it, the queue's expiry bounds it.
 */
export const PICKUP_MS = 30_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export class QueuedSpeechToText extends SpeechToText {
  constructor(
    deps: SpeechToTextDeps,
    private readonly boss: PgBoss,
  ) {
    super(deps);
  }

  /** A URL goes to the workers; a local file (a CLI run on this machine) is transcribed here. */
  override async transcribeMedia(source: MediaSource, options: TranscribeOptions = {}): Promise<TranscriptionResult> {
    if (!('url' in source)) return super.transcribeMedia(source, options);
    // A media job carries no task or vocabulary yet: refuse rather than hand back a transcription as a translation.
    if (options.task === 'translate') throw new SttError('engine_unavailable', "The team server's workers do not translate yet; translate on this machine");
    const { signal } = options;
    const job: MediaJob = {
      url: source.url,
      taskKey: options.taskKey ?? `url:${source.url}`,
      ...(options.maxDurationSeconds === undefined ? {} : { maxDurationSeconds: options.maxDurationSeconds }),
      ...(options.maxDownloadBytes === undefined ? {} : { maxDownloadBytes: options.maxDownloadBytes }),
      ...(options.downloadHeaders === undefined ? {} : { headers: options.downloadHeaders }),
      ...(options.language === undefined ? {} : { language: options.language }),
    };
    const id = await this.boss.send(QUEUES.media, job);
    if (id === null) throw new SttError('engine_failed', 'The team server did not queue the transcription');
    options.onProgress?.({ stage: 'transcribing', chunksDone: 0, chunksTotal: 0 });
    const sent = Date.now();
    for (;;) {
      if (signal?.aborted) {
        // Nobody waits any more: the job stops taking a worker's time (a running one finishes).
        await this.boss.cancel(QUEUES.media, id).catch(() => undefined);
        throw new SttError('cancelled', 'The transcription was cancelled');
      }
      const [found] = await this.boss.findJobs<MediaJob>(QUEUES.media, { id });
      if (found === undefined) throw new SttError('engine_failed', 'The team server lost the transcription job');
      if (found.state === 'completed') return resultOf(found.output as MediaOutput);
      if (found.state === 'failed' || found.state === 'cancelled') {
        const reason = (found.output as { message?: unknown } | null)?.message;
        throw new SttError('engine_failed', `The team server's workers could not transcribe it${typeof reason === 'string' ? `: ${reason}` : ''}`);
      }
      if (found.state === 'created' && Date.now() - sent > PICKUP_MS) {
        if (affectedBy(await this.boss.cancel(QUEUES.media, id)) > 0) throw new SttError('engine_unavailable', `No worker of the team server took the transcription within ${PICKUP_MS / 1000} s (is a \`transcript-desk worker\` running?)`);
      }
      await sleep(POLL_MS, signal);
    }
  }
}

function resultOf(output: MediaOutput): TranscriptionResult {
  if (!output.ok) throw new SttError(output.code, output.message);
  return { text: output.text, segments: output.segments, durationSeconds: output.durationSeconds, engine: output.engine as EngineId, model: null, chunksTotal: output.chunksTotal, chunksReused: 0, task: 'transcribe' };
}
