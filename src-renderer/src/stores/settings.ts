// Settings, keys and whisper models as the settings view edits them.
import { create } from 'zustand';
import type { KeyListing } from '#shared/contract/account';
import type { ModelDownload, WhisperModel } from '#shared/contract/models';
import type { OperationInput } from '#shared/contract/operations';
import type { SettingsView } from '#shared/contract/settings';
import { desk } from '../lib/desk';

interface SettingsStore {
  view: SettingsView | null;
  keys: KeyListing[];
  models: WhisperModel[];
  downloads: Map<string, ModelDownload>;
  customModelPath: string | null;
  load: () => Promise<void>;
  update: (input: OperationInput<'settings.update'>) => Promise<void>;
  loadKeys: () => Promise<void>;
  loadModels: () => Promise<void>;
  setDownload: (download: ModelDownload) => void;
}

export const useSettings = create<SettingsStore>()((set, get) => ({
  view: null,
  keys: [],
  models: [],
  downloads: new Map(),
  customModelPath: null,
  async load() {
    set({ view: await desk().invoke('settings.get', {}) });
  },
  async update(input) {
    // The control shows the new value at once; the main process's answer (or its refusal) settles it.
    const before = get().view;
    if (before !== null && input.changes !== undefined) set({ view: { ...before, values: { ...before.values, ...input.changes } } });
    try {
      set({ view: await desk().invoke('settings.update', input) });
    } catch (error) {
      set({ view: before });
      throw error;
    }
  },
  async loadKeys() {
    set({ keys: (await desk().invoke('keys.list', {})).keys });
  },
  async loadModels() {
    const { models, downloads, customModelPath } = await desk().invoke('models.list', {});
    set({ models, downloads: new Map(downloads.map((d) => [d.name, d])), customModelPath });
  },
  setDownload(download) {
    const downloads = new Map(get().downloads);
    downloads.set(download.name, download);
    set({ downloads });
    if (download.state === 'done') void get().loadModels();
  },
}));
