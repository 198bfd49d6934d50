// A failed or timed-out test leaves nothing running. Processes a test spawns run in their own
// process group, which its teardown kills whole (a `serve` takes its engines and ffmpeg with it);
// work a test starts in its own process is tied to abortedWhenTestEnds() (teardown.ts). No vitest
// import here: the Playwright tests use these too.
import { execFileSync, type ChildProcess } from 'node:child_process';

/** This process's children: pid → command name (as `ps` shows it, at most 15 characters). */
function children(): Map<number, string> {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return new Map(); // ps exits 1 when there are none
  }
  const found = new Map<number, string>();
  for (const line of out.split('\n')) {
    const m = /^\s*(\d+)\s+(.+)$/.exec(line);
    if (m !== null) found.set(Number(m[1]), (m[2] as string).trim());
  }
  return found;
}

/**
 * Children started from now on (not those some earlier test left), so that an assertion about
 * leftover processes counts only what this test itself started.
 */
export function watchChildren(): { named(name: string): number[] } {
  const before = new Set(children().keys());
  return {
    named: (name) => [...children()].filter(([pid, comm]) => !before.has(pid) && comm === name.slice(0, 15)).map(([pid]) => pid),
  };
}

const groups = new Set<number>();

/** SIGKILL to a process group, quietly when it is already gone. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left in it
  }
  groups.delete(pgid);
}

/**
 * Remembers a child spawned with `detached: true` (its own process group): if this test process
 * exits with the group still alive (vitest torn down mid-test, a crash), the group goes with it.
 */
export function trackGroup(child: ChildProcess): void {
  if (child.pid !== undefined) groups.add(child.pid);
}

process.once('exit', () => {
  for (const pgid of groups) killGroup(pgid);
});
