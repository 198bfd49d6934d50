// The money side of the store port: accounts, their API keys, the credit ledger and the rate
// windows. Record types and the key format live here; the SQLite classes import them from here.
import { createHash } from 'node:crypto';

export const PLANS = ['free', 'credits', 'plus', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

export interface Account {
  id: number;
  plan: Plan;
  label: string;
  isOwner: boolean;
  balance: number;
  createdAt: number;
}

export const KEY_PREFIX = 'sk_live_';

/** Keys are stored only as this hash; the key itself is shown once, when it is made. */
export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** The display prefix accepts `sk_live_Ab12Cd34` or just `Ab12Cd34`. */
export function normalizePrefix(prefix: string): string {
  const bare = prefix.startsWith(KEY_PREFIX) ? prefix.slice(KEY_PREFIX.length) : prefix;
  return `${KEY_PREFIX}${bare}`;
}

export interface KeyOwner {
  keyId: number;
  prefix: string;
  accountId: number;
  plan: Plan;
  revoked: boolean;
}

export interface KeyListing {
  prefix: string;
  label: string;
  accountId: number;
  plan: Plan;
  balance: number;
  isOwner: boolean;
  createdAt: number;
  revokedAt: number | null;
}

export type CreditKind = 'grant' | 'charge' | 'reserve' | 'settle' | 'refund';

export interface CreditEntry {
  id: number;
  accountId: number;
  kind: CreditKind;
  amount: number;
  reference: string | null;
  note: string;
  createdAt: number;
}

/** A page of an account's history: `limit` entries after the entry with id `after` (none: from the first). */
export interface CreditPage {
  after?: number;
  limit: number;
}

/** Why a debit was refused: the balance would go negative, or this reference was already booked. */
export type DebitRefusal = 'insufficient' | 'duplicate';
export type DebitResult = { ok: true; balance: number } | { ok: false; reason: DebitRefusal; balance: number };

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends, in Unix milliseconds. */
  resetAt: number;
}

export interface AccountStore {
  create(plan: Plan, label?: string, isOwner?: boolean): Promise<Account>;
  get(id: number): Promise<Account | undefined>;
  findOwner(): Promise<Account | undefined>;
  setPlan(id: number, plan: Plan): Promise<void>;
}

export interface KeyStore {
  /** Makes a key for an account. The key itself is returned once and never stored; only its hash is. */
  create(accountId: number, label?: string): Promise<{ key: string; prefix: string }>;
  find(key: string): Promise<KeyOwner | undefined>;
  list(): Promise<KeyListing[]>;
  byPrefix(prefix: string): Promise<{ accountId: number; revoked: boolean } | undefined>;
  /** False when no live key has that prefix. */
  revoke(prefix: string): Promise<boolean>;
}

/**
 * The append-only credit ledger: every change of a balance is one entry, and the balance is their
 * sum. A debit that would overdraw is refused (`insufficient`, nothing booked); a debit under a
 * reference (request id, job id) already booked is refused (`duplicate`, nothing booked).
 */
export interface CreditStore {
  balance(accountId: number): Promise<number>;
  /** A positive whole number of credits; returns the new balance. */
  grant(accountId: number, amount: number, note?: string): Promise<number>;
  /** Charges `amount` for one request; the same request id is never charged twice. */
  charge(accountId: number, amount: number, requestId: string, note?: string): Promise<DebitResult>;
  /** Holds credits for a podcast job until it settles or fails. */
  reserve(accountId: number, amount: number, jobId: string, note?: string): Promise<DebitResult>;
  /**
   * Turns a job's reservation into the real price: returns the unused part, or takes the extra
   * (never more than the balance holds). `charged` is what the job cost in the end.
   */
  settle(accountId: number, jobId: string, price: number): Promise<{ balance: number; charged: number }>;
  /** Gives a job's whole reservation back; returns the new balance. */
  refund(accountId: number, jobId: string, note?: string): Promise<number>;
  /** Oldest first: every entry, or one page of them (a cursor on the entry id: the cost of a page stays flat as the ledger grows). */
  entries(accountId: number, page?: CreditPage): Promise<CreditEntry[]>;
  /** The sum of an account's entries computed from the entries, not the balance (audits compare the two). */
  sumOfEntries(accountId: number): Promise<number>;
  /** The entries booked under one reference, summed by kind. */
  byReference(accountId: number, reference: string): Promise<Record<CreditKind, number>>;
}

/**
 * Where a rate window is counted. `process`: decided in each process's memory and written to the
 * store in batches before the requests are answered (SQLite: once per event-loop turn,
 * ledger/rateWindows.ts), so a crash forgives no answered request, and processes sharing one store
 * may each run ahead of the others by one batch. `store`: every hit decided by the store itself, one
 * window across every process and node (a team server's shared window).
 */
export type RateWindowCounting = { where: 'process' } | { where: 'store' };

/**
 * Fixed windows per bucket (an API key, or a client address), kept in the store so a restart
 * neither forgives nor double-counts (within `counting`'s bound). A refused request is not counted.
 */
export interface RateWindowStore {
  readonly counting: RateWindowCounting;
  hit(bucket: string, now: number, limit: number, windowMs: number): Promise<RateDecision>;
}
