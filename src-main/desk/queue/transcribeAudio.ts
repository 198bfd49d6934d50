// "Transcribe the audio" on a queue row that ended `empty` (TikTok/Facebook: the video, no
// captions): the service's speech-to-text of that video (service/audioTranscript.ts), through the
// owner's key like every desk request (rate limit, billing). It runs beside the queue runner, not
// in it: one click is one item, and speech-to-text's own admission limits how many run at once.
// A failure leaves the row `empty` with the reason and nothing charged, so the button stays.
import type { QueueItem } from '../../../src-shared/contract/queue';
import { DeskError } from '../../../src-shared/contract/result';
import { AUDIO_PLATFORMS, audioCacheKey, type AudioPlatform } from '../../service/audioTranscript';
import { SYNC_TRANSCRIPT_PRICE } from '../../service/billing';
import type { QueueItemUpdate } from '../../service/store/port';
import type { DeskDeps } from '../deps';
import type { QueueFeed } from './feed';

export const TRANSCRIBED_FROM_AUDIO = 'Transcribed from the video’s audio (our speech-to-text)';

const isAudioPlatform = (platform: QueueItem['platform']): platform is AudioPlatform => (AUDIO_PLATFORMS as readonly (string | null)[]).includes(platform);

export class AudioTranscriptions {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly deps: DeskDeps,
    private readonly feed: QueueFeed,
    private readonly onBalance: (credits: number, plan: string) => void,
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
    const { service, owner } = this.deps;
    let plan: string | null = null;
    const response = await service.handle(`Bearer ${owner.key}`, 'desk', (caller) => {
      plan = caller.plan;
      return service.transcribeAudio(caller, platform, item.url, signal);
    });
    const body = (response.body ?? {}) as Record<string, unknown>;
    if (typeof body.credits === 'number' && plan !== null) this.onBalance(body.credits, plan);
    if (response.status !== 200) {
      const why = [body.error, body.message].filter((t) => typeof t === 'string' && t !== '').join(': ');
      return { status: 'empty', message: `Transcribing the audio failed: ${why || `HTTP ${response.status}`}. Nothing was charged` };
    }
    const cached = await service.cachedTranscript(platform, item.url);
    const key = audioCacheKey(cached?.canonicalKey ?? item.canonicalKey ?? item.url);
    const charged = body.cached === true ? 0 : SYNC_TRANSCRIPT_PRICE;
    return { status: 'done', error: null, message: TRANSCRIBED_FROM_AUDIO, httpStatus: 200, credits: item.credits + charged, transcript: { kind: 'transcript', key } };
  }
}
