// One queue item through the core, counted: the desk's path parses the item's URL once and never
// reads back the cache row it has just written (issue 14). A spy on the URL parser's module and on
// the ledger's cache counts what the old path (a JSON body through the REST facade, then a re-read
// of the cache by URL) did twice and three times.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as parse from '#shared/url/parse';
import type { QueueItem } from '#shared/contract/queue';
import { runItem } from '../../src-main/desk/queue/runItem';
import { sqliteLedgerOf } from '#service/open';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

vi.mock('#shared/url/parse', async (importOriginal) => {
  const original = await importOriginal<typeof parse>();
  return { ...original, parseAny: vi.fn(original.parseAny), parseForPlatform: vi.fn(original.parseForPlatform) };
});

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;

beforeAll(async () => {
  fixture = await startFixtureUpstream();
});
afterAll(() => fixture.close());
beforeEach(async () => {
  home = tempHome();
  t = await openTestDesk(home.dir, fixture.url);
});
afterEach(async () => {
  await t.close();
  home.remove();
});

const urlParses = () => vi.mocked(parse.parseAny).mock.calls.length + vi.mocked(parse.parseForPlatform).mock.calls.length;
const balance = () => sqliteLedgerOf(t.opened).credits.balance(t.opened.owner.accountId);

/** Runs the item once as the queue's runner would; counts URL parses and cache reads and writes. */
async function counted(item: QueueItem) {
  vi.mocked(parse.parseAny).mockClear();
  vi.mocked(parse.parseForPlatform).mockClear();
  // The SQLite classes under the store: every cache read and write of the path, in a transaction or not.
  const cache = sqliteLedgerOf(t.opened).cache;
  const get = vi.spyOn(cache, 'get');
  const put = vi.spyOn(cache, 'put');
  try {
    const outcome = await runItem(t.opened, { core: t.opened.service.core, key: t.opened.owner.key, server: null }, item, new AbortController().signal);
    return { outcome, parses: urlParses(), gets: get.mock.calls.length, puts: put.mock.calls.length };
  } finally {
    get.mockRestore();
    put.mockRestore();
  }
}

describe('the desk runs an item through the core', () => {
  it('a fresh video: one URL parse, the cache asked once and checked once under the write lock, written once, never re-read', async () => {
    const { items } = await t.call('queue.enqueue', { entries: [{ url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}` }] });
    const item = items[0] as QueueItem;
    const before = balance();

    const fresh = await counted(item);
    expect(fresh.outcome).toMatchObject({ kind: 'finished', update: { status: 'done', httpStatus: 200, credits: 1, transcript: { kind: 'transcript', key: item.canonicalKey } } });
    expect(fresh.outcome.kind === 'finished' && typeof fresh.outcome.update.title === 'string' && fresh.outcome.update.title !== '').toBe(true);
    expect(balance()).toBe(before - 1);
    expect(fresh.outcome).toMatchObject({ balance: { credits: before - 1 } });
    expect({ parses: fresh.parses, gets: fresh.gets, puts: fresh.puts }).toEqual({ parses: 1, gets: 2, puts: 1 });

    const again = await counted(item);
    expect(again.outcome).toMatchObject({ kind: 'finished', update: { status: 'cached', credits: 0 }, balance: { credits: before - 1 } });
    expect(balance()).toBe(before - 1);
    expect({ parses: again.parses, gets: again.gets, puts: again.puts }).toEqual({ parses: 1, gets: 1, puts: 0 });
  });

  it('the rate window numbers come from the owner key\'s window, with no header in between', async () => {
    const { items } = await t.call('queue.enqueue', { entries: [{ url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}` }] });
    const { outcome } = await counted(items[0] as QueueItem);
    const now = t.clock.now();
    expect(outcome.rate).toMatchObject({ limit: 120, remaining: 119, retryAfterMs: null });
    // The window's end at the spec's one-second resolution, a minute from the first request.
    expect(outcome.rate.resetAt).toBe(Math.ceil((now + 60_000) / 1000) * 1000);
  });
});
