// Settings as the desk shows and changes them; secrets are write-only.
import type { SettingsView } from '../../src-shared/contract/settings';
import type { ParsedInput } from '../../src-shared/contract/operations';
import { DeskError } from '../../src-shared/contract/result';
import { SECRET_SETTINGS, SETTING_KEYS, type SettingKey } from '../../src-shared/settings';
import { SettingsError, type Settings } from '../service/settings';
import type { RestApiControl } from './restApi';

export interface SettingsContext {
  settings: Settings;
  home: string;
  defaultExportFolder: string;
  restApi: RestApiControl | undefined;
}

const NO_REST_API = { controllable: false, running: false, url: null, problem: 'This build does not host the REST API' };

export function exportFolderOf(ctx: SettingsContext): string {
  return ctx.settings.get('desk.export.folder') ?? ctx.defaultExportFolder;
}

export function settingsView(ctx: SettingsContext): SettingsView {
  const values = ctx.settings.all();
  const secretsSet = SETTING_KEYS.filter((key) => SECRET_SETTINGS.has(key) && values[key] !== null);
  for (const key of SECRET_SETTINGS) (values as Record<SettingKey, unknown>)[key] = null;
  return { values, secretsSet, restApi: ctx.restApi?.state() ?? NO_REST_API, exportFolder: exportFolderOf(ctx), dataHome: ctx.home };
}

/** Applies the changes (all or none: each is checked before any is stored), then the resets. Returns the keys that changed. */
export function updateSettings(ctx: SettingsContext, input: ParsedInput<'settings.update'>): SettingKey[] {
  const changes = Object.entries(input.changes).filter(([, value]) => value !== undefined) as [SettingKey, unknown][];
  const before = ctx.settings.all();
  try {
    for (const [key, value] of changes) ctx.settings.set(key, value);
  } catch (error) {
    // Put back what was already stored, so a form with one bad field changes nothing.
    for (const [key] of changes) ctx.settings.set(key, before[key] ?? undefined);
    if (error instanceof SettingsError) throw new DeskError('invalid_input', error.message);
    throw error;
  }
  for (const key of input.reset) ctx.settings.set(key, undefined);
  return [...changes.map(([key]) => key), ...input.reset];
}
