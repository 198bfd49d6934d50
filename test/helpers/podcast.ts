// Submitting and polling podcast jobs over REST, as a client script would.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { Harness } from './harness';
import { call, post, type Reply } from './http';
import { abortedWhenTestEnds } from './teardown';

export const submitEpisode = (h: Harness, key: string, url: string): Promise<Reply> => post(h.server.url, '/api/podcast/transcript', key, { url });
export const getJob = (h: Harness, key: string, jobId: string): Promise<Reply> => call(h.server.url, 'GET', `/api/podcast/jobs/${jobId}`, { key });
export const balanceOf = async (h: Harness, key: string): Promise<number> => (await call(h.server.url, 'GET', '/api/balance', { key })).body.credits as number;

/**
 * Polls every second (faster than the advised 3–5 s, to see each chunk; within the 120/min limit)
 * until `done` says so; every record seen. No deadline of its own: the test's hang guard is the
 * limit (guards.ts), and the polling stops when the test ends, however it ends.
 */
export async function pollJob(h: Harness, key: string, jobId: string, done: (record: Record<string, unknown>) => boolean = (r) => r.status !== 'processing'): Promise<Record<string, unknown>[]> {
  const ended = abortedWhenTestEnds();
  const seen: Record<string, unknown>[] = [];
  for (;;) {
    const reply = await getJob(h, key, jobId);
    expect(reply.status).toBe(200);
    seen.push(reply.body);
    if (done(reply.body)) return seen;
    await sleep(1000, undefined, { signal: ended });
  }
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
