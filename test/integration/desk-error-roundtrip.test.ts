// A desk error, from the handler table in the main process to the code and message the renderer
// acts on, by both transports: over IPC (the answer object, the preload's throw, contextBridge
// keeping only the message) and over HTTP RPC (the JSON body, the browser transport's throw). One
// encoder and one decoder (src-shared/contract/result.ts) serve both, so the same refusal reads the
// same whichever way it came.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskErrorOf, unwrapDeskResult, type DeskErrorBody, type DeskResult } from '#shared/contract/result';
import { createDesk, type Desk } from '../../src-main/desk/index';
import { registerDeskIpc, type IpcInvokeEventLike } from '../../src-main/ipc/register';
import { openService, type OpenedService } from '#service/open';
import { rpcAnswer } from '../../src-renderer/src/lib/rpcAnswer';
import { startDeskServer, type DeskServer } from '../helpers/deskServer';
import { tempHome } from '../helpers/home';

/** What the page holds after a rejected invoke: the thrown Error's message, nothing else (contextBridge's copy). */
function rejectionIn<T>(result: DeskResult<T>): unknown {
  try {
    unwrapDeskResult(result);
  } catch (thrown) {
    return new Error((thrown as Error).message);
  }
  return expect.unreachable('an error answer must reject');
}

const MULTILINE: DeskErrorBody = { code: 'refused', message: 'No credits left [403]\nAdd credits in Settings' };

let ipcHome: ReturnType<typeof tempHome>;
let opened: OpenedService;
let ipcDesk: Desk;
let httpHome: ReturnType<typeof tempHome>;
let server: DeskServer;
let token: string;

beforeAll(async () => {
  ipcHome = tempHome();
  opened = await openService(ipcHome.dir, {}, {});
  ipcDesk = createDesk(opened, { home: ipcHome.dir, defaultExportFolder: join(ipcHome.dir, 'out'), eventFlushMs: 1 });
  httpHome = tempHome();
  server = await startDeskServer(httpHome.dir);
  token = await server.signedIn();
});
afterAll(async () => {
  await ipcDesk.close();
  await opened.close();
  ipcHome.remove();
  await server.close();
  httpHome.remove();
});

describe('over IPC', () => {
  const handlers = new Map<string, (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const ipc = async (operation: string, payload: unknown, url = 'app://desk/index.html') => {
    if (handlers.size === 0) registerDeskIpc({ ipcMain: { handle: (c, fn) => void handlers.set(c, fn), removeHandler: (c) => void handlers.delete(c) }, desk: ipcDesk, allowedOrigins: ['app://desk'], targets: () => [] });
    return (await handlers.get(`desk:${operation}`)?.({ senderFrame: { url } }, payload)) as DeskResult<unknown>;
  };

  it('a handler refusal, a bad payload and a foreign frame reach the page with their code and message', async () => {
    const refused = await ipc('export.openFolder', { folder: '/tmp' });
    expect(deskErrorOf(rejectionIn(refused))).toEqual({ code: 'unavailable', message: 'Opening a folder needs the desktop app' });
    const invalid = await ipc('queue.enqueue', { entries: 'x' });
    expect(deskErrorOf(rejectionIn(invalid))).toEqual({ code: 'invalid_input', message: expect.stringMatching(/^queue\.enqueue: entries: /) as string });
    const foreign = await ipc('queue.list', {}, 'https://evil.example/');
    expect(deskErrorOf(rejectionIn(foreign))).toEqual({ code: 'forbidden', message: 'This page may not use the desk' });
  });

  it('a success is the value itself, and a message with brackets and lines survives whole', async () => {
    expect(unwrapDeskResult(await ipc('queue.list', {}))).toMatchObject({ items: [] });
    expect(deskErrorOf(rejectionIn({ ok: false, error: MULTILINE }))).toEqual(MULTILINE);
    // A rejection that crossed ipcRenderer.invoke itself carries Electron's prefix in front.
    expect(deskErrorOf(new Error("Error invoking remote method 'desk:queue.list': Error: [forbidden] This page may not use the desk"))).toEqual({ code: 'forbidden', message: 'This page may not use the desk' });
  });
});

describe('over HTTP RPC', () => {
  const rpc = async (operation: string, body: string, signedIn = true) => {
    const response = await server.rpc(operation, signedIn ? token : undefined, body);
    return rpcAnswer(response.status, await response.json());
  };

  it('the same refusal and bad payload read exactly as they do over IPC', async () => {
    expect(deskErrorOf(rejectionIn(await rpc('export.openFolder', JSON.stringify({ folder: '/tmp' }))))).toEqual({ code: 'unavailable', message: 'Opening a folder needs the desktop app' });
    const invalid = deskErrorOf(rejectionIn(await rpc('queue.enqueue', JSON.stringify({ entries: 'x' }))));
    const overIpc = deskErrorOf(rejectionIn(await ipcDesk.invoke('queue.enqueue', { entries: 'x' })));
    expect(invalid).toEqual(overIpc);
    expect(invalid.code).toBe('invalid_input');
  });

  it("the transport's own refusals decode too: no session, an unknown operation, a body over the limit", async () => {
    expect(deskErrorOf(rejectionIn(await rpc('queue.list', '{}', false)))).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/^Not signed in/) as string });
    expect(deskErrorOf(rejectionIn(await rpc('queue.nothing', '{}')))).toEqual({ code: 'not_found', message: 'No operation named queue.nothing' });
    // The server answers before the desk can: the page reads an `internal` error naming the status.
    const tooBig = deskErrorOf(rejectionIn(await rpc('queue.list', JSON.stringify({ pad: 'x'.repeat(300 * 1024) }))));
    expect(tooBig).toMatchObject({ code: 'internal', message: expect.stringMatching(/^The server answered 413: Payload too large \(The request body is larger than 262144 bytes\)$/) as string });
  });

  it('a success is the value itself', async () => {
    expect(unwrapDeskResult(await rpc('queue.list', '{}'))).toMatchObject({ items: [] });
  });
});

describe('anything else a page may catch', () => {
  it('reads as internal with its own words, so a bug is still shown as a sentence', () => {
    expect(deskErrorOf(new TypeError('Failed to fetch'))).toEqual({ code: 'internal', message: 'Failed to fetch' });
    expect(deskErrorOf('plain text')).toEqual({ code: 'internal', message: 'plain text' });
    // A bracketed word that is no desk code is part of the message, not a code.
    expect(deskErrorOf(new Error('[teapot] short and stout'))).toEqual({ code: 'internal', message: '[teapot] short and stout' });
  });
});
