// The baseline of bench/memory: the least a Node process holds while serving the same traffic.
// Plain Node (no TypeScript loader: Node 24 strips the types of this file itself, so it imports
// nothing but Node's own modules). A first request for a video makes the two upstream calls the
// service makes (the player POST, the srv3 timedtext GET, bodies read whole) and answers a REST
// answer of real length (the service's first answer, its videoId set to this one's); a repeat answers that answer at once, like a cache that costs no memory.
//   node bench/bare-transcript-server.mts <fixture url> <file holding one REST answer>
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';

const [upstream, answerFile] = process.argv.slice(2);
if (upstream === undefined || answerFile === undefined) throw new Error('usage: bare-transcript-server.mts <fixture url> <answer file>');
const answer = readFileSync(answerFile, 'utf8');
const seen = new Set<string>();

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The service's two calls for a video the Android client can read. */
async function upstreamCalls(id: string): Promise<void> {
  const player = await fetch(`${upstream}/www.youtube.com/youtubei/v1/player`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ videoId: id, context: { client: { clientName: 'ANDROID', clientVersion: '20.10.38' } } }),
  });
  const text = await player.text();
  const match = /"baseUrl":"https:\/\/(www\.youtube\.com\/api\/timedtext[^"]*&lang=en&fmt=srv3)"/.exec(text);
  if (match?.[1] === undefined) throw new Error(`no srv3 track for ${id}`);
  const captions = await fetch(`${upstream}/${match[1].replace(/\\u0026/g, '&')}`);
  if ((await captions.text()).length === 0) throw new Error(`empty captions for ${id}`);
}

const server = createServer((req, res) => {
  void (async () => {
    try {
      const body = JSON.parse(await readBody(req)) as { url: string };
      const id = new URL(body.url).searchParams.get('v') ?? '';
      const cached = seen.has(id);
      if (!cached) {
        await upstreamCalls(id);
        seen.add(id);
      }
      const out = `{"videoId":${JSON.stringify(id)},${answer.slice(1, -1)},"cached":${cached}}`;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) });
      res.end(out);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  })();
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address !== null) process.stdout.write(`listening on http://127.0.0.1:${address.port}\n`);
});
