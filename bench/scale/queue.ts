// bench/scale/queue: the desk's batch queue at 1k, 10k and 50k items, through the desk's handlers
// on a real data home, as the app calls them: enqueue (in calls of at most MAX_ENQUEUE links, the
// contract's cap), list (what the queue view reads), and reopen (service and desk opened again on
// the same home, then the list: what starting the app costs with that queue). The curve is per
// item: 1.00 from the smallest to the largest size means the total grows only with the items.
// Baselines in the same run, same file, same rows: raw inserts into a table without indexes (one
// transaction), and a raw SELECT of every queue row; "÷ raw" says what the desk adds on top.
import { join } from 'node:path';
import { MAX_ENQUEUE } from '#shared/contract/queue';
import { openService, sqliteLedgerOf } from '#service/open';
import { createDesk, type Desk } from '../../src-main/desk/index';
import { type Curve, medianMs, record, scratch, sizes, runScale } from '../scaleCurve';

const SIZES = sizes([1_000, 10_000, 50_000]);

/** Distinct, valid links of three platforms, and a duplicate now and then (folded into its item). */
const links = (n: number, offset: number) =>
  Array.from({ length: n }, (_, i) => {
    const k = offset + i;
    if (k % 97 === 96) return { url: `https://www.youtube.com/watch?v=${String(k - 1).padStart(11, 'x')}` };
    return { url: k % 3 === 0 ? `https://www.youtube.com/watch?v=${String(k).padStart(11, 'x')}` : k % 3 === 1 ? `https://www.tiktok.com/@user/video/7${String(k).padStart(18, '0')}` : `https://rumble.com/v${k.toString(36)}-talk.html` };
  });

async function open(home: string): Promise<{ desk: Desk; db: ReturnType<typeof sqliteLedgerOf>['db']; close: () => Promise<void> }> {
  const opened = await openService(home, {}, { ...process.env, TRANSCRIPT_DESK_UPSTREAM: 'http://127.0.0.1:9' });
  const desk = createDesk(opened, { home, defaultExportFolder: join(home, 'exports') });
  return {
    desk,
    db: sqliteLedgerOf(opened).db,
    close: async () => {
      await desk.close();
      await opened.close();
    },
  };
}

async function call<T>(run: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const result = await run;
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function measure(items: number, curve: Curve): Promise<void> {
  const { dir, remove } = scratch('queue');
  let app = await open(dir);
  const start = process.hrtime.bigint();
  for (let offset = 0; offset < items; offset += MAX_ENQUEUE) {
    await call(app.desk.call('queue.enqueue', { entries: links(Math.min(MAX_ENQUEUE, items - offset), offset) }));
  }
  const enqueueMs = Number(process.hrtime.bigint() - start) / 1e6;
  record(curve, 'enqueue, per link', enqueueMs / items);
  const listed = (await call(app.desk.call('queue.list', {}))).items.length;
  record(curve, 'list, per item', (await medianMs(() => call(app.desk.call('queue.list', {})), 7)) / listed);
  const { db } = app;
  const rawList = db.prepare('SELECT * FROM queue_items ORDER BY position');
  record(curve, 'raw SELECT of every row, per item (baseline)', (await medianMs(() => rawList.all(), 7)) / listed);
  db.exec('CREATE TABLE raw_queue (id TEXT, position INTEGER, url TEXT, platform TEXT, item_id TEXT, canonical_key TEXT, status TEXT, created_at INTEGER, updated_at INTEGER) STRICT');
  const rows = db.prepare('SELECT id, position, url, platform, item_id, canonical_key, status, created_at, updated_at FROM queue_items').raw().all() as unknown[][];
  const rawInsert = db.prepare('INSERT INTO raw_queue VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const rawStart = process.hrtime.bigint();
  db.transaction(() => {
    for (const row of rows) rawInsert.run(...row);
  })();
  record(curve, 'raw INSERT, no index, per item (baseline)', Number(process.hrtime.bigint() - rawStart) / 1e6 / listed);
  db.exec('DROP TABLE raw_queue');
  await app.close();
  const reopen = await medianMs(async () => {
    app = await open(dir);
    await call(app.desk.call('queue.list', {}));
    await app.close();
  }, 5);
  record(curve, 'reopen + list, per item', reopen / listed);
  const at = (what: string) => curve.get(what)?.at(-1) as number;
  console.log(
    `${items.toLocaleString('en')} links: ${listed.toLocaleString('en')} items; enqueue ${enqueueMs.toFixed(0)} ms (${(at('enqueue, per link') / at('raw INSERT, no index, per item (baseline)')).toFixed(1)} × raw inserts), ` +
      `list ${(at('list, per item') / at('raw SELECT of every row, per item (baseline)')).toFixed(1)} × raw select, reopen + list ${reopen.toFixed(0)} ms`,
  );
  remove();
}

void runScale('Desk queue at scale (per item; enqueue once, list median of 7, reopen median of 5)', 'links', SIZES, measure);
