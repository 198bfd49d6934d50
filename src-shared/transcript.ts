/** One timed piece of a transcript. Times are integer milliseconds from the start of the media. */
export interface Segment {
  text: string;
  startMs: number;
  endMs: number;
}
