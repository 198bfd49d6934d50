// Apple's episode page as the fallback for episodes the lookup does not list: what is read out of
// its serialized-server-data, and which answers say "no such episode" (404) and which only "could
// not read it" (502).
import { describe, expect, it } from 'vitest';
import { readEpisodePage } from '#service/podcast/episodePage';
import { fixtureEpisodePage, PODCAST_IDS } from '../upstream/hosts/podcasts';

const OLD = {
  title: "The Lighthouse Keeper's Notebook",
  showTitle: 'Fixture FM',
  streamUrl: 'https://media.fixture.fm/episodes/ep5.mp3',
  durationSeconds: 420,
  released: Date.parse('2019-03-12T06:00:00Z'),
  artworkUrl: `https://is1-ssl.mzstatic.com/image/thumb/Podcasts/fixture/${PODCAST_IDS.show}/600x600bb.jpg`,
};

describe("Apple's episode page", () => {
  it("reads the share button's EpisodeLockup: title, show, stream URL, duration, date, artwork", () => {
    expect(readEpisodePage(200, fixtureEpisodePage(PODCAST_IDS.old))).toEqual({ kind: 'episode', episode: OLD });
  });

  it('keeps the tracking prefixes of the stream URL (the download follows the real chain)', () => {
    const reading = readEpisodePage(200, fixtureEpisodePage(PODCAST_IDS.main));
    expect(reading.kind === 'episode' && reading.episode.streamUrl).toMatch(/^https:\/\/dts\.podtrac\.com\/redirect\.mp3\/chrt\.fm\/.*\/media\.fixture\.fm\/episodes\/main\.mp3\?source=rss&aid=fixture$/);
  });

  it('reads a page Apple answers with HTTP 500 but whole data (yt-dlp #17266)', () => {
    expect(readEpisodePage(500, fixtureEpisodePage(PODCAST_IDS.old))).toEqual({ kind: 'episode', episode: OLD });
  });

  it('reads the older framing, where the script holds the list of page data itself', () => {
    const page = fixtureEpisodePage(PODCAST_IDS.old);
    const older = page.replace(/(<script[^>]*id="serialized-server-data">)\{"data":(\[.*\])\}(<\/script>)/, '$1$2$3');
    expect(older).not.toBe(page);
    expect(readEpisodePage(200, older)).toEqual({ kind: 'episode', episode: OLD });
  });

  it.each([404, 410])('HTTP %i is Apple saying the episode is not there', (status) => {
    expect(readEpisodePage(status, '<html><head><title>Page Not Found - Apple Podcasts</title></head></html>')).toEqual({ kind: 'gone', status });
  });

  it.each([
    ['a page without the data (bot wall, new layout)', 200, '<html><body>Connecting…</body></html>', /has no serialized-server-data \(HTTP 200\)/],
    ['a server error page', 500, '<html><body>Internal Server Error</body></html>', /has no serialized-server-data \(HTTP 500\)/],
    ['data that is not JSON', 200, '<script type="application/json" id="serialized-server-data">{"data":[</script>', /not JSON/],
    ['data without the EpisodeLockup', 200, '<script type="application/json" id="serialized-server-data">{"data":[{"data":{"headerButtonItems":[{"$kind":"share","modelType":"ShowLockup","model":{}}]}}]}</script>', /no EpisodeLockup/],
  ])('%s is unreadable, never "no such episode"', (_name, status, html, problem) => {
    const reading = readEpisodePage(status, html);
    expect(reading.kind).toBe('unreadable');
    expect(reading.kind === 'unreadable' && reading.problem).toMatch(problem);
  });
});
