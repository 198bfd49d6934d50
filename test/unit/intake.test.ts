// Links out of dropped text, and their classification before anything is sent.
import { describe, expect, it } from 'vitest';
import { droppableExtension, extractUrls } from '#shared/queue/extract';
import { classifyUrl, identityOf } from '#shared/queue/intake';

describe('extractUrls', () => {
  it('finds links in lists, CSV cells, Markdown and prose, with or without https://', () => {
    const text = [
      'url,note',
      '"https://www.youtube.com/watch?v=GJLlxj_dtq8",first',
      '- [clip](https://clips.twitch.tv/AwkwardHelplessSalamanderSwiftRage)',
      'see youtu.be/GJLlxj_dtq8, and www.tiktok.com/@traveltok/video/7350000000000000001.',
      'mail me at someone@example.com or ftp://files.example.com/x',
    ].join('\n');
    expect(extractUrls(text)).toEqual([
      'https://www.youtube.com/watch?v=GJLlxj_dtq8',
      'https://clips.twitch.tv/AwkwardHelplessSalamanderSwiftRage',
      'youtu.be/GJLlxj_dtq8',
      'www.tiktok.com/@traveltok/video/7350000000000000001',
    ]);
  });

  it('reads the file types the drop zone accepts', () => {
    expect(['a.TXT', 'b.csv', 'c.md', 'd.html', 'e.htm', 'f.pdf', 'noext'].map(droppableExtension)).toEqual(['txt', 'csv', 'md', 'html', 'htm', undefined, undefined]);
  });
});

describe('classifyUrl', () => {
  it('gives the platform and item, or the spec text and the reason', () => {
    expect(classifyUrl(' youtu.be/GJLlxj_dtq8 ')).toMatchObject({ status: 'queued', platform: 'longform', itemId: 'GJLlxj_dtq8', canonicalKey: 'GJLlxj_dtq8', url: 'youtu.be/GJLlxj_dtq8' });
    expect(classifyUrl('https://www.youtube.com/watch')).toMatchObject({ status: 'invalid', platform: 'longform', error: 'Invalid URL' });
    expect(classifyUrl('https://kick.com/somechannel')).toMatchObject({ status: 'invalid', platform: 'clips_a', error: 'Invalid URL. Please provide a valid Kick clip URL.' });
    expect(classifyUrl('https://example.com/')).toMatchObject({ status: 'invalid', platform: null, message: 'Not a link to a supported platform' });
  });

  it('gives two forms of one video the same identity', () => {
    expect(identityOf(classifyUrl('https://youtu.be/GJLlxj_dtq8'))).toBe(identityOf(classifyUrl('https://www.youtube.com/shorts/GJLlxj_dtq8')));
    expect(identityOf(classifyUrl('nope'))).not.toBe(identityOf(classifyUrl('nope2')));
  });
});
