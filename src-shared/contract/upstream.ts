// The upstream profile over the contract: every rotating value the fetchers send (client versions,
// query hashes, doc ids, bearer) with its compiled default. Keys and shapes are the service's to
// check (src-main/service/upstream/profile.ts), so a refusal names the key and the expected shape
// the same way in the CLI and the Settings panel; this side only bounds the sizes.
import { z } from 'zod';

export const upstreamEntrySchema = z.object({
  key: z.string(),
  value: z.string(),
  default: z.string(),
  /** Set in the profile file, not the compiled default. */
  overridden: z.boolean(),
  /** What the value is, in a few words. */
  about: z.string(),
});
export type UpstreamEntry = z.infer<typeof upstreamEntrySchema>;

export const upstreamProfileViewSchema = z.object({
  entries: z.array(upstreamEntrySchema),
  /** Where the overrides are kept (`<data home>/upstream-profile.json`). */
  file: z.string(),
});
export type UpstreamProfileView = z.infer<typeof upstreamProfileViewSchema>;

const profileKey = z.string().min(1).max(100);

export const upstreamSetInputSchema = z.strictObject({ key: profileKey, value: z.string().max(1000) });
/** No key: every value back to its compiled default. */
export const upstreamResetInputSchema = z.strictObject({ key: profileKey.optional() });
