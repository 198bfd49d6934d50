// The renderer's only door to the app: `window.desk`, exactly the contract's DeskApi, nothing else
// (no ipcRenderer, no process, no shell). Operations go to `desk:<operation>` channels only.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX, type DeskApi } from '#shared/contract/desk';
import type { EventName, EventPayload } from '#shared/contract/events';
import type { OperationInput, OperationName, OperationOutput } from '#shared/contract/operations';
import { unwrapDeskResult, type DeskResult } from '#shared/contract/result';

const desk = {
  async invoke<N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>> {
    // contextBridge copies an Error's message only: the code travels in it (encodeDeskError).
    return unwrapDeskResult((await ipcRenderer.invoke(`${IPC_INVOKE_PREFIX}${name}`, input)) as DeskResult<OperationOutput<N>>);
  },
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    const handler = (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload as EventPayload<E>);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => void ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
  },
  // A dropped File's path on disk ('' for one that has none); main checks the path before reading it.
  pathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
} satisfies DeskApi;

contextBridge.exposeInMainWorld('desk', desk);
