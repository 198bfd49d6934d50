// The browser build reads the desk's event stream with fetch, so it parses the stream itself: the
// same events must come out however the network cuts the text into pieces.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from '../../src-renderer/src/lib/sseParser';

const parseAll = (pieces: string[]): { messages: SseMessage[]; retryMs: number | undefined } => {
  const parser = new SseParser();
  const messages = pieces.flatMap((p) => parser.push(p));
  return { messages, retryMs: parser.retryMs };
};

describe('SseParser', () => {
  it("reads the server's stream: retry, heartbeats, named events, multi-line data, any line ending", () => {
    const stream = 'retry: 2000\n\n: ping\n\nevent: queue.changed\ndata: {"a":1}\n\nevent: balance\r\ndata: line one\r\ndata:line two\r\rdata: unnamed\n\nevent: ignored-without-data\n\n';
    expect(parseAll([stream])).toEqual({
      retryMs: 2000,
      messages: [
        { event: 'queue.changed', data: '{"a":1}' },
        { event: 'balance', data: 'line one\nline two' },
        { event: 'message', data: 'unnamed' },
      ],
    });
  });

  it('a message is complete only at its blank line', () => {
    const parser = new SseParser();
    expect(parser.push('event: balance\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'balance', data: '{}' }]);
  });

  it('cutting the stream anywhere changes nothing', () => {
    const line = fc.constantFrom('\n', '\r\n', '\r');
    const message = fc.record({ event: fc.constantFrom('queue.changed', 'job.progress', 'balance'), data: fc.json(), eol: line });
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), (messages, cuts) => {
        const text = messages.map((m) => `event: ${m.event}${m.eol}data: ${m.data}${m.eol}${m.eol}`).join(': ping\n\n');
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...points].map((from, i) => text.slice(from, [...points, text.length][i]));
        expect(parseAll(pieces).messages).toEqual(messages.map((m) => ({ event: m.event, data: m.data })));
      }),
      { numRuns: 300 },
    );
  });
});
