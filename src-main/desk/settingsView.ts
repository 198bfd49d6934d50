// Settings as the desk shows and changes them; secrets are write-only.
import { BROWSER_HOST, type HostInfo } from '#shared/contract/host';
import type { AgentLaunch, SettingsView } from '#shared/contract/settings';
import type { ParsedInput } from '#shared/contract/operations';
import { DeskError } from '#shared/contract/result';
import { SECRET_SETTINGS, SETTING_KEYS, type SettingKey } from '#shared/settings';
import { SecretStoreError } from '#service/secrets';
import { SettingsError, type Settings } from '#service/settings';
import type { TranscriptCacheStore } from '#service/store/port';
import type { CliLaunch, RestApiControl } from './deps';

export interface SettingsContext {
  settings: Settings;
  home: string;
  defaultExportFolder: string;
  restApi: RestApiControl | undefined;
  host: () => HostInfo;
  cache: Pick<TranscriptCacheStore, 'stats' | 'limit'>;
  cli: CliLaunch | undefined;
}

/** Without a host that knows its CLI: the command an install of the package puts on PATH (README "Installing the CLI"). */
const INSTALLED_CLI: CliLaunch = {
  command: 'transcript-desk',
  args: [],
  note: 'This app cannot start its command line itself: install the transcript-desk command (README, "Installing the CLI") where your MCP client finds it on its PATH, or put its full path as the command.',
};

/** `transcript-desk mcp` on this data home, as an MCP client starts it. */
export function agentLaunch(cli: CliLaunch | undefined, home: string): AgentLaunch {
  const launch = cli ?? INSTALLED_CLI;
  return { command: launch.command, args: [...launch.args, 'mcp'], env: { ...launch.env, TRANSCRIPT_DESK_HOME: home }, note: launch.note ?? null };
}

export const browserHost = (): HostInfo => BROWSER_HOST;

const NO_REST_API = { controllable: false, running: false, url: null, problem: 'This build does not host the REST API' };

export async function exportFolderOf(ctx: SettingsContext): Promise<string> {
  return (await ctx.settings.get('desk.export.folder')) ?? ctx.defaultExportFolder;
}

export async function settingsView(ctx: SettingsContext): Promise<SettingsView> {
  const values = await ctx.settings.all();
  const secretsSet = SETTING_KEYS.filter((key) => SECRET_SETTINGS.has(key) && values[key] !== null);
  for (const key of SECRET_SETTINGS) (values as Record<SettingKey, unknown>)[key] = null;
  const limit = await ctx.cache.limit();
  const cache = { ...(await ctx.cache.stats()), limit: limit.bytes, limitOverridden: limit.overridden };
  return { values, secretsSet, restApi: ctx.restApi?.state() ?? NO_REST_API, exportFolder: await exportFolderOf(ctx), dataHome: ctx.home, agents: agentLaunch(ctx.cli, ctx.home), host: ctx.host(), cache };
}

/**
 * Applies the changes (all or none: each is checked before any is stored), then the resets.
 * Returns the keys that changed. Secret settings go last and through `setSecret`: in the desktop
 * app they are written to the keychain, which may refuse; the other changes are then undone too.
 */
export async function updateSettings(ctx: SettingsContext, input: ParsedInput<'settings.update'>): Promise<SettingKey[]> {
  const changes = Object.entries(input.changes).filter(([, value]) => value !== undefined) as [SettingKey, unknown][];
  const plain = changes.filter(([key]) => !SECRET_SETTINGS.has(key));
  const secret = changes.filter(([key]) => SECRET_SETTINGS.has(key));
  const before = await ctx.settings.all();
  try {
    for (const [key, value] of plain) await ctx.settings.set(key, value);
    for (const [key, value] of secret) await ctx.settings.setSecret(key, value);
  } catch (error) {
    // Put back what was already stored, so a form with one bad field changes nothing.
    for (const [key] of plain) await ctx.settings.set(key, before[key] ?? undefined);
    if (error instanceof SettingsError) throw new DeskError('invalid_input', error.message);
    if (error instanceof SecretStoreError) throw new DeskError('unavailable', error.message);
    throw error;
  }
  for (const key of input.reset) await ctx.settings.setSecret(key, undefined);
  return [...changes.map(([key]) => key), ...input.reset];
}
