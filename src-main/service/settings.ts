// Typed settings with defaults, stored as JSON rows by the ledger. The desk edits these through
// `set`; every value is validated on the way in and on the way out, so a row edited by hand or
// written by a newer build cannot crash a reader: an unreadable value falls back to its default.
import { availableParallelism } from 'node:os';
import { SECRET_SETTINGS, SETTING_DEFAULTS, SETTING_KEYS, SETTING_SCHEMAS, type EngineId, type SettingKey, type SettingValue, type SettingValues } from '../../src-shared/settings';
import type { Ledger } from './ledger/index';
import { checkModelFile, LocalPathError, planExportFolder } from './localPaths';

// The schemas and defaults live in src-shared so the renderer validates with the same rules.
export { ENGINE_IDS, isSettingKey, SETTING_KEYS, type EngineId, type SettingKey, type SettingValue } from '../../src-shared/settings';
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

export class Settings {
  /** Without `secrets`, secret settings are ledger rows like the rest (the CLI and the headless server). */
  constructor(
    private readonly ledger: Ledger,
    private readonly secrets?: SecretSettings,
  ) {}

  get<K extends SettingKey>(key: K): SettingValue<K> {
    if (this.secrets !== undefined && SECRET_SETTINGS.has(key)) return (this.secrets.get(key) ?? DEFAULTS[key]) as SettingValue<K>;
    const raw = this.ledger.settings.get(key);
    if (raw === undefined) return DEFAULTS[key];
    try {
      const parsed = SCHEMAS[key].safeParse(JSON.parse(raw));
      return parsed.success ? (parsed.data as SettingValue<K>) : DEFAULTS[key];
    } catch {
      return DEFAULTS[key];
    }
  }

  /** Validates and stores; `null` clears a nullable setting, `undefined` restores the default. */
  set<K extends SettingKey>(key: K, value: unknown): SettingValue<K> {
    if (this.secrets !== undefined && SECRET_SETTINGS.has(key)) throw new SettingsError(`${key} is kept in the keychain: set it with setSecret`);
    if (value === undefined) {
      this.ledger.settings.clear(key);
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
    this.ledger.settings.set(key, JSON.stringify(parsed.data));
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
  all(): SettingValues {
    return Object.fromEntries(SETTING_KEYS.map((k) => [k, this.get(k)])) as SettingValues;
  }

  stt(): SttSettings {
    return {
      engine: this.get('stt.engine'),
      fallbackOrder: this.get('stt.fallbackOrder'),
      language: this.get('stt.language'),
      workers: this.get('stt.workers') ?? defaultWorkers(),
      whisper: { model: this.get('stt.whisper.model'), modelPath: this.get('stt.whisper.modelPath') },
      openai: { baseUrl: this.get('stt.openai.baseUrl'), apiKey: this.get('stt.openai.apiKey'), model: this.get('stt.openai.model') },
    };
  }
}

/** cores − 1, at least 1: one core stays free for the UI, the REST API and ffmpeg. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}
