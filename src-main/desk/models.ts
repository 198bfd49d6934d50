// Whisper model downloads from the desk: one at a time per model, progress as events (at most a
// few a second), cancel; a finished model becomes the one whisper uses, as `models download` does.
import { existsSync } from 'node:fs';
import type { ModelDownload, WhisperModel } from '#shared/contract/models';
import { DeskError } from '#shared/contract/result';
import type { Settings } from '#service/settings';
import { isSttError } from '#service/stt/errors';
import { downloadModel, findModel, MODEL_CATALOGUE, modelFile } from '#service/stt/models';
import type { UpstreamClient } from '#service/upstream/client';
import type { DeskEvents } from './events';

const PROGRESS_EVERY_MS = 250;

export class ModelDownloads {
  private readonly downloads = new Map<string, { state: ModelDownload; controller: AbortController }>();

  constructor(
    private readonly upstream: UpstreamClient,
    private readonly home: string,
    private readonly settings: Settings,
    private readonly events: DeskEvents,
  ) {}

  async list(): Promise<{ models: WhisperModel[]; downloads: ModelDownload[]; customModelPath: string | null }> {
    const selected = await this.settings.get('stt.whisper.model');
    const customModelPath = await this.settings.get('stt.whisper.modelPath');
    return {
      models: MODEL_CATALOGUE.map((m) => ({
        name: m.name,
        approxBytes: m.approxBytes,
        multilingual: m.multilingual,
        downloaded: existsSync(modelFile(this.home, m.name)),
        selected: customModelPath === null && selected === m.name,
      })),
      downloads: [...this.downloads.values()].map((d) => d.state),
      customModelPath,
    };
  }

  /** Starts a download; false when that model is already downloading. */
  start(name: string): boolean {
    if (findModel(name) === undefined) throw new DeskError('invalid_input', `No whisper model named ${name}`);
    if (this.downloads.get(name)?.state.state === 'downloading') return false;
    const controller = new AbortController();
    const entry = { state: { name, state: 'downloading', receivedBytes: 0, totalBytes: null, error: null } as ModelDownload, controller };
    this.downloads.set(name, entry);
    this.events.emit('model.progress', entry.state);
    let lastSent = 0;
    downloadModel(this.upstream, this.home, name, {
      signal: controller.signal,
      onProgress: ({ receivedBytes, totalBytes }) => {
        entry.state = { ...entry.state, receivedBytes, totalBytes: totalBytes ?? null };
        const now = Date.now();
        if (now - lastSent >= PROGRESS_EVERY_MS) {
          lastSent = now;
          this.events.emit('model.progress', entry.state);
        }
      },
    }).then(
      async () => {
        await this.settings.set('stt.whisper.model', name);
        await this.settings.set('stt.whisper.modelPath', null);
        this.finish(entry, { state: 'done', error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) this.finish(entry, { state: 'cancelled', error: 'Cancelled; the part downloaded so far is kept and the next download resumes from it' });
        else this.finish(entry, { state: 'failed', error: isSttError(error) || error instanceof Error ? error.message : String(error) });
      },
    );
    return true;
  }

  cancel(name: string): boolean {
    const entry = this.downloads.get(name);
    if (entry?.state.state !== 'downloading') return false;
    entry.controller.abort();
    return true;
  }

  close(): void {
    for (const entry of this.downloads.values()) entry.controller.abort();
  }

  private finish(entry: { state: ModelDownload }, change: Pick<ModelDownload, 'state' | 'error'>): void {
    entry.state = { ...entry.state, ...change };
    this.events.emit('model.progress', entry.state);
  }
}
