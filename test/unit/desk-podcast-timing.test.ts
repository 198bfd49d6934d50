// A finished podcast episode's timed lines reach the desk: the viewer's transcript, the library's
// "timed" mark and SRT export (which once skipped episodes as "plain text only").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Segment } from '#shared/transcript';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { sqliteLedgerOf } from '#service/open';

let home: ReturnType<typeof tempHome>;
let t: TestDesk;

beforeEach(async () => {
  home = tempHome();
  // Nothing here reaches an upstream: the episode is written as the runner writes it.
  t = await openTestDesk(home.dir, 'http://127.0.0.1:9');
});
afterEach(async () => {
  await t.close();
  home.remove();
});

function finishEpisode(key: string, title: string, segments: Segment[]): void {
  const work = sqliteLedgerOf(t.opened).podcastWork;
  const facts = { key, episodeUrl: `https://podcasts.apple.com/us/podcast/x/id1?i=${key}`, title, showTitle: 'Fixture FM', artworkUrl: '', durationSeconds: 60, audioUrl: null, transcriptUrl: null, transcriptType: null };
  expect(work.start(t.opened.owner.accountId, facts, 10)).toMatchObject({ ok: true });
  work.finish(key, { transcript: segments.map((s) => s.text).join('\n'), segments, source: 'publisher', provenance: { kind: 'publisher', format: 'vtt', language: null }, durationSeconds: 60, chunksTotal: 1, chunksReused: 0, price: 10 });
}

it('an episode with timed, speaker-labelled lines: the viewer gets them, the library says timed, SRT exports with names', async () => {
  finishEpisode('ep-timed', 'Timed Talk', [
    { text: 'Hello there.', startMs: 0, endMs: 1500, speaker: 'Ana' },
    { text: 'Hi Ana.', startMs: 1500, endMs: 3000, speaker: 'Bo' },
  ]);
  const view = await t.call('transcript.get', { ref: { kind: 'episode', key: 'ep-timed' } });
  expect(view.segments).toEqual([
    { text: 'Hello there.', startMs: 0, endMs: 1500, speaker: 'Ana' },
    { text: 'Hi Ana.', startMs: 1500, endMs: 3000, speaker: 'Bo' },
  ]);
  const { entries } = await t.call('library.search', { query: '' });
  expect(entries.map((e) => [e.title, e.hasTiming])).toEqual([['Timed Talk', true]]);
  const result = await t.call('export.run', { scope: { kind: 'transcripts', refs: [{ kind: 'episode', key: 'ep-timed' }] }, format: 'srt' });
  expect(result.skipped).toEqual([]);
  expect(readFileSync(join(result.folder, 'Timed-Talk.srt'), 'utf8')).toBe('1\n00:00:00,000 --> 00:00:01,500\nAna: Hello there.\n\n2\n00:00:01,500 --> 00:00:03,000\nBo: Hi Ana.\n\n');
});

it('an episode whose publisher gave words only stays untimed, and SRT says why it skips it', async () => {
  finishEpisode('ep-plain', 'Plain Talk', []);
  expect((await t.call('transcript.get', { ref: { kind: 'episode', key: 'ep-plain' } })).segments).toBeNull();
  const result = await t.call('export.run', { scope: { kind: 'transcripts', refs: [{ kind: 'episode', key: 'ep-plain' }] }, format: 'srt' });
  expect(result.files).toEqual([]);
  expect(result.skipped[0]?.reason).toMatch(/^SRT needs timed segments/);
});
