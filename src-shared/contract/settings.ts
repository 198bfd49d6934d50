// Settings over the contract: every key with its schema from src-shared/settings.ts; secrets are
// write-only (the renderer learns whether one is set, never its value).
import { z } from 'zod';
import { hostInfoSchema } from './host';
import { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey } from '../settings';

const values = z.object(SETTING_SCHEMAS);
/**
 * Any subset of the settings; `null` clears a nullable one. Strict: a misspelt or unknown key is
 * refused by name instead of being dropped, so a form never "saves" something that was ignored.
 */
export const settingsPatchSchema = z.strictObject(SETTING_SCHEMAS).partial();

export const settingsUpdateInputSchema = z.strictObject({
  changes: settingsPatchSchema.default({}),
  /** Keys to put back to their default. */
  reset: z.array(z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]])).default([]),
});

export const restApiStateSchema = z.object({
  /** Whether this build can switch the REST API (the desktop app); `serve --ui` always answers it. */
  controllable: z.boolean(),
  running: z.boolean(),
  url: z.string().nullable(),
  /** Why it is not running although enabled (port taken …). */
  problem: z.string().nullable(),
});
export type RestApiState = z.infer<typeof restApiStateSchema>;

/** The transcript cache as the settings view shows it (`db stats` prints the same). */
export const cacheStateSchema = z.object({
  transcripts: z.number().int().nonnegative(),
  /** Kept in the library (fetched through the desk's queue, or exported): never evicted. */
  kept: z.number().int().nonnegative(),
  /** What the cached transcripts cost the ledger file, as the limit counts it. */
  bytes: z.number().int().nonnegative(),
  /** The limit in force; null is no limit. */
  limit: z.number().int().positive().nullable(),
  /** The limit is this server's `serve --cache-max-bytes`, not the `cache.maxBytes` setting. */
  limitOverridden: z.boolean(),
});
export type CacheState = z.infer<typeof cacheStateSchema>;

/**
 * How an MCP client (Claude Desktop, an IDE, an agent framework) starts this install's
 * `transcript-desk mcp` on this data home: Settings ▸ Agents (MCP) shows it as the client's JSON
 * (src-shared/agentConfig.ts). Built by the host that knows where its CLI is (DeskOptions.cli).
 */
export const agentLaunchSchema = z.object({
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
  /** What to know before pasting it (the command is not this install's, and why); null when it is. */
  note: z.string().nullable(),
});
export type AgentLaunch = z.infer<typeof agentLaunchSchema>;

export const settingsViewSchema = z.object({
  values,
  /** Secret settings that have a value. Their value above is always null. */
  secretsSet: z.array(z.string()),
  restApi: restApiStateSchema,
  /** Where exports go when no folder is named (the setting, or the default folder). */
  exportFolder: z.string(),
  dataHome: z.string(),
  /** `transcript-desk mcp` for an agent's MCP client. */
  agents: agentLaunchSchema,
  cache: cacheStateSchema,
  /** What the host can do (dialogs, sign-in windows) and where it keeps secrets. */
  host: hostInfoSchema,
});
export type SettingsView = z.infer<typeof settingsViewSchema>;
