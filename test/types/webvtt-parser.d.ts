// webvtt-parser (the W3C WebVTT validator's parser) ships no types; this is the part of its API the
// tests use. It is a dev dependency: the tests' oracle for WebVTT, never read by the app.
declare module 'webvtt-parser' {
  /** A node of a cue's text as the W3C cue-text parser reads it. */
  export interface WebVTTCueNode {
    type: 'text' | 'object' | 'timestamp';
    /** Tag name for objects: v, c, i, b, u, ruby, rt, lang. */
    name?: string;
    /** Text of a text node; a voice's annotation as written (character references not decoded). */
    value?: string;
    children?: WebVTTCueNode[];
  }
  export interface WebVTTCue {
    id: string;
    /** Seconds. */
    startTime: number;
    /** Seconds. */
    endTime: number;
    /** The cue payload as written, tags and entities included. */
    text: string;
    tree: WebVTTCueNode;
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
    /** Character references by name, `&` included, e.g. `{ '&lt;': '<' }`; its default lacks the semicolons. */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata' | 'chapters'): WebVTTParseResult;
  }
}
