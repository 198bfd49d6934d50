// `<itunes:duration>` as feeds write it: `795` (seconds), `1014.708375`, `07:00` / `1:04` (M:SS),
// `00:38:26` / `2:02:06` (H:MM:SS), sometimes with spaces or an `HH:MM:SS.mmm` fraction
// (research/upstream-clips-podcast.md §3.4). Anything else is unknown, never a guess.
const CLOCK = /^(?:(?:(\d+):)?(\d+):)?(\d+(?:\.\d+)?)$/;

export function parseItunesDuration(raw: string | undefined): number | undefined {
  const text = raw?.trim();
  if (text === undefined || text === '') return undefined;
  const m = CLOCK.exec(text);
  if (m === null) return undefined;
  const [, hours, minutes, seconds] = m;
  const total = Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds);
  return Number.isFinite(total) && total > 0 ? total : undefined;
}
