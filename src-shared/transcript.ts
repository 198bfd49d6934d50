/** One word with its own timing, where the source gives it (YouTube json3 `tOffsetMs`, whisper word timestamps). */
export interface Word {
  text: string;
  startMs: number;
  endMs: number;
}

/** One timed piece of a transcript. Times are integer milliseconds from the start of the media. */
export interface Segment {
  text: string;
  startMs: number;
  endMs: number;
  /**
   * Who speaks, where the source names it (a podcast publisher's VTT voice tag `<v Name>` or JSON
   * `speaker` field); absent otherwise, never guessed.
   */
  speaker?: string;
  /** The segment's words with their times, where the source gives them; absent otherwise. */
  words?: Word[];
  /**
   * Why this speech-to-text segment may not be what was said (a loop the engine's retry did not
   * cure, a long stretch repeated word for word): the viewer flags it. Absent when nothing is suspect.
   */
  suspect?: string;
}
