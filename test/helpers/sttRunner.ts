// A separate process that transcribes one file, so a test can kill it mid-job like a crash would.
// Prints `progress <done> <total>` lines, then `result <json>`.
import { openService } from '#service/open';

const [home, file, taskKey, workers] = process.argv.slice(2) as [string, string, string, string];
async function main(): Promise<void> {
  const opened = await openService(home);
  await opened.stt.settings.set('stt.engine', 'pocketsphinx');
  await opened.stt
  .transcribeMedia(
    { file },
    {
      taskKey,
      workers: Number(workers),
      onProgress: (p) => {
        if (p.stage === 'transcribing') process.stdout.write(`progress ${p.chunksDone} ${p.chunksTotal}\n`);
      },
    },
  )
  .then(async (result) => {
    process.stdout.write(`result ${JSON.stringify(result)}\n`);
    // Peak resident memory of this process (the engines run in their own processes), for bench/stt.
    process.stdout.write(`maxrss ${process.resourceUsage().maxRSS}\n`);
    await opened.close();
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    await opened.close();
    process.exitCode = 1;
  });
}

void main();
