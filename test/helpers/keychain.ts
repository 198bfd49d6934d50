// A private Secret Service for tests: dbus-run-session with gnome-keyring-daemon unlocked inside
// it (the recipe of shared/STACK.md), started by the test itself so `npm test` stays one command.
// The test process points DBUS_SESSION_BUS_ADDRESS at it; keytar (libsecret) then talks to it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestKeychain {
  address: string;
  stop(): Promise<void>;
}

/** Why a private keychain cannot run here, or null when it can. */
export function keychainUnavailable(): string | null {
  for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed (apt-get install dbus gnome-keyring)`;
  }
  return null;
}

export async function startKeychain(): Promise<TestKeychain> {
  const data = mkdtempSync(join(tmpdir(), 'td-keyring-'));
  const script = 'echo -n test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && echo "BUS=$DBUS_SESSION_BUS_ADDRESS" && exec sleep 600';
  const child: ChildProcess = spawn('dbus-run-session', ['--', 'sh', '-c', script], { env: { ...process.env, XDG_DATA_HOME: data, HOME: data }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    // A hang guard: D-Bus and gnome-keyring start in under half a second here.
    const timer = setTimeout(() => reject(new Error(`the test keychain did not start: ${err}`)), 15_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /BUS=(\S+)/.exec(out);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the test keychain exited (${code}): ${err}`)));
  });
  return {
    address,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The whole group: sh, sleep, dbus-run-session and its bus; gnome-keyring-daemon leaves with the bus.
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(data, { recursive: true, force: true });
    },
  };
}
