// Typed settings with defaults, stored as JSON rows by the store (service/store/port.ts). The desk edits these through
// `set`; every value is validated on the way in and on the way out, so a row edited by hand or
// written by a newer build cannot crash a reader: an unreadable value falls back to its default.
import { availableParallelism } from 'node:os';
import { SECRET_SETTINGS, SETTING_DEFAULTS, SETTING_KEYS, SETTING_SCHEMAS, type EngineId, type SettingKey, type SettingValue, type SettingValues } from '#shared/settings';
import { decodeSetting, type Store } from './store/port';
import { checkModelFile, LocalPathError, planExportFolder } from './localPaths';

// The schemas and defaults live in src-shared so the renderer validates with the same rules.
export { ENGINE_IDS, isSettingKey, SETTING_KEYS, type EngineId, type SettingKey, type SettingValue } from '#shared/settings';
export const DEFAULTS = SETTING_DEFAULTS;
const SCHEMAS = SETTING_SCHEMAS;

/**
 * Checks of what is on disk, beyond the shared schemas' shape: the renderer cannot make them. Run
 * when a value is stored, not when it is read: a folder or model that disappears later is reported
 * by whoever uses it (the export checks its folder again; the engine reports a model it cannot
 * load), instead of silently turning into the default.
 */
const LOCAL_CHECKS: Partial<Record<SettingKey, (value: string) => void>> = {
  // Only checked, not created: the export creates it when it first writes there.
  'desk.export.folder': (value) => void planExportFolder(value),
  'stt.whisper.modelPath': checkModelFile,
};

export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** Everything the speech-to-text side reads, in one object. */
export interface SttSettings {
  engine: SettingValue<'stt.engine'>;
  fallbackOrder: EngineId[];
  language: string;
  workers: number;
  whisper: { model: string | null; modelPath: string | null };
  openai: { baseUrl: string | null; apiKey: string | null; model: string };
  /** Custom vocabulary (src-shared/vocabulary.ts): the global list and the lists by show or source. */
  vocabulary: { global: string[]; bySource: Record<string, string[]> };
}

/**
 * Where secret settings (`stt.openai.apiKey`) live instead of the ledger: the desktop app's
 * keychain, read once at start and kept in memory (src-main/app/secrets/settingsSecrets.ts).
 * `get` is synchronous because every reader of settings is; `set` waits for the keychain.
 */
export interface SecretSettings {
  get(key: SettingKey): string | null;
  /** Stores (or with null, forgets) the value; throws when it cannot be stored securely. */
  set(key: SettingKey, value: string | null): Promise<void>;
}

/**
 * Every read goes to the store (no snapshot kept here): a value another process set (the CLI's
 * `settings set` while a server runs) is what the next read sees. Reads are one indexed row each.
 */
export class Settings {
  /** Without `secrets`, secret settings are store rows like the rest (the CLI and the headless server). */
  constructor(
    private readonly store: Store,
    private readonly secrets?: SecretSettings,
  ) {}

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    if (this.secrets !== undefined && SECRET_SETTINGS.has(key)) return (this.secrets.get(key) ?? DEFAULTS[key]) as SettingValue<K>;
    return decodeSetting(key, await this.store.settings.get(key));
  }

  /** Validates and stores; `null` clears a nullable setting, `undefined` restores the default. */
  async set<K extends SettingKey>(key: K, value: unknown): Promise<SettingValue<K>> {
    if (this.secrets !== undefined && SECRET_SETTINGS.has(key)) throw new SettingsError(`${key} is kept in the keychain: set it with setSecret`);
    if (value === undefined) {
      await this.store.settings.clear(key);
      return DEFAULTS[key];
    }
    const parsed = SCHEMAS[key].safeParse(value);
    if (!parsed.success) throw new SettingsError(`${key}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    const check = LOCAL_CHECKS[key];
    if (check !== undefined && typeof parsed.data === 'string') {
      try {
        check(parsed.data);
      } catch (error) {
        if (error instanceof LocalPathError) throw new SettingsError(`${key}: ${error.message}`);
        throw error;
      }
    }
    await this.store.settings.set(key, JSON.stringify(parsed.data));
    return parsed.data as SettingValue<K>;
  }

  /** Sets any setting, waiting for the keychain when the setting is a secret kept there. */
  async setSecret<K extends SettingKey>(key: K, value: unknown): Promise<SettingValue<K>> {
    if (this.secrets === undefined || !SECRET_SETTINGS.has(key)) return this.set(key, value);
    if (value === undefined || value === null) {
      await this.secrets.set(key, null);
      return DEFAULTS[key];
    }
    const parsed = SCHEMAS[key].safeParse(value);
    if (!parsed.success || typeof parsed.data !== 'string') throw new SettingsError(`${key}: ${parsed.success ? 'expected text' : parsed.error.issues.map((i) => i.message).join('; ')}`);
    await this.secrets.set(key, parsed.data);
    return parsed.data as SettingValue<K>;
  }

  /** Every setting with its effective value (the desk's settings page, `settings list`). */
  async all(): Promise<SettingValues> {
    // One read of every row, then each decoded as `get` would.
    const rows = await this.store.settings.all();
    const value = (key: SettingKey) => (this.secrets !== undefined && SECRET_SETTINGS.has(key) ? (this.secrets.get(key) ?? DEFAULTS[key]) : decodeSetting(key, rows.get(key)));
    return Object.fromEntries(SETTING_KEYS.map((k) => [k, value(k)])) as SettingValues;
  }

  async stt(): Promise<SttSettings> {
    const all = await this.all();
    return {
      engine: all['stt.engine'],
      fallbackOrder: all['stt.fallbackOrder'],
      language: all['stt.language'],
      workers: all['stt.workers'] ?? defaultWorkers(),
      whisper: { model: all['stt.whisper.model'], modelPath: all['stt.whisper.modelPath'] },
      openai: { baseUrl: all['stt.openai.baseUrl'], apiKey: all['stt.openai.apiKey'], model: all['stt.openai.model'] },
      vocabulary: { global: all['stt.vocabulary'], bySource: all['stt.vocabulary.bySource'] },
    };
  }
}

/** cores − 1, at least 1: one core stays free for the UI, the REST API and ffmpeg. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}
