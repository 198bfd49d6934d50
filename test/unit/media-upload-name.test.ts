// What the browser build's upload route keeps of the name a browser sends (src-main/http/mediaRoutes.ts):
// the name as the person knows it for the card, and for the stored copy only a plain extension.
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_NAME, safeExtension, tooLargeMessage, uploadName } from '../../src-main/http/mediaRoutes';

describe('an upload\'s name', () => {
  it('keeps the file name alone, without path parts, control characters or surrounding spaces', () => {
    expect(uploadName('interview.mp3')).toBe('interview.mp3');
    expect(uploadName('C:\\Users\\me\\Talk 2024.MP4')).toBe('Talk 2024.MP4');
    expect(uploadName('../../etc/passwd')).toBe('passwd');
    expect(uploadName('  bad\u0000na\u001bme\n.wav ')).toBe('badname.wav');
    expect(uploadName('Été à Zürich – entretien.m4a')).toBe('Été à Zürich – entretien.m4a');
  });

  it('refuses what leaves nothing usable', () => {
    for (const raw of [undefined, 5, ['a.wav'], '', '   ', '/', 'a/', '..', '...', 'C:\\']) expect(uploadName(raw), JSON.stringify(raw)).toBeUndefined();
  });

  it('shortens a long name to the limit, keeping its extension', () => {
    const long = `${'x'.repeat(400)}.flac`;
    const kept = uploadName(long) ?? '';
    expect(kept).toHaveLength(MAX_UPLOAD_NAME);
    expect(kept.endsWith('xx.flac')).toBe(true);
  });

  it('gives the stored copy a plain extension only', () => {
    expect(safeExtension('a.MP3')).toBe('.mp3');
    expect(safeExtension('a.tar.webm')).toBe('.webm');
    for (const name of ['noext', 'a.', 'a.m p3', 'a.mp3;rm', `a.${'x'.repeat(11)}`, '.hidden']) expect(safeExtension(name), name).toBe('');
  });
});

describe('the refusal past the limit', () => {
  it('says the limit in MB and what to do instead', () => {
    expect(tooLargeMessage(2 * 1024 ** 3)).toMatch(/^This file is larger than the 2147 MB this server takes as an upload\. Open it in the desktop app instead, or transcribe it .*`transcript-desk transcribe FILE`/);
    expect(tooLargeMessage(500_000)).toContain('0.5 MB');
  });
});
