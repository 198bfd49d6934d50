// "Transcribe the audio" on a queue row that ended `empty` (TikTok/Facebook: the video, no
// captions): the service's speech-to-text of that video (service/core/audioTranscript.ts), with the
// owner's key like every desk request (rate limit, billing). It runs beside the queue runner, not
// in it: one click is one item, and speech-to-text's own admission limits how many run at once.
// A failure leaves the row `empty` with the reason and nothing charged, so the button stays.
import type { QueueItem } from '#shared/contract/queue';
import { DeskError } from '#shared/contract/result';
import { parseForPlatform } from '#shared/url/parse';
import { AUDIO_PLATFORMS, type AudioPlatform } from '#service/core/audioTranscript';
import { SYNC_TRANSCRIPT_PRICE } from '#service/billing';
import type { QueueItemUpdate } from '#service/store/port';
import type { DeskDeps } from '../deps';
import type { DeskClient } from '../teamServer';
import type { QueueFeed } from './feed';

export const TRANSCRIBED_FROM_AUDIO = 'Transcribed from the video’s audio (our speech-to-text)';

const isAudioPlatform = (platform: QueueItem['platform']): platform is AudioPlatform => (AUDIO_PLATFORMS as readonly (string | null)[]).includes(platform);

export class AudioTranscriptions {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly deps: DeskDeps,
    private readonly feed: QueueFeed,
    private readonly onBalance: (credits: number, plan: string) => void,
    /** This machine's core, or a team server's, which refuses it (not a REST route). */
    private readonly client: () => Promise<DeskClient>,
  ) {}

  /** Starts it; the row says `running`, then `done` with the transcript, or `empty` with why not. */
  async start(id: string): Promise<void> {
    const item = await this.deps.store.queue.get(id);
    if (item === undefined) throw new DeskError('not_found', 'This queue item does not exist any more');
    if (item.status !== 'empty' || !isAudioPlatform(item.platform)) throw new DeskError('invalid_input', 'Only a TikTok or Facebook video that has no captions can have its audio transcribed');
    if (this.running.has(id)) return;
    const controller = new AbortController();
    this.running.set(id, controller);
    await this.apply(id, { status: 'running' });
    void this.transcribe(item, item.platform, controller.signal).then(
      (update) => this.apply(id, update),
      (error: unknown) => this.apply(id, { status: 'empty', message: `Transcribing the audio failed: ${error instanceof Error ? error.message : String(error)}. Nothing was charged` }),
    ).finally(() => this.running.delete(id));
  }

  close(): void {
    for (const controller of this.running.values()) controller.abort();
  }

  private async apply(id: string, update: QueueItemUpdate): Promise<void> {
    const updated = await this.deps.store.queue.update(id, update);
    if (updated !== undefined) this.feed.upsert(updated);
  }

  private async transcribe(item: QueueItem, platform: AudioPlatform, signal: AbortSignal): Promise<QueueItemUpdate> {
    const { core, key } = await this.client();
    const admitted = await core.admitKey(key, 'desk');
    if (!admitted.ok) return notTranscribed(admitted);
    const parsed = parseForPlatform(platform, item.url);
    if (!parsed.ok) return notTranscribed({ status: 400, error: parsed.error, message: parsed.reason });
    const outcome = await core.transcribeAudio(admitted.caller, platform, parsed, signal);
    if (outcome.kind === 'refused') return notTranscribed(outcome);
    this.onBalance(outcome.balance, admitted.caller.plan);
    const charged = outcome.kind === 'cached' ? 0 : SYNC_TRANSCRIPT_PRICE;
    // The transcript's key is the `#audio` one it was cached under.
    return { status: 'done', error: null, message: TRANSCRIBED_FROM_AUDIO, httpStatus: 200, credits: item.credits + charged, transcript: { kind: 'transcript', key: outcome.transcript.canonicalKey } };
  }
}

/** The row stays `empty`, saying why; every refusal is free. */
function notTranscribed({ status, error, message }: { status: number; error: string; message?: string }): QueueItemUpdate {
  const why = [error, message].filter((t) => t !== undefined && t !== '').join(': ');
  return { status: 'empty', message: `Transcribing the audio failed: ${why || `HTTP ${status}`}. Nothing was charged` };
}
