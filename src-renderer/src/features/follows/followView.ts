// What a follow's card and form say, from the follow itself: status, the last check, the next one,
// the month's spending, the interval; and the form's fields to settings, validated with the
// contract's schema. Pure, so it is unit-tested without a page.
import { followSettingsSchema, MIN_FOLLOW_INTERVAL_MINUTES, type Follow, type FollowSettings, type FollowStatus } from '#shared/contract/sources';
import { num, plural } from '../../lib/format';

export const STATUS_LABEL: Record<FollowStatus, string> = {
  ok: 'Following',
  checking: 'Checking…',
  'backing-off': 'Backing off',
  'over-budget': 'Over budget',
  'waiting-for-window': 'Waiting for its window',
  paused: 'Paused',
  failed: 'Failed',
};

/** Statuses that ask for the person's attention (drawn in the warning or error colour). */
export const STATUS_TONE: Record<FollowStatus, 'ok' | 'busy' | 'warn' | 'bad' | 'idle'> = {
  ok: 'ok',
  checking: 'busy',
  'backing-off': 'warn',
  'over-budget': 'warn',
  'waiting-for-window': 'idle',
  paused: 'idle',
  failed: 'bad',
};

/** "just now", "5 min ago", "3 h ago", "2 days ago"; "in 5 min", "in 3 h" for the future. */
export function relative(at: number, now: number): string {
  const past = at <= now;
  const minutes = Math.round(Math.abs(now - at) / 60_000);
  if (minutes < 1) return past ? 'just now' : 'in under a minute';
  const span = minutes < 60 ? `${minutes} min` : minutes < 48 * 60 ? `${Math.round(minutes / 60)} h` : plural(Math.round(minutes / (24 * 60)), 'day');
  return past ? `${span} ago` : `in ${span}`;
}

/** Under "Last check": "5 min ago: 250 in the source, 3 new, 3 queued", or the check's error. */
export function lastCheckText(follow: Pick<Follow, 'lastCheckAt' | 'lastCheck'>, now: number): string {
  if (follow.lastCheckAt === null || follow.lastCheck === null) return 'Not checked yet';
  const when = relative(follow.lastCheckAt, now);
  const { seen, newItems, queued, error } = follow.lastCheck;
  if (error !== null) return `${when}: ${error}`;
  return `${when}: ${num(seen)} in the source, ${num(newItems)} new, ${num(queued)} queued`;
}

/** Under "Next check": "in 55 min", or why there is none. */
export function nextCheckText(follow: Pick<Follow, 'paused' | 'status' | 'nextCheckAt'>, now: number): string {
  if (follow.paused) return 'None while paused';
  if (follow.status === 'checking') return 'Checking now';
  if (follow.nextCheckAt === null) return 'None planned';
  return follow.nextCheckAt <= now ? 'Due now' : relative(follow.nextCheckAt, now);
}

/** Under "This month": "120 of 500 credits", or without a budget "120 credits (no budget)". */
export function budgetText(follow: Pick<Follow, 'spentThisMonth' | 'monthlyBudget'>): string {
  if (follow.monthlyBudget === null) return `${plural(follow.spentThisMonth, 'credit')} (no budget)`;
  return `${num(follow.spentThisMonth)} of ${plural(follow.monthlyBudget, 'credit')}`;
}

export function intervalText(minutes: number): string {
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? 'every day' : `every ${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} h`;
  return `every ${minutes} min`;
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function windowText(window: FollowSettings['window']): string {
  return window === null ? 'any time' : `${hour(window.startHour)}–${hour(window.endHour)}`;
}

// ── The form ───────────────────────────────────────────────────────────────────────────────────

/** The form's fields as the inputs hold them (text), so a half-typed number is not lost. */
export interface FollowFormValues {
  intervalMinutes: string;
  /** `YYYY-MM-DD` (a date field's value), or '' for no limit. */
  since: string;
  backfill: string;
  nightly: boolean;
  startHour: string;
  endHour: string;
  budgeted: boolean;
  budget: string;
}

export type FollowFormField = 'intervalMinutes' | 'since' | 'backfill' | 'window' | 'budget';

export const NEW_FOLLOW_VALUES: FollowFormValues = { intervalMinutes: '60', since: '', backfill: '0', nightly: false, startHour: '22', endHour: '6', budgeted: false, budget: '500' };

const day = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function valuesOf(settings: FollowSettings): FollowFormValues {
  return {
    intervalMinutes: String(settings.intervalMinutes),
    since: settings.since === null ? '' : day(settings.since),
    backfill: String(settings.backfill),
    nightly: settings.window !== null,
    startHour: String(settings.window?.startHour ?? 22),
    endHour: String(settings.window?.endHour ?? 6),
    budgeted: settings.monthlyBudget !== null,
    budget: String(settings.monthlyBudget ?? 500),
  };
}

/** '' is no number (Number('') would be 0). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Local midnight of a `YYYY-MM-DD`; NaN when it is not one. */
function localDay(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m === null ? Number.NaN : new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
}

const FIELD_TEXT: Record<FollowFormField, string> = {
  intervalMinutes: `From ${MIN_FOLLOW_INTERVAL_MINUTES} minutes to a week (10,080 minutes)`,
  since: 'A date, or empty for no limit',
  backfill: 'A whole number from 0 to 500',
  window: 'Hours from 0 to 23; the start and the end must differ',
  budget: 'A whole number of credits, 0 or more',
};

const FIELD_OF: Record<string, FollowFormField> = { intervalMinutes: 'intervalMinutes', since: 'since', backfill: 'backfill', window: 'window', monthlyBudget: 'budget' };

export type FormOutcome = { ok: true; settings: FollowSettings } | { ok: false; errors: Partial<Record<FollowFormField, string>> };

/** The form's settings, checked by the contract's own schema (what the desk would refuse, refused here first). */
export function settingsOf(values: FollowFormValues): FormOutcome {
  const candidate = {
    intervalMinutes: numberOf(values.intervalMinutes),
    since: values.since === '' ? null : localDay(values.since),
    backfill: numberOf(values.backfill),
    window: values.nightly ? { startHour: numberOf(values.startHour), endHour: numberOf(values.endHour) } : null,
    monthlyBudget: values.budgeted ? numberOf(values.budget) : null,
  };
  const parsed = followSettingsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Partial<Record<FollowFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field !== undefined) errors[field] = FIELD_TEXT[field];
  }
  return { ok: false, errors };
}
