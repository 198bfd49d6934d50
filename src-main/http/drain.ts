// Stopping the HTTP server without losing an answer and without waiting on anyone: what is in
// flight is answered (its connection then closed), what owes nothing is closed at once, and what
// is still running at the deadline is cut off. A cut-off transcript request aborts its upstream
// fetch, and an aborted fetch is never charged (server.ts, service.ts).
import type { Connections } from './connections';

/** How long in-flight requests may take to be answered once a stop begins. */
export const DEFAULT_DRAIN_MS = 8000;

export interface DrainOutcome {
  /** Requests still unanswered at the deadline, whose connections were closed. */
  cutOff: number;
}

/**
 * Drains `connections` (connections.ts) while `close` stops the server (Fastify's close: its
 * preClose hooks end the desk's event streams, then Node stops listening); after `deadlineMs`
 * every connection left is closed, answered or not.
 */
export async function drain(connections: Connections, close: () => Promise<void>, deadlineMs = DEFAULT_DRAIN_MS): Promise<DrainOutcome> {
  connections.drain();
  const closed = close();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  try {
    const first = await Promise.race([closed.then(() => 'closed' as const), deadline]);
    if (first === 'closed') return { cutOff: 0 };
    const cutOff = connections.destroyAll();
    await closed;
    return { cutOff };
  } finally {
    clearTimeout(timer);
  }
}
