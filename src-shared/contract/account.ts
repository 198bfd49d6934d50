// Balance, plans and API keys as the desk's header and settings show them.
import { z } from 'zod';

export const PLAN_NAMES = ['free', 'credits', 'plus', 'pro'] as const;

export const balanceSchema = z.object({ credits: z.number().int(), plan: z.string() });
export type Balance = z.infer<typeof balanceSchema>;

export const keyListingSchema = z.object({
  prefix: z.string(),
  label: z.string(),
  plan: z.enum(PLAN_NAMES),
  balance: z.number().int(),
  /** The key this app itself uses: revoking it is refused. */
  isAppKey: z.boolean(),
  isOwner: z.boolean(),
  createdAt: z.number(),
  revokedAt: z.number().nullable(),
});
export type KeyListing = z.infer<typeof keyListingSchema>;

export const createKeyInputSchema = z.object({
  plan: z.enum(PLAN_NAMES).default('free'),
  credits: z.number().int().min(0).max(1_000_000_000).default(100),
  label: z.string().max(200).default(''),
});

/** The key itself appears here once and is never stored in clear. */
export const createdKeySchema = z.object({ key: z.string(), prefix: z.string(), plan: z.enum(PLAN_NAMES), credits: z.number().int() });
