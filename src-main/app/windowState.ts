// The main window's size and place, remembered in the data home. The file is checked on the way
// in (zod): a damaged file, or bounds on a monitor that is no longer there, give the default.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const stateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof stateSchema>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 };

export const windowStateFile = (home: string) => join(home, 'window-state.json');

/** Whether at least a 100 × 50 corner of the window (its title bar) is on one of the displays. */
export function isReachable(bounds: Rect, displays: readonly Rect[]): boolean {
  return displays.some((d) => {
    const w = Math.min(bounds.x + bounds.width, d.x + d.width) - Math.max(bounds.x, d.x);
    const h = Math.min(bounds.y + 50, d.y + d.height) - Math.max(bounds.y, d.y);
    return w >= 100 && h >= 50;
  });
}

/** The saved state if it is readable and still on screen; undefined means "use the default". */
export function loadWindowState(file: string, displays: readonly Rect[]): WindowState | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const state = stateSchema.safeParse(parsed);
  if (!state.success || !isReachable(state.data, displays)) return undefined;
  return state.data;
}

/** Written whole under a temporary name, so a crash mid-write leaves the old file. */
export function saveWindowState(file: string, state: WindowState): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state));
  renameSync(temp, file);
}
