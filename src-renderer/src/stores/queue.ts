// The queue as the renderer holds it: items by id and their order, the runner's state, the
// selection. Dropped URLs show at once (classified here with the shared rules); the main process
// classifies them again, stores them and answers with the real rows, which replace these.
import { create } from 'zustand';
import { newerQueueState, type QueueItem, type QueueState } from '#shared/contract/queue';
import { classifyUrl, identityOf } from '#shared/queue/intake';
import { desk } from '../lib/desk';
import type { IntakeCounts } from '../lib/intakeSummary';
import { replayHolding } from '../lib/loadWithReplay';
import { deskErrorOf } from '#shared/contract/result';
import { useApp } from './app';

/** What an intake did with its links (lib/intakeSummary.ts words it). */
export type IntakeSummary = IntakeCounts;

interface QueueStore {
  items: Map<string, QueueItem>;
  order: string[];
  state: QueueState;
  selected: Set<string>;
  lastIntake: IntakeSummary | null;
  loaded: boolean;
  load: () => Promise<void>;
  intake: (urls: readonly string[]) => IntakeSummary;
  applyChanged: (upserted: readonly QueueItem[], removed: readonly string[]) => void;
  setState: (state: QueueState) => void;
  toggle: (id: string, on?: boolean) => void;
  selectAll: (on: boolean) => void;
}

/** Changes that arrive while a snapshot is loading (see load). */
const holding = replayHolding<{ upserted: readonly QueueItem[]; removed: readonly string[] }>();

const IDLE: QueueState = { phase: 'idle', concurrency: 3, active: 0, rateLimit: { limit: null, remaining: null, resetAt: null, waitUntil: null, waitReason: null }, runner: '', revision: 0 };

const byPosition = (items: Map<string, QueueItem>) => (a: string, b: string) => (items.get(a)?.position ?? 0) - (items.get(b)?.position ?? 0);

export const useQueue = create<QueueStore>()((set, get) => ({
  items: new Map(),
  order: [],
  state: IDLE,
  selected: new Set(),
  lastIntake: null,
  loaded: false,

  // Events and this answer travel on different connections: events that arrive meanwhile are
  // replayed on top of the snapshot, in order, so the newest state of every item wins.
  load: () =>
    holding.loadWithReplay(
      async () => {
        const { items, state } = await desk().invoke('queue.list', {});
        set({ items: new Map(items.map((i) => [i.id, i])), order: items.map((i) => i.id), state: newerQueueState(get().state, state), loaded: true });
      },
      (change) => get().applyChanged(change.upserted, change.removed),
    ),

  intake(urls) {
    const { items, order } = get();
    const next = new Map(items);
    const known = new Map<string, string>();
    for (const item of items.values()) known.set(identityOf(item), item.id);
    let position = 0;
    for (const item of items.values()) if (item.position > position) position = item.position;
    const added: string[] = [];
    const entries: { id: string; url: string }[] = [];
    const summary: IntakeSummary = { links: urls.length, added: 0, invalid: 0, folded: 0 };
    const now = Date.now();
    for (const raw of urls) {
      const classified = classifyUrl(raw);
      const identity = identityOf(classified);
      const existing = known.get(identity);
      if (existing !== undefined) {
        const item = next.get(existing);
        if (item !== undefined) next.set(existing, { ...item, count: item.count + 1 });
        summary.folded++;
        entries.push({ id: existing, url: classified.url });
        continue;
      }
      const id = crypto.randomUUID();
      known.set(identity, id);
      next.set(id, { ...classified, id, position: ++position, httpStatus: null, title: null, credits: 0, count: 1, jobId: null, transcript: null, createdAt: now, updatedAt: now });
      added.push(id);
      entries.push({ id, url: classified.url });
      if (classified.status === 'invalid') summary.invalid++;
      else summary.added++;
    }
    set({ items: next, order: order.concat(added), lastIntake: summary });
    // Only new rows propose their id; folded ones are folded again by the main process.
    const isNew = new Set(added);
    const send = entries.map((e) => (isNew.has(e.id) ? e : { url: e.url }));
    if (send.length > 0) void save(send, added, get);
    return summary;
  },

  applyChanged(upserted, removed) {
    if (upserted.length === 0 && removed.length === 0) return;
    if (holding.hold({ upserted, removed })) return;
    const { items, order, selected } = get();
    const next = new Map(items);
    let fresh = false;
    let moved = false;
    for (const item of upserted) {
      const before = next.get(item.id);
      if (before === undefined) fresh = true;
      else if (before.position !== item.position) moved = true;
      next.set(item.id, item);
    }
    for (const id of removed) next.delete(id);
    let nextOrder = order;
    if (removed.length > 0) {
      const gone = new Set(removed);
      nextOrder = nextOrder.filter((id) => !gone.has(id));
    }
    if (fresh) nextOrder = nextOrder.concat(upserted.filter((i) => !items.has(i.id)).map((i) => i.id));
    if (fresh || moved) nextOrder = [...new Set(nextOrder)].sort(byPosition(next));
    let nextSelected = selected;
    if (removed.some((id) => selected.has(id))) nextSelected = new Set([...selected].filter((id) => next.has(id)));
    set({ items: next, order: nextOrder, selected: nextSelected });
  },

  // A reply to `queue.run` may arrive after the event of a later change (the run already over).
  setState: (state) => set({ state: newerQueueState(get().state, state) }),

  toggle(id, on) {
    const selected = new Set(get().selected);
    if (on ?? !selected.has(id)) selected.add(id);
    else selected.delete(id);
    set({ selected });
  },

  selectAll(on) {
    set({ selected: on ? new Set(get().order) : new Set() });
  },
}));

/** Stores the new rows in slices the contract accepts, in order; rows it refuses disappear with a notice. */
async function save(send: readonly { id?: string; url: string }[], added: readonly string[], get: () => QueueStore): Promise<void> {
  const saved: QueueItem[] = [];
  try {
    for (let from = 0; from < send.length; from += ENQUEUE_SLICE) {
      const { items } = await desk().invoke('queue.enqueue', { entries: send.slice(from, from + ENQUEUE_SLICE) });
      saved.push(...items);
    }
  } catch (error) {
    useApp.getState().notify('error', `Some links could not be added: ${deskErrorOf(error).message}`);
  }
  const savedIds = new Set(saved.map((i) => i.id));
  // A row shown here that the main process folded into another one (or refused) goes away.
  get().applyChanged(saved, added.filter((id) => !savedIds.has(id)));
}

const ENQUEUE_SLICE = 10_000;

/** Counts by status, for the toolbar. */
export function countByStatus(items: Map<string, QueueItem>): Record<QueueItem['status'], number> {
  const counts = { invalid: 0, queued: 0, running: 0, done: 0, cached: 0, empty: 0, failed: 0, submitted: 0 };
  for (const item of items.values()) counts[item.status]++;
  return counts;
}
