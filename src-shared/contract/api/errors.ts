// The spec's error body (§7: `error`, and beyond it `message` and a machine `code` of ours) and
// the balance record (§2.5).
import { z } from 'zod';

export const errorBodySchema = z.strictObject({ error: z.string(), message: z.string().optional(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const balanceRecordSchema = z.strictObject({ credits: z.number().int(), plan: z.string() });
export type BalanceRecord = z.infer<typeof balanceRecordSchema>;
