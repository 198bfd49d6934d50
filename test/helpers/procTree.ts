// What a process group holds in memory, read from /proc as `ps` and the soak's sampler read it:
// VmRSS per process, summed over the group (npm + sh + tsx + node when launched through npm), and
// the RssAnon/RssFile split of one process; which process of a group listens on a port. Linux
// only, like the service's deployment. Used by bench/memory and the serve process tests.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessMemory {
  pid: number;
  name: string;
  /** VmRSS, bytes. */
  rss: number;
  /** RssAnon: heap, stacks, malloc arenas; what the process itself allocated. */
  anon: number;
  /** RssFile: mapped files (the node binary, native addons, the ledger's mmap if any). */
  file: number;
  /**
   * Pss (smaps_rollup): RSS with each shared page divided among the processes that map it. npm and
   * the server map the same node binary (about 48 MB); summed RSS counts it twice, summed PSS once,
   * which is what the group really takes from the machine.
   */
  pss: number;
}

const KB = 1024;

function statusField(status: string, name: string): number {
  const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  return m === null ? 0 : Number(m[1]) * KB;
}

/** The memory of one process, or undefined once it is gone. */
export function processMemory(pid: number): ProcessMemory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?';
    let rollup = '';
    try {
      rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    } catch {
      // Kernels before 4.14 have no smaps_rollup: PSS reads as 0 and the RSS figures stand alone.
    }
    return { pid, name, rss: statusField(status, 'VmRSS'), anon: statusField(status, 'RssAnon'), file: statusField(status, 'RssFile'), pss: statusField(rollup, 'Pss') };
  } catch {
    return undefined;
  }
}

/** A process's command line as it was started (or last exec'd), one argument per element. */
export function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
}

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time a process has used so far (user + system), in seconds: less at the mercy of a busy machine than wall time. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** pgrp is the 5th field of /proc/PID/stat, counted after the parenthesised command name (which may hold spaces). */
function processGroupOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[2]);
  } catch {
    return undefined;
  }
}

/** Every live process whose process group is `pgid`. */
export function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => processGroupOf(pid) === pgid);
}

/** The socket inode listening on `port` (IPv4 or IPv6), from /proc/net/tcp*. */
function listeningInode(port: number): string | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT, st 0A is LISTEN, the inode is the 10th column.
      if (cols[1]?.endsWith(`:${hexPort}`) === true && cols[3] === '0A' && cols[9] !== undefined) return cols[9];
    }
  }
  return undefined;
}

/**
 * The process of the group that holds the listening socket: the server itself, whatever launcher
 * (npm, sh, tsx) sits above it.
 */
export function listeningProcess(pgid: number, port: number): number | undefined {
  const inode = listeningInode(port);
  if (inode === undefined) return undefined;
  for (const pid of groupMembers(pgid)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

export interface TreeSample {
  at: number;
  tree: number;
  /** The members' PSS summed: shared pages counted once. */
  treePss: number;
  server: ProcessMemory | undefined;
  members: ProcessMemory[];
}

/** One reading of the group: every member's memory, and the server's own. */
export function sampleTree(pgid: number, serverPid: number): TreeSample {
  const members = groupMembers(pgid)
    .map(processMemory)
    .filter((m): m is ProcessMemory => m !== undefined);
  return { at: Date.now(), tree: members.reduce((sum, m) => sum + m.rss, 0), treePss: members.reduce((sum, m) => sum + m.pss, 0), server: members.find((m) => m.pid === serverPid), members };
}

/** Peaks of a run of samples; `mark()` starts a new phase while the overall peak keeps counting. */
export class TreeSampler {
  private timer: NodeJS.Timeout | undefined;
  private phase: TreeSample[] = [];
  private readonly all: TreeSample[] = [];

  constructor(private readonly pgid: number, private readonly serverPid: number, private readonly intervalMs = 200) {}

  start(): void {
    this.take();
    this.timer = setInterval(() => this.take(), this.intervalMs);
  }

  take(): TreeSample {
    const sample = sampleTree(this.pgid, this.serverPid);
    this.phase.push(sample);
    this.all.push(sample);
    return sample;
  }

  /** Ends the current phase: its samples (one more is taken now, so no phase is empty). */
  mark(): TreeSample[] {
    this.take();
    const done = this.phase;
    this.phase = [];
    return done;
  }

  stop(): TreeSample[] {
    if (this.timer !== undefined) clearInterval(this.timer);
    return this.all;
  }
}

export const peakTree = (samples: TreeSample[]): TreeSample => samples.reduce((a, b) => (b.tree > a.tree ? b : a));
export const peakServer = (samples: TreeSample[]): TreeSample => samples.reduce((a, b) => ((b.server?.rss ?? 0) > (a.server?.rss ?? 0) ? b : a));
export const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
