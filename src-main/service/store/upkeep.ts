// Settings rows, speech-to-text task progress and the store's own upkeep, as the port offers them.
import { SETTING_DEFAULTS, SETTING_SCHEMAS, type SettingKey, type SettingValue } from '#shared/settings';
import type { Segment } from '#shared/transcript';

/**
 * Raw key/value rows of settings (JSON text). Validation and defaults live in service/settings.ts
 * (decodeSetting below is the one reading of a row, shared with the store's cache limit).
 */
export interface SettingsRowStore {
  /** The stored JSON text, or undefined when the setting was never set. */
  get(key: string): Promise<string | undefined>;
  all(): Promise<Map<string, string>>;
  set(key: string, json: string): Promise<void>;
  /** Back to the default. */
  clear(key: string): Promise<void>;
}

/** A row's value, or the default when it is absent or unreadable (edited by hand, written by a newer build). */
export function decodeSetting<K extends SettingKey>(key: K, raw: string | undefined): SettingValue<K> {
  if (raw === undefined) return SETTING_DEFAULTS[key];
  try {
    const parsed = SETTING_SCHEMAS[key].safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as SettingValue<K>) : SETTING_DEFAULTS[key];
  } catch {
    return SETTING_DEFAULTS[key];
  }
}

export interface StoredTask {
  taskKey: string;
  fingerprint: string;
  /** JSON of the chunk plan the task committed to. */
  plan: string;
  /** Finished chunks by index, segments in absolute time. */
  chunks: Map<number, Segment[]>;
}

/** The persisted chunk work of speech-to-text tasks: what makes a restarted task skip finished chunks. */
export interface SttTaskStore {
  get(taskKey: string): Promise<StoredTask | undefined>;
  /** Starts a task afresh: earlier work under the same key (another plan, another engine) is dropped. */
  begin(taskKey: string, fingerprint: string, plan: string): Promise<void>;
  saveChunk(taskKey: string, index: number, segments: readonly Segment[]): Promise<void>;
  /** Forgets a task and its chunks (after its transcript was delivered). */
  forget(taskKey: string): Promise<void>;
}

export interface FileSizes {
  /** The store's main data, in bytes as the file system (or the database server) counts them. */
  fileBytes: number;
  /** Written but not yet folded into the main data (SQLite's WAL); 0 where there is no such thing. */
  walBytes: number;
}

/** What `db stats` and `db vacuum` do. */
export interface MaintenanceStore {
  sizes(): Promise<FileSizes>;
  /** Rows of every table, by name. */
  rowCounts(): Promise<Record<string, number>>;
  /** Folds pending writes into the main data; whether all of it got done. */
  checkpoint(): Promise<boolean>;
  /** Gives free space back. */
  vacuum(): Promise<void>;
}
