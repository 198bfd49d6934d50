// Secret settings (`stt.openai.apiKey`) read through the SecretStore in the desktop app. Values
// are loaded once at start and kept in memory because every reader of settings is synchronous;
// writes go to the store first and reach memory only when it accepted them. A value the CLI left
// in the ledger moves into the store at start (and leaves the ledger once the store holds it).
import { SECRET_SETTINGS, type SettingKey } from '#shared/settings';
import { SecretStoreError } from '#service/secrets';
import type { SecretSettings } from '#service/settings';
import type { Store } from '#service/store/port';
import type { DescribedSecretStore } from './index';

export const settingSecretName = (key: SettingKey) => `setting.${key}`;

export class StoredSecretSettings implements SecretSettings {
  private readonly values = new Map<SettingKey, string>();
  /** Set by adoptFromLedger: a cleared secret is cleared there too, or it would come back at the next start. */
  private ledger: Store | undefined;

  private constructor(private readonly store: DescribedSecretStore) {}

  static async load(store: DescribedSecretStore): Promise<StoredSecretSettings> {
    const settings = new StoredSecretSettings(store);
    for (const key of SECRET_SETTINGS) {
      const value = await store.get(settingSecretName(key)).catch(() => null);
      if (value !== null) settings.values.set(key, value);
    }
    return settings;
  }

  /**
   * Moves secret values the ledger still holds into the store. Without a secure store they stay
   * readable where they are (the CLI's place) and new ones are refused.
   */
  async adoptFromLedger(ledger: Store): Promise<SettingKey[]> {
    this.ledger = ledger;
    const moved: SettingKey[] = [];
    for (const key of SECRET_SETTINGS) {
      const raw = await ledger.settings.get(key);
      if (raw === undefined) continue;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        continue;
      }
      if (typeof value !== 'string' || value === '') continue;
      if (this.store.backend === 'none') {
        if (!this.values.has(key)) this.values.set(key, value);
        continue;
      }
      if (!this.values.has(key)) {
        await this.store.set(settingSecretName(key), value);
        this.values.set(key, value);
      }
      await ledger.settings.clear(key);
      moved.push(key);
    }
    return moved;
  }

  get(key: SettingKey): string | null {
    return this.values.get(key) ?? null;
  }

  async set(key: SettingKey, value: string | null): Promise<void> {
    if (value === null) {
      await this.store.delete(settingSecretName(key));
      await this.ledger?.settings.clear(key);
      this.values.delete(key);
      return;
    }
    if (this.store.backend === 'none') throw new SecretStoreError(`${key} was not saved: ${this.store.problem ?? 'no secure storage'}`);
    await this.store.set(settingSecretName(key), value);
    this.values.set(key, value);
  }
}
