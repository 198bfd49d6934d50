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
}
