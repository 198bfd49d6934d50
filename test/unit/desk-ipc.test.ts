// The Electron transport with ipcMain-like stand-ins (Electron itself is the shell issue's): one
// handler per operation, sender origin checked, events to every live window; and the REST API
// switch the desktop app uses.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IPC_EVENT_CHANNEL } from '#shared/contract/desk';
import { OPERATION_NAMES } from '#shared/contract/operations';
import { createDesk, type Desk } from '../../src-main/desk/index';
import { RestApiHost } from '../../src-main/http/restApiHost';
import { originOf, registerDeskIpc, type IpcInvokeEventLike } from '../../src-main/ipc/register';
import { openService, type OpenedService } from '#service/open';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
let opened: OpenedService;
let desk: Desk;

beforeEach(async () => {
  home = tempHome();
  opened = await openService(home.dir, {}, {});
  desk = createDesk(opened, { home: home.dir, defaultExportFolder: join(home.dir, 'out'), eventFlushMs: 1 });
});
afterEach(async () => {
  await desk.close();
  await opened.close();
  home.remove();
});

function fakeIpc() {
  const handlers = new Map<string, (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  return { handlers, ipcMain: { handle: (channel: string, fn: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>) => void handlers.set(channel, fn), removeHandler: (channel: string) => void handlers.delete(channel) } };
}

describe('Electron IPC', () => {
  it('registers desk:<operation> for every operation and answers frames of the allowed origin only', async () => {
    const { handlers, ipcMain } = fakeIpc();
    const sent: unknown[][] = [];
    const windows = [
      { send: (...args: unknown[]) => void sent.push(args), isDestroyed: () => false },
      { send: () => expect.unreachable('a destroyed window gets nothing'), isDestroyed: () => true },
    ];
    const unregister = registerDeskIpc({ ipcMain, desk, allowedOrigins: ['app://desk'], targets: () => windows });
    expect([...handlers.keys()].sort()).toEqual(OPERATION_NAMES.map((n) => `desk:${n}`).sort());

    const list = handlers.get('desk:queue.list');
    expect(await list?.({ senderFrame: { url: 'app://desk/index.html' } }, {})).toMatchObject({ ok: true, value: { items: [] } });
    for (const url of ['https://evil.example/', 'app://evil/index.html', 'file:///tmp/x.html']) {
      expect(await list?.({ senderFrame: { url } }, {})).toEqual({ ok: false, error: { code: 'forbidden', message: 'This page may not use the desk' } });
    }
    expect(await list?.({ senderFrame: null }, {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // The payload is parsed by the handler table, whatever the transport.
    expect(await handlers.get('desk:queue.enqueue')?.({ senderFrame: { url: 'app://desk/' } }, { entries: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    await handlers.get('desk:queue.enqueue')?.({ senderFrame: { url: 'app://desk/' } }, { entries: [{ url: 'https://youtu.be/GJLlxj_dtq8' }] });
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    expect(sent[0]?.[0]).toBe(IPC_EVENT_CHANNEL);
    expect(sent[0]?.[1]).toBe('queue.changed');

    unregister();
    expect(handlers.size).toBe(0);
  });

  it('tells app://desk from app://evil, where WHATWG origins are both "null"', () => {
    expect(new URL('app://desk/x').origin).toBe('null');
    expect(originOf('app://desk/x')).toBe('app://desk');
    expect(originOf('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(originOf('not a url')).toBeUndefined();
  });
});

describe('local REST API switch', () => {
  it('starts on the port, answers the API, moves, stops, and reports a taken port', async () => {
    const api = new RestApiHost(opened.service);
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const on = await api.apply(true, free);
    expect(on).toEqual({ controllable: true, running: true, url: `http://127.0.0.1:${free}`, problem: null });
    const answer = await fetch(`${on.url ?? ''}/api/balance`, { headers: { authorization: `Bearer ${opened.owner.key}` } });
    expect(await answer.json()).toEqual({ credits: 1000, plan: 'pro' });

    const blocker = new RestApiHost(opened.service);
    expect(await blocker.apply(true, free)).toMatchObject({ running: false, problem: `Port ${free} is in use by another program; choose another port` });

    expect(await api.apply(false, free)).toMatchObject({ running: false, url: null });
    await expect(fetch(`http://127.0.0.1:${free}/api/balance`)).rejects.toThrow();
    await api.close();
    await blocker.close();
  });
});
