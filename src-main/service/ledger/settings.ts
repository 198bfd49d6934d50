import type Database from 'better-sqlite3';

/**
 * Raw key/value storage of settings (JSON text). Validation and defaults live in
 * src-main/service/settings.ts; this module only reads and writes rows.
 */
export class SettingsStore {
  private readonly getOne;
  private readonly getAll;
  private readonly upsert;
  private readonly remove;

  constructor(db: Database.Database) {
    this.getOne = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
    this.getAll = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings ORDER BY key');
    this.upsert = db.prepare<[string, string, number]>(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    );
    this.remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  }

  /** The stored JSON text, or undefined when the setting was never set. */
  get(key: string): string | undefined {
    return this.getOne.get(key)?.value;
  }

  all(): Map<string, string> {
    return new Map(this.getAll.all().map((r) => [r.key, r.value]));
  }

  set(key: string, json: string): void {
    this.upsert.run(key, json, Date.now());
  }

  /** Back to the default. */
  clear(key: string): void {
    this.remove.run(key);
  }
}
