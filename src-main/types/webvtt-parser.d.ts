// webvtt-parser (W3C's WebVTT validator) ships no types; this is the part of its API we use.
declare module 'webvtt-parser' {
  export interface WebVTTCue {
    id: string;
    /** Seconds. */
    startTime: number;
    /** Seconds. */
    endTime: number;
    /** The cue payload as written, tags and entities included. */
    text: string;
  }
  export interface WebVTTParseError {
    message: string;
    line: number;
    col?: number;
  }
  export interface WebVTTParseResult {
    cues: WebVTTCue[];
    errors: WebVTTParseError[];
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): WebVTTParseResult;
  }
}
