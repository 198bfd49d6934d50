// Link-like tokens the link finder cannot read are reported, not dropped in silence.
import { describe, expect, it } from 'vitest';
import { extractUrls } from '#shared/queue/extract';
import { describeMalformed, findMalformedLinks } from '#shared/queue/malformed';

const TEXT = [
  'htps://example.com/x',
  'see hxxp://youtube.com/watch?v=abc, then',
  'https://youtu.be/okAAAAAAAA1',
  'www.youtube.com/watch?v=okAAAAAAAA2',
  '(ttps://www.tiktok.com/@a/video/1).',
  'htps://example.com/x again',
].join('\n');

describe('malformed links', () => {
  it('finds the scheme typos the link finder skips, once each, and none of the links it reads', () => {
    expect(extractUrls(TEXT)).toEqual(['https://youtu.be/okAAAAAAAA1', 'www.youtube.com/watch?v=okAAAAAAAA2']);
    expect(findMalformedLinks(TEXT)).toEqual(['htps://example.com/x', 'hxxp://youtube.com/watch?v=abc', 'ttps://www.tiktok.com/@a/video/1']);
  });

  it('says how many and lists them', () => {
    expect(describeMalformed([])).toBeNull();
    expect(describeMalformed(['htps://example.com/x'])).toBe('1 token looks like a link but is not http(s), so it was skipped: htps://example.com/x');
    const seven = Array.from({ length: 7 }, (_, i) => `htps://e.com/${i}`);
    expect(describeMalformed(seven)).toBe('7 tokens look like links but are not http(s), so they were skipped: htps://e.com/0, htps://e.com/1, htps://e.com/2, htps://e.com/3, htps://e.com/4 and 2 more');
  });
});
