// Runs the fixture upstream on its own, for `npm run demo` and for poking at it by hand:
//   npx tsx test/upstream/main.ts --port 0 [--latency-ms 20]   → prints "listening on http://127.0.0.1:PORT"
// then start the service with TRANSCRIPT_DESK_UPSTREAM=<that URL>.
import { parseArgs } from 'node:util';
import { startFixtureUpstream } from './server';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' }, 'latency-ms': { type: 'string', default: '0' } } });
const port = Number(values.port);
const latencyMs = Number(values['latency-ms']);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`--port must be a port number, got ${values.port}\n`);
  process.exit(2);
}
if (!Number.isFinite(latencyMs) || latencyMs < 0) {
  process.stderr.write(`--latency-ms must be a number of milliseconds ≥ 0, got ${values['latency-ms']}\n`);
  process.exit(2);
}

startFixtureUpstream({ port, host: values.host, latencyMs }).then(
  (fixture) => {
    process.stdout.write(`listening on ${fixture.url}\n`);
    const stop = () => void fixture.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
  (error: unknown) => {
    process.stderr.write(`fixture upstream could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
