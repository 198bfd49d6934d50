// The TXT export's options by name: on their own (like exportFormats.ts) so the contract and the
// renderer's form can use them without bundling the formatter. What they do: txt.ts.

/**
 * `none`; `every`: a `[mm:ss]` mark before the first words at or past each `everySeconds` mark
 * (inside a paragraph where it falls there); `paragraph`: a mark at the start of each paragraph,
 * or of each line when paragraphs are off.
 */
export const TXT_TIMESTAMPS = ['none', 'every', 'paragraph'] as const;
export type TxtTimestamps = (typeof TXT_TIMESTAMPS)[number];

export interface TxtOptions {
  /** Paragraphs (paragraphs.ts) separated by a blank line; off: a line per caption or line of the source. */
  paragraphs: boolean;
  timestamps: TxtTimestamps;
  /** The interval of `timestamps: 'every'`, in seconds. */
  everySeconds: number;
  /** "Name: " where the speaker changes, for transcripts that name speakers. */
  speakers: boolean;
}

export const TXT_EVERY_SECONDS = { min: 5, max: 3600 } as const;

/**
 * Without options TXT is what it always was, a line per caption, so scripts reading the CLI's
 * output keep working. The desk's export dialog starts from DESK_TXT_OPTIONS: paragraphs on,
 * since someone exporting from the desk wants to read it.
 */
export const DEFAULT_TXT_OPTIONS: TxtOptions = { paragraphs: false, timestamps: 'none', everySeconds: 30, speakers: true };
export const DESK_TXT_OPTIONS: TxtOptions = { ...DEFAULT_TXT_OPTIONS, paragraphs: true };
