// The baseline of bench/rest-balance: the least a Node HTTP server can do for the same request.
import { createServer } from 'node:http';

const body = JSON.stringify({ credits: 10, plan: 'free' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address !== null) process.stdout.write(`listening on http://127.0.0.1:${address.port}\n`);
});
