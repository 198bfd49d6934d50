// `window.desk` for the browser build (serve --ui): the same DeskApi the Electron preload exposes,
// over fetch (RPC and the event stream). Paths are relative to the page (/app/).
//
// The session is a token the page keeps in localStorage and sends in a header (never a cookie:
// cookies reach every port of 127.0.0.1, so another local program could collect one; storage is
// per origin, port included). localStorage rather than sessionStorage so that a second tab or a
// reopened one stays signed in; the token dies with the server process anyway.
import { HTTP_APP_PREFIX, HTTP_LOGIN_FRAGMENT, HTTP_SESSION_HEADER, type DeskApi } from '#shared/contract/desk';
import { EVENT_NAMES, type EventName, type EventPayload } from '#shared/contract/events';
import { HTTP_UPLOAD_PATH, type MediaIntake } from '#shared/contract/media';
import type { OperationInput, OperationName, OperationOutput } from '#shared/contract/operations';
import { encodeDeskError, unwrapDeskResult, type DeskResult } from '#shared/contract/result';
import { rpcAnswer } from './rpcAnswer';
import { SseParser } from './sseParser';
import { uploadAnswer } from './uploadAnswer';

/**
 * `signed-out`: the page has no session (never signed in). `session-ended`: the server refused the
 * session this page had; sessions die with the server process, so it restarted.
 */
export type ConnectionListener = (state: 'open' | 'lost' | 'signed-out' | 'session-ended') => void;

const TOKEN_KEY = 'transcript-desk.session';
/** The event stream's reconnection delay until the server says otherwise (`retry:`). */
const DEFAULT_RETRY_MS = 2000;

const UNREACHABLE = 'The desk cannot reach its server: is `transcript-desk serve --ui` still running?';

// Where storage is refused (a locked-down profile), the token lives as long as the page.
let pageToken: string | null = null;
const tokenWaiters = new Set<() => void>();

function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? pageToken;
  } catch {
    return pageToken;
  }
}

function storeToken(token: string | null): void {
  pageToken = token;
  try {
    if (token === null) localStorage.removeItem(TOKEN_KEY);
    else localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // kept in pageToken only
  }
  for (const wake of tokenWaiters) wake();
  tokenWaiters.clear();
}

/**
 * That this browser's session was refused (the server restarted), kept until the next sign-in: the
 * page that learns it first (an open tab's event stream, often) forgets the token, so a reload
 * after that has no session to be refused and would otherwise not know why it asks for a sign-in.
 */
const ENDED_KEY = 'transcript-desk.session-ended';

function markSessionEnded(ended: boolean): void {
  try {
    if (ended) sessionStorage.setItem(ENDED_KEY, '1');
    else sessionStorage.removeItem(ENDED_KEY);
  } catch {
    // storage refused: only this page knows, as before
  }
}

/** Whether a session of this tab was refused since its last sign-in (see ENDED_KEY). */
export function sessionEndedEarlier(): boolean {
  try {
    return sessionStorage.getItem(ENDED_KEY) !== null;
  } catch {
    return false;
  }
}

/** Forgets a token the server refused, unless another tab has stored a newer one meanwhile. */
function forgetToken(token: string | null): boolean {
  if (token === null || storedToken() !== token) return false;
  storeToken(null);
  markSessionEnded(true);
  return true;
}

/** Resolves when a token is stored: by this page's sign-in, or another tab's. */
function tokenStored(): Promise<void> {
  return new Promise((resolve) => tokenWaiters.add(resolve));
}

export const sessionHeaders = (): Record<string, string> => {
  const token = storedToken();
  return token === null ? {} : { [HTTP_SESSION_HEADER]: token };
};

