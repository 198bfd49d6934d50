// Several sources in one paste: one picker at a time, in the pasted order; a source pasted again
// while its picker waits does not get a second one.
import { describe, expect, it } from 'vitest';
import { useSources } from '../../src-renderer/src/stores/sources';

const PLAYLIST = { kind: 'youtube-playlist', url: 'https://www.youtube.com/playlist?list=PLa' } as const;
const SHOW = { kind: 'apple-show', url: 'https://podcasts.apple.com/us/podcast/x/id1700000001' } as const;
const FEED = { kind: null, url: 'https://feeds.example.org/show.xml' } as const;

describe('the pickers of a paste', () => {
  it('open one after the other, in the pasted order, each source once', () => {
    const store = useSources.getState();
    store.pick([PLAYLIST, SHOW]);
    store.pick([SHOW, FEED]);
    const urls = () => useSources.getState().pending.map((p) => p.url);
    expect(urls()).toEqual([PLAYLIST.url, SHOW.url, FEED.url]);
    const first = useSources.getState().pending[0];
    store.done(first?.id ?? -1);
    expect(urls()).toEqual([SHOW.url, FEED.url]);
    for (const p of useSources.getState().pending) store.done(p.id);
    expect(urls()).toEqual([]);
    // Once its picker closed, a source pasted again opens a picker again.
    store.pick([PLAYLIST]);
    expect(urls()).toEqual([PLAYLIST.url]);
  });
});
