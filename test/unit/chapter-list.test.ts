// Chapters read from text nobody here controls: a video description (the creator's, by YouTube's
// rule) and a model's answer (kept inside the transcript, ascending, at segment starts).
import { describe, expect, it } from 'vitest';
import { answerChapters, chapterLine, descriptionChapters, keepLongestChapters, MAX_TITLE_CHARS, snapToSegment, timestampSeconds } from '#shared/format/chapterList';

describe('timestamps', () => {
  it('reads m:ss and h:mm:ss and refuses anything else', () => {
    expect(timestampSeconds('0:00')).toBe(0);
    expect(timestampSeconds('01:05')).toBe(65);
    expect(timestampSeconds('1:02:03')).toBe(3723);
    expect(timestampSeconds('75:10')).toBe(4510);
    for (const bad of ['1:5', '1:75', '1:60:00', '99:99:99', '', 'a:bc', '1:00:00:00']) expect(timestampSeconds(bad)).toBeNull();
  });

  it('finds the timestamp at the start or the end of a line, in the ways descriptions write it', () => {
    expect(chapterLine('0:00 Intro')).toEqual({ start: 0, title: 'Intro' });
    expect(chapterLine('- [1:20] - Setup')).toEqual({ start: 80, title: 'Setup' });
    expect(chapterLine('**2:05** Q&A')).toEqual({ start: 125, title: 'Q&A' });
    expect(chapterLine('3. 4:10 End')).toEqual({ start: 250, title: 'End' });
    expect(chapterLine('Intro - 0:00')).toEqual({ start: 0, title: 'Intro' });
    expect(chapterLine('Just prose, no time')).toBeNull();
    expect(chapterLine('0:00')).toBeNull();
  });
});

describe('the creator chapters of a description', () => {
  const good = 'My video.\n\n0:00 Intro\n1:30 The keyboard\n3:05 Verdict\n\nMusic: Fili';

  it('are the timestamped lines when they follow YouTube\'s rule', () => {
    expect(descriptionChapters(good, 316)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 90, title: 'The keyboard' },
      { start: 185, title: 'Verdict' },
    ]);
  });

  it('are none when the first is not 0:00, there are fewer than three, they go back in time, or one is shorter than 10 s', () => {
    expect(descriptionChapters('0:05 Intro\n1:30 B\n3:05 C', null)).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n1:30 B', null)).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n3:05 C\n1:30 B', null)).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n0:05 B\n3:05 C', null)).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n1:99 B\n3:05 C', null)).toEqual([]);
  });

  it('drop chapters past the end of the video, and then need three still', () => {
    expect(descriptionChapters(`${good}\n12:00 Bonus`, 316).map((c) => c.title)).toEqual(['Intro', 'The keyboard', 'Verdict']);
    expect(descriptionChapters(good, 120)).toEqual([]);
  });

  it('survive a huge description and a huge title without scanning it all or storing it all', () => {
    const huge = `0:00 ${'x'.repeat(400)}\n1:00 B\n2:00 C\n${'prose line\n'.repeat(200_000)}9:00 Too far down`;
    const started = Date.now();
    const chapters = descriptionChapters(huge, null);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(chapters).toHaveLength(3);
    expect(chapters[0]?.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(descriptionChapters(`${'1:'.repeat(100_000)}\n0:00 A`, null)).toEqual([]);
  });
});

describe("chapters from a model's answer", () => {
  const starts = [0, 2.5, 5.7, 9, 12, 15.5];

  it('keep lines inside the transcript, ascending, snapped to the segment they fall in, the first at 0', () => {
    const answer = 'Sure! Chapters:\n0:01 Opening\n0:06 Type cover\n0:03 Back in time\n0:10 Price\n0:10 Same again\n9:99 junk\n5:00 Past the end';
    expect(answerChapters(answer, starts, 17.5)).toEqual([
      { start: 0, title: 'Opening' },
      { start: 5.7, title: 'Type cover' },
      { start: 9, title: 'Price' },
    ]);
  });

  it('are empty for an answer without a usable line, or a transcript without segments', () => {
    expect(answerChapters('I cannot do that.', starts, 17.5)).toEqual([]);
    expect(answerChapters('{"chapters": []}', starts, 17.5)).toEqual([]);
    expect(answerChapters('0:00 A', [], 0)).toEqual([]);
  });

  it('moves the first chapter to 0 when the model started later', () => {
    expect(answerChapters('0:03 Late start\n0:13 Next', starts, 17.5)).toEqual([
      { start: 0, title: 'Late start' },
      { start: 12, title: 'Next' },
    ]);
  });

  it('snaps to the last segment start at or before the time', () => {
    expect(snapToSegment(0, starts)).toBe(0);
    expect(snapToSegment(5.69, starts)).toBe(2.5);
    expect(snapToSegment(5.7, starts)).toBe(5.7);
    expect(snapToSegment(100, starts)).toBe(15.5);
  });

  it('keeps the longest spans when there are too many', () => {
    const many = [0, 10, 11, 30, 31, 60].map((start, i) => ({ start, title: `C${i}` }));
    // Spans: 10, 1, 19, 1, 29, 40; the 1 s ones go first, then 11 (its span grew to 20).
    expect(keepLongestChapters(many, 100, 3).map((c) => c.start)).toEqual([0, 31, 60]);
  });
});
