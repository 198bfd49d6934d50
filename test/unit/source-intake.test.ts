// Pasted links that name a source open the picker; items go to the queue as before; a link on no
// known site is offered as a podcast feed.
import { describe, expect, it } from 'vitest';
import { mayBeFeed, splitSources } from '../../src-renderer/src/features/sources/sourceIntake';

const PLAYLIST = 'https://www.youtube.com/playlist?list=PLfixture00000000000000000000000001';
const VIDEO = 'https://www.youtube.com/watch?v=GJLlxj_dtq8';

describe('splitSources', () => {
  it('sends items to the queue and each source to its picker, in the pasted order', () => {
    const show = 'https://podcasts.apple.com/us/podcast/fixture-fm/id1000000001';
    const { items, sources } = splitSources([VIDEO, PLAYLIST, 'https://example.com/page', show]);
    expect(items).toEqual([VIDEO, 'https://example.com/page']);
    // Each source by its canonical URL (detectSource's, which may drop a slug).
    expect(sources.map((s) => s.kind)).toEqual(['youtube-playlist', 'apple-show']);
    expect(sources[0]?.url).toBe(PLAYLIST);
    expect(sources[1]?.url).toMatch(/^https:\/\/podcasts\.apple\.com\/us\/podcast\/(fixture-fm\/)?id1000000001$/);
  });

  it('keeps a video watched inside a playlist an item', () => {
    const inPlaylist = `${VIDEO}&list=PLfixture00000000000000000000000001`;
    expect(splitSources([inPlaylist])).toEqual({ items: [inPlaylist], sources: [] });
  });

  it('opens one picker for a source pasted twice', () => {
    expect(splitSources([PLAYLIST, PLAYLIST]).sources).toHaveLength(1);
  });

  it('keeps an Apple episode (?i=) an item', () => {
    const episode = 'https://podcasts.apple.com/us/podcast/fixture-fm/id1000000001?i=1000600000001';
    expect(splitSources([episode]).items).toEqual([episode]);
  });
});

describe('mayBeFeed', () => {
  it('offers a link on no known site', () => {
    expect(mayBeFeed('https://feeds.example.org/show.xml')).toBe(true);
  });

  it('does not offer links of known sites, sources, or what is not a link', () => {
    expect(mayBeFeed('https://www.youtube.com/watch')).toBe(false);
    expect(mayBeFeed(PLAYLIST)).toBe(false);
    expect(mayBeFeed('ftp://example.com/feed.xml')).toBe(false);
  });
});
