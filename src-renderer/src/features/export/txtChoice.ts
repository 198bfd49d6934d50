// The export dialog's TXT options (paragraphs, timestamps, speaker names), remembered like the
// other export choices (exportChoice.ts) but under their own key. They start from paragraphs on:
// someone exporting TXT from the desk wants to read it (the CLI's plain TXT stays a line per caption).
import { DESK_TXT_OPTIONS, TXT_EVERY_SECONDS, TXT_TIMESTAMPS, type TxtOptions } from '#shared/format/txtOptions';

const KEY = 'transcript-desk.export-txt';

export function loadTxtChoice(): TxtOptions {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<keyof TxtOptions, unknown>>;
    const every = stored.everySeconds;
    return {
      paragraphs: typeof stored.paragraphs === 'boolean' ? stored.paragraphs : DESK_TXT_OPTIONS.paragraphs,
      timestamps: (TXT_TIMESTAMPS as readonly unknown[]).includes(stored.timestamps) ? (stored.timestamps as TxtOptions['timestamps']) : DESK_TXT_OPTIONS.timestamps,
      everySeconds: typeof every === 'number' && Number.isInteger(every) && every >= TXT_EVERY_SECONDS.min && every <= TXT_EVERY_SECONDS.max ? every : DESK_TXT_OPTIONS.everySeconds,
      speakers: typeof stored.speakers === 'boolean' ? stored.speakers : DESK_TXT_OPTIONS.speakers,
    };
  } catch {
    return DESK_TXT_OPTIONS;
  }
}

export function saveTxtChoice(options: TxtOptions): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(options));
  } catch {
    // not remembered
  }
}
