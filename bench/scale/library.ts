// bench/scale/library: the desk's library search at 1k, 10k and 100k transcripts of 600 words
// from a Zipf vocabulary (one word in every transcript, one in 0.2 % of them), a page of 100 as
// the desk asks for it, the query built from typed text the way the desk builds it.
import { join } from 'node:path';
import { toFtsQuery } from '../../src-main/desk/library/search';
import { deliver } from '#service/core/deliver';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { type Curve, medianMs, record, scratch, sizes, runScale } from '../scaleCurve';

const SIZES = sizes([1_000, 10_000, 100_000]);
const WORDS = Number(process.env.BENCH_LIBRARY_WORDS ?? 600);
const SYLLABLES = ['ra', 'ko', 'mi', 'tu', 'sel', 'an', 'dor', 'vi', 'le', 'pa', 'nu', 'ge', 'ost', 'ri', 'ba', 'fen'];

// A fixed vocabulary and a seeded generator: every run and every size reads the same kind of text.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const vocabulary = Array.from({ length: 20_000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
// Zipf: rank r is drawn with weight 1/r (inverse of the cumulative weights).
const cumulative: number[] = [];
vocabulary.reduce((sum, _, r) => (cumulative[r] = sum + 1 / (r + 1)), 0);
const totalWeight = cumulative.at(-1) as number;
function zipfWord(): string {
  const target = random() * totalWeight;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo] as string;
}
const text = (i: number) => {
  const words = ['the'];
  for (let w = 1; w < WORDS; w++) words.push(zipfWord());
  if (i % 500 === 0) words.push('zephyrine');
  return words.join(' ');
};

const QUERIES: [string, string | null][] = [
  ['empty (the newest page)', ''],
  ['rare word (0.2 %)', 'zephyrine '],
  [`mid word ("${vocabulary[40]}")`, `${vocabulary[40]} `],
  ['common word ("the", in every one)', 'the '],
  ['typed "r" (a word: prefixes start at 3 letters)', 'r'],
  ['typed "ra" (a word)', 'ra'],
  [`typed prefix "${(vocabulary[300] as string).slice(0, 3)}"`, (vocabulary[300] as string).slice(0, 3)],
];

async function measure(count: number, curve: Curve): Promise<void> {
  const { dir, remove } = scratch('library');
  const store = SqliteStore.open(join(dir, 'ledger.sqlite'));
  const { ledger } = store;
  const started = Date.now();
  for (let batch = 0; batch < count; batch += 1000) {
    ledger.transaction(() => {
      for (let i = batch; i < Math.min(count, batch + 1000); i++)
        ledger.cache.put({ platform: 'longform', canonicalKey: `v${i}`, sourceUrl: `https://example.test/v${i}`, title: `Talk ${i}`, body: {}, text: text(i), segments: null });
    });
  }
  // The first search indexes what the batches marked.
  await store.library.search({ match: '"the"', platform: null, from: null, to: null, limit: 1, offset: 0 });
  console.log(`${count.toLocaleString('en')} transcripts stored and indexed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // A fresh transcript delivered (cache + charge, the one write every fetch makes) with a cache
  // limit set, so the limit's check runs as it does for a desk user with the default limit.
  await store.settings.set('cache.maxBytes', JSON.stringify(1e15));
  const account = await store.accounts.create('free');
  await store.credits.grant(account.id, 1_000_000);
  const caller = { accountId: account.id, plan: 'free' as const, keyPrefix: 'sk_live_bench' };
  const words = text(1);
  const body = { success: true, type: 'video' as const, url: 'https://example.test/fresh', transcript: [], transcript_only_text: words, language: 'English', videoId: 'fresh', captionTracks: [] };
  record(curve, 'deliver one more (cache + charge, limit set)', await medianMs(async (run) => {
    const item = { ok: true as const, platform: 'longform' as const, canonicalKey: `fresh${run + 1}`, itemId: `fresh${run + 1}`, normalizedUrl: 'https://example.test/fresh' };
    await deliver(store, caller, 'longform', item, { title: 'Fresh', body, text: words, segments: null, provenance: { kind: 'creator-captions', language: 'en' } }, (key) => key);
  }));
  for (const [what, typed] of QUERIES) {
    const match = typed === '' ? null : toFtsQuery(typed ?? '');
    record(curve, what, await medianMs(() => store.library.search({ match, platform: null, from: null, to: null, limit: 100, offset: 0 }), 9));
  }
  await store.close();
  remove();
}

void runScale('Library search at scale (page of 100, median of 9)', 'transcripts', SIZES, measure);
