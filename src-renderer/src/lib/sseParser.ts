// Server-sent events read from a fetch body (the browser build sends its session in a header,
// which EventSource cannot): the parts of the WHATWG event-stream format the desk's server uses,
// whatever way the stream is cut into chunks.

export interface SseMessage {
  event: string;
  data: string;
}

export class SseParser {
  /** The reconnection delay the server asked for (`retry:`), if it did. */
  retryMs: number | undefined;
  private buffer = '';
  private afterCr = false;
  private event = '';
  private data: string[] = [];

  /** Takes the next piece of the stream's text; returns the messages it completed. */
  push(text: string): SseMessage[] {
    if (text === '') return [];
    // A piece that ended in CR may have cut a CRLF in two: its LF is not a second line end.
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = text.endsWith('\r');
    this.buffer += text;
    const messages: SseMessage[] = [];
    for (;;) {
      const end = this.buffer.search(/[\r\n]/);
      if (end < 0) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(this.buffer.startsWith('\r\n', end) ? end + 2 : end + 1);
      const message = this.line(line);
      if (message !== undefined) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | undefined {
    if (line === '') {
      const message = this.data.length > 0 ? { event: this.event === '' ? 'message' : this.event, data: this.data.join('\n') } : undefined;
      this.event = '';
      this.data = [];
      return message;
    }
    if (line.startsWith(':')) return undefined; // a comment: the server's heartbeat
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(line.startsWith(': ', colon) ? colon + 2 : colon + 1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return undefined;
  }
}
