// The `chapters` export: a YouTube-style chapter list, one line per chapter (`0:00 Intro`,
// `1:02:03 Questions` past an hour), which a creator pastes into a video's description. YouTube
// wants the first at 0:00 and the times ascending; stored chapters start at 0 (the model is asked
// for that, the creator's own list had to) and are written in time order here whatever the store
// holds. Titles come from a model or a page: one line each, so one cannot become two chapters.
import type { Chapter } from '../contract/insights';
import { playerClock } from './markdown';

const oneLine = (title: string) => title.replace(/\s+/g, ' ').trim();

export function writeChapterList(chapters: readonly Chapter[]): string {
  const lines = [...chapters]
    .sort((a, b) => a.start - b.start)
    .map((c) => `${playerClock(c.start * 1000)} ${oneLine(c.title)}`.trimEnd());
  return `${lines.join('\n')}\n`;
}
