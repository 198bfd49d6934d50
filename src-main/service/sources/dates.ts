// The dates and lengths list pages give as text.

const UNIT_MS: Readonly<Record<string, number>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
  year: 365 * 86_400_000,
};

/**
 * "3 days ago", "Streamed 2 weeks ago" (what a channel's Videos tab shows) as ms since epoch,
 * counted back from `now`. Approximate by nature: "1 year ago" is anything from 12 to 23 months;
 * the picker's date range and a follow's since-date are coarse enough for it.
 */
export function approximateDate(text: string, now: number): number | undefined {
  const match = /(\d+)\s+(second|minute|hour|day|week|month|year)s?\s+ago/i.exec(text);
  if (match === null) return undefined;
  const unit = UNIT_MS[(match[2] as string).toLowerCase()];
  return unit === undefined ? undefined : now - Number(match[1]) * unit;
}

/** "10:15", "1:02:05" as seconds. */
export function clockSeconds(text: string): number | undefined {
  if (!/^\d{1,3}(:\d{2}){1,2}$/.test(text.trim())) return undefined;
  return text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}
