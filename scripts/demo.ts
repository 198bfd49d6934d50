// npm run demo: the whole desk on a machine without internet, with DEMO DATA. Starts the fixture
// upstream (the stand-in for YouTube, TikTok, Facebook, LinkedIn and Rumble that the tests use),
// `transcript-desk serve --ui` on a temporary data home with its upstream traffic routed there,
// fills the queue with sample links, and simulates one podcast job's records so its card moves
// (podcast transcription itself lands with its own issue). Ctrl-C stops everything and deletes
// the temporary data home.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ledgerFile } from '../src-main/service/home';
import { Ledger } from '../src-main/service/ledger/index';
import { spawnTs } from '../test/helpers/cli';
import { advanceJob, finishJob, insertProcessingJob } from '../test/helpers/podcastRecords';
import { startFixtureUpstream } from '../test/upstream/server';

const ROOT = resolve(__dirname, '..');

const SAMPLE_LINKS = [
  'https://www.youtube.com/watch?v=GJLlxj_dtq8',
  'https://youtu.be/GJLlxj_dtq8',
  'https://www.youtube.com/watch?v=F1xioXWb8CY',
  'https://www.youtube.com/watch?v=longJson300',
  'https://www.tiktok.com/@traveltok/video/7350000000000000001',
  'https://vm.tiktok.com/ZMok0001/',
  'https://www.tiktok.com/@traveltok/video/7350000000000000002',
  'https://www.facebook.com/GardenClub/videos/1000000000000001/',
  'https://www.facebook.com/reel/1000000000000014',
  'https://www.linkedin.com/posts/jane-doe_hiring-founders-activity-7200000000000000001-AbCd',
  'https://rumble.com/vok0001-city-council-bridge-vote-live-coverage.html',
  'https://rumble.com/vmulti1-city-council-bridge-vote-live-coverage.html',
  'https://www.youtube.com/watch?v=deletedVid0',
  'https://www.facebook.com/GardenClub/videos/1000000000000007/',
  'https://www.linkedin.com/in/jane-doe',
  'https://example.com/not-a-video',
];

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    process.stdout.write('Building the desk UI (npm run build)…\n');
    const build = spawnSync(join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const home = mkdtempSync(join(tmpdir(), 'transcript-desk-demo-'));
  const fixture = await startFixtureUpstream();
  const server = spawnTs(join(ROOT, 'src-main/cli.ts'), ['serve', '--ui', '--port', process.env.PORT ?? '0'], { TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_UPSTREAM: fixture.url }, 'forward');
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    server.kill('SIGTERM');
    server.once('exit', () => {
      void fixture.close().then(() => {
        rmSync(home, { recursive: true, force: true });
        process.exit(0);
      });
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  let out = '';
  const link = await new Promise<string>((resolveLink, reject) => {
    server.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /desk: (http:\/\/\S+)/.exec(out);
      if (m) resolveLink(m[1] as string);
    });
    server.once('exit', (code) => reject(new Error(`serve --ui exited with ${code}`)));
  });
  const origin = new URL(link).origin;

  // Fill the queue the way the desk does: a session from the owner key, then the enqueue RPC.
  const ledger = Ledger.open(ledgerFile(home));
  const owner = ledger.accounts.findOwner();
  const signIn = await fetch(`${origin}/app/session`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ key: readFileSync(join(home, 'owner-key'), 'utf8').trim() }) });
  const cookie = /td_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')?.[0] ?? '';
  await fetch(`${origin}/app/rpc/queue.enqueue`, { method: 'POST', headers: { origin, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ entries: SAMPLE_LINKS.map((url) => ({ url })) }) });

  // A simulated podcast job: its records move one chunk every 3 s, as the podcast runner's would.
  if (owner !== undefined) {
    const job = { jobId: 'demo-job-1', accountId: owner.id, episodeKey: 'demo-episode-1', title: 'Bridges of the World, part 2: Suspension', showTitle: 'Engineering Hour (demo)', durationSeconds: 5400, chunksTotal: 30, reserved: 20 };
    insertProcessingJob(ledger, job);
    let done = 0;
    timer = setInterval(() => {
      done++;
      if (done < job.chunksTotal) return advanceJob(ledger, job.episodeKey, done);
      finishJob(ledger, job, 'Welcome to Engineering Hour. This is demo data: a simulated podcast transcript about suspension bridges and the cables that hold them.', 20);
      clearInterval(timer);
    }, 3000);
  }

  process.stdout.write(`\nTranscript Desk demo (DEMO DATA: a fixture stands in for the platforms; nothing leaves this machine)\n`);
  process.stdout.write(`data home: ${home} (deleted when you stop the demo)\n`);
  process.stdout.write(`open: ${link}\n`);
  process.stdout.write(`The queue holds ${SAMPLE_LINKS.length} sample links; press Run. Ctrl-C stops the demo.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