/** POST /app/session; stores the session token it returns, or throws with the server's words. */
async function openSession(body: { key: string } | { login: string }): Promise<void> {
  const response = await fetch('session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
  const result = (await response.json().catch(() => null)) as DeskResult<{ token: string }> | null;
  if (result?.ok !== true) throw new Error(result?.ok === false ? result.error.message : `Sign-in failed (${response.status})`);
  storeToken(result.value.token);
  markSessionEnded(false);
}

/**
 * The one-time link `<origin>/app/#login=<token>`: the token leaves the address bar (and the
 * history entry) at once, then is traded for a session. A used or stale link leaves the page on
 * the sign-in screen, where the owner key still works.
 */
const LOGIN_LINK = new RegExp(`^#${HTTP_LOGIN_FRAGMENT}=([\\w-]+)$`);

function redeemLoginLink(): Promise<void> {
  const match = LOGIN_LINK.exec(window.location.hash);
  if (match === null) return Promise.resolve();
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return openSession({ login: match[1] as string }).catch((error: unknown) => {
    loginLinkRefusal = error instanceof Error ? error.message : String(error);
  });
}

let loginLinkRefusal: string | null = null;

/** Why the one-time link in the address did not sign in (used before, from an earlier server), once. */
export function takeLoginLinkRefusal(): string | null {
  const refusal = loginLinkRefusal;
  loginLinkRefusal = null;
  return refusal;
}

/** The page's connection listener, for requests made outside the DeskApi (uploads). */
let connectionListener: ConnectionListener = () => undefined;

export function createBrowserDesk(onConnection: ConnectionListener): DeskApi {
  connectionListener = onConnection;
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const ready = redeemLoginLink();
  let streaming = false;
  // A one-time link opened in a tab that already shows the desk (its sign-in screen, say) changes
  // only the fragment, which loads nothing: start the page again, which redeems it.
  window.addEventListener('hashchange', () => {
    if (LOGIN_LINK.test(window.location.hash)) window.location.reload();
  });
  // Another tab signed in: its token is this page's too.
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY || event.newValue === null) return;
    for (const wake of tokenWaiters) wake();
    tokenWaiters.clear();
  });

  const dispatch = (name: string, data: string) => {
    if (!(EVENT_NAMES as readonly string[]).includes(name)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    for (const listener of listeners.get(name as EventName) ?? []) (listener as (p: unknown) => void)(payload);
  };

  /** Reads the event stream for as long as the page lives, reconnecting as EventSource would. */
  const stream = async () => {
    await ready;
    const parser = new SseParser();
    for (;;) {
      const token = storedToken();
      let status = 0;
      try {
        const response = await fetch('events', { headers: sessionHeaders(), cache: 'no-store', credentials: 'same-origin' });
        status = response.status;
        if (response.ok && response.body !== null) {
          onConnection('open');
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            for (const message of parser.push(chunk.value)) dispatch(message.event, message.data);
          }
        }
      } catch {
        // the server went away mid-stream, or was never there: reconnect below
      }
      if (status === 401) {
        // A newer token (another tab signed in meanwhile) is tried at once.
        if (token !== null && storedToken() !== token) continue;
        onConnection(forgetToken(token) ? 'session-ended' : 'signed-out');
        await tokenStored();
        continue;
      }
      onConnection('lost');
      await new Promise((resolve) => setTimeout(resolve, parser.retryMs ?? DEFAULT_RETRY_MS));
    }
  };

  return {
    async invoke<N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>> {
      await ready;
      const token = storedToken();
      let response: Response;
      try {
        response = await fetch(`rpc/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...sessionHeaders() }, body: JSON.stringify(input), credentials: 'same-origin' });
      } catch {
        throw encodeDeskError({ code: 'unavailable', message: UNREACHABLE });
      }
      // An RPC may learn of a restart before the event stream does (an action right after it).
      if (response.status === 401 && forgetToken(token)) onConnection('session-ended');
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw encodeDeskError({ code: 'internal', message: `The server answered ${response.status} without a readable body` });
      }
      return unwrapDeskResult(rpcAnswer(response.status, body) as DeskResult<OperationOutput<N>>);
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      if (!streaming) {
        streaming = true;
        void stream();
      }
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
export function signInWithKey(key: string): Promise<void> {
  return openSession({ key });
}

/** Relative to the page (/app/), like the RPC paths. */
const UPLOAD_PATH = HTTP_UPLOAD_PATH.slice(HTTP_APP_PREFIX.length + 1);

/**
 * Sends one audio or video file to the browser build's server, which streams it to its scratch
 * folder and probes it: resolves with the desk's intake of it (a job, or why not), rejects with an
 * Error a person can read (413 past the size limit, in the server's words). XMLHttpRequest rather
 * than fetch: it reports upload progress, and sends a File from disk without reading it first.
 */
export function uploadMedia(file: File, onProgress: (loaded: number) => void): Promise<MediaIntake> {
  const token = storedToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${UPLOAD_PATH}?name=${encodeURIComponent(file.name)}`);
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onerror = () => reject(new Error(UNREACHABLE));
    xhr.onload = () => {
      if (xhr.status === 401 && forgetToken(token)) connectionListener('session-ended');
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // read as no body: uploadAnswer names the status
      }
      const answer = uploadAnswer(xhr.status, body);
      if (answer.ok) resolve(answer.intake);
      else reject(new Error(answer.message));
    };
    xhr.send(file);
  });
}
