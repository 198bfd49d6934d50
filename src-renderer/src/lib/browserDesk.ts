// `window.desk` for the browser build (serve --ui): the same DeskApi the Electron preload exposes,
// over fetch (RPC) and EventSource (events). Paths are relative to the page (/app/).
import type { DeskApi } from '../../../src-shared/contract/desk';
import { EVENT_NAMES, type EventName, type EventPayload } from '../../../src-shared/contract/events';
import type { OperationInput, OperationName, OperationOutput } from '../../../src-shared/contract/operations';
import type { DeskResult } from '../../../src-shared/contract/result';

export type ConnectionListener = (state: 'open' | 'lost') => void;

export function createBrowserDesk(onConnection: ConnectionListener): DeskApi {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let source: EventSource | undefined;

  const connect = () => {
    source = new EventSource('events');
    source.onopen = () => onConnection('open');
    // EventSource reconnects by itself (retry: 2000); the UI says the link is down meanwhile.
    source.onerror = () => onConnection('lost');
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        for (const listener of listeners.get(name) ?? []) (listener as (p: unknown) => void)(payload);
      });
    }
  };

  return {
    async invoke<N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>> {
      let response: Response;
      try {
        response = await fetch(`rpc/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input), credentials: 'same-origin' });
      } catch {
        throw new Error('[unavailable] The desk cannot reach its server: is `transcript-desk serve --ui` still running?');
      }
      let result: unknown;
      try {
        result = await response.json();
      } catch {
        throw new Error(`[internal] The server answered ${response.status} without a readable body`);
      }
      const answer = result as Partial<DeskResult<OperationOutput<N>>> & { error?: unknown };
      if (answer.ok === true) return (answer as { value: OperationOutput<N> }).value;
      const error = answer.error as { code?: unknown; message?: unknown } | string | undefined;
      // A desk error, or something the server said before the desk could (413 Payload too large …).
      if (typeof error === 'object' && typeof error.code === 'string' && typeof error.message === 'string') throw new Error(`[${error.code}] ${error.message}`);
      throw new Error(`[internal] The server answered ${response.status}${typeof error === 'string' ? `: ${error}` : ''}`);
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      if (source === undefined) connect();
      let set = listeners.get(event);
      if (set === undefined) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/** Signs in with the owner key (the browser build's fallback when the one-time link was used). */
export async function signInWithKey(key: string): Promise<void> {
  const response = await fetch('session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }), credentials: 'same-origin' });
  const result = (await response.json().catch(() => null)) as DeskResult<unknown> | null;
  if (result?.ok !== true) throw new Error(result?.ok === false ? result.error.message : `Sign-in failed (${response.status})`);
}
