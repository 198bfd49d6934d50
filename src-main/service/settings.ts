// Typed settings with defaults, stored as JSON rows by the ledger. The desk (issue 6) edits these
// through `set`; every value is validated on the way in and on the way out, so a row edited by
// hand or written by a newer build cannot crash a reader: an unreadable value falls back to its default.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { Ledger } from './ledger/index';

export const ENGINE_IDS = ['whisper', 'openai', 'pocketsphinx'] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

const engineId = z.enum(ENGINE_IDS);
/** ISO-639-1 code, or `auto` to let the engine detect it. */
const language = z.union([z.literal('auto'), z.string().regex(/^[a-z]{2}$/, 'a two-letter ISO-639-1 code such as en, or auto')]);

const SCHEMAS = {
  /** `auto` walks the fallback order and takes the first engine that is ready. */
  'stt.engine': z.union([z.literal('auto'), engineId]),
  'stt.fallbackOrder': z.array(engineId).min(1).refine((a) => new Set(a).size === a.length, 'each engine at most once'),
  'stt.language': language,
  /** Chunks transcribed at once; null means cores − 1 (at least 1). */
  'stt.workers': z.number().int().min(1).max(64).nullable(),
  /** A catalogue model name (see stt/models.ts), downloaded into <home>/models. */
  'stt.whisper.model': z.string().min(1).nullable(),
  /** A ggml file the user picked; wins over `stt.whisper.model`. */
  'stt.whisper.modelPath': z.string().min(1).nullable(),
  'stt.openai.baseUrl': z.url({ protocol: /^https?$/ }).nullable(),
  // TODO(electron shell issue): the API key moves into the OS keychain (SecretStore); until then it
  // lives here, in the ledger file under the data home (mode 0700).
  'stt.openai.apiKey': z.string().min(1).nullable(),
  'stt.openai.model': z.string().min(1),
} as const;

export type SettingKey = keyof typeof SCHEMAS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SCHEMAS)[K]>;

export const DEFAULTS: { [K in SettingKey]: SettingValue<K> } = {
  'stt.engine': 'auto',
  'stt.fallbackOrder': ['whisper', 'openai', 'pocketsphinx'],
  'stt.language': 'auto',
  'stt.workers': null,
  'stt.whisper.model': null,
  'stt.whisper.modelPath': null,
  'stt.openai.baseUrl': null,
  'stt.openai.apiKey': null,
  'stt.openai.model': 'whisper-1',
};

export const SETTING_KEYS = Object.keys(SCHEMAS) as SettingKey[];
export const isSettingKey = (key: string): key is SettingKey => key in SCHEMAS;

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

export class Settings {
  constructor(private readonly ledger: Ledger) {}

  get<K extends SettingKey>(key: K): SettingValue<K> {
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
    if (value === undefined) {
      this.ledger.settings.clear(key);
      return DEFAULTS[key];
    }
    const parsed = SCHEMAS[key].safeParse(value);
    if (!parsed.success) throw new SettingsError(`${key}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    this.ledger.settings.set(key, JSON.stringify(parsed.data));
    return parsed.data as SettingValue<K>;
  }

  /** Every setting with its effective value (the desk's settings page, `settings list`). */
  all(): { [K in SettingKey]: SettingValue<K> } {
    return Object.fromEntries(SETTING_KEYS.map((k) => [k, this.get(k)])) as { [K in SettingKey]: SettingValue<K> };
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
