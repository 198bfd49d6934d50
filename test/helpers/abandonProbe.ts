// Run as its own process by stt-file-sink.test.ts: starts writes to files and gives each file up
// the way a failed download does, while its writes are still in flight, then says how many errors
// escaped as uncaught exceptions (each would have ended a real server).
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abandonFile, keepWhatArrived } from '#service/stt/audio/fileSink';

let uncaught = 0;
process.on('uncaughtException', () => uncaught++);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'td-sink-'));
  const way = process.argv[2] === 'keep' ? keepWhatArrived : abandonFile;
  for (let i = 0; i < 60; i++) {
    const out = createWriteStream(join(dir, `f${i}`));
    out.write(Buffer.alloc(64 * 1024));
    out.write(Buffer.alloc(64 * 1024));
    // Give up at different moments of the writes (at once, mid-way, later).
    await new Promise((resolve) => setTimeout(resolve, i % 3));
    await way(out);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`uncaught ${uncaught}\n`);
}

void main();
