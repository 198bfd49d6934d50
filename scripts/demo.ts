// npm run demo: the whole desk on a machine without internet, with DEMO DATA. Starts the fixture
// upstream (the loopback stand-in for every platform that the tests use; its speech is made here by
// flite and ffmpeg), `transcript-desk serve --ui` on a temporary data home with its upstream traffic
// routed there and pocketsphinx as the speech-to-text engine, and fills the queue with sample
// links: every platform, two podcast episodes (one with the publisher's transcript, one that
// pocketsphinx transcribes in four chunks, so its card moves), and links that fail or are invalid
// with the spec's texts. Ctrl-C stops everything and deletes the temporary directories.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HTTP_SESSION_HEADER } from '#shared/contract/desk';
import { pocketsphinxProblem } from '#service/stt/engines/pocketsphinx';
import { spawnTs } from '../test/helpers/cli';
import { INSTAGRAM_SHORTCODES } from '../test/upstream/hosts/instagram';
import { KICK_IDS } from '../test/upstream/hosts/kick';
import { episodeLink, PODCAST_IDS } from '../test/upstream/hosts/podcasts';
import { TWITCH_SLUGS } from '../test/upstream/hosts/twitch';
import { X_IDS } from '../test/upstream/hosts/x';
import { prepareMedia } from '../test/upstream/media';
import { startFixtureUpstream } from '../test/upstream/server';

const ROOT = resolve(__dirname, '..');

/** Scenario ids of the fixture upstream (test/upstream/README.md): what each link ends as there. */
const SAMPLE_LINKS = [
  // YouTube: captions (×2 folded), manual + auto tracks, a transcript past one hour.
  'https://www.youtube.com/watch?v=GJLlxj_dtq8',
  'https://youtu.be/GJLlxj_dtq8',
  'https://www.youtube.com/watch?v=F1xioXWb8CY',
  'https://www.youtube.com/watch?v=longJson300',
  // TikTok: captions, a short link to the same video, a video without captions.
  'https://www.tiktok.com/@traveltok/video/7350000000000000001',
  'https://vm.tiktok.com/ZMok0001/',
  'https://www.tiktok.com/@traveltok/video/7350000000000000002',
  // Facebook, LinkedIn, Rumble: captions.
  'https://www.facebook.com/GardenClub/videos/1000000000000001/',
  'https://www.facebook.com/reel/1000000000000014',
  'https://www.linkedin.com/posts/jane-doe_hiring-founders-activity-7200000000000000001-AbCd',
  'https://rumble.com/vok0001-city-council-bridge-vote-live-coverage.html',
  'https://rumble.com/vmulti1-city-council-bridge-vote-live-coverage.html',
  // Instagram, X, Kick, Twitch: no captions there, so the audio is transcribed here (pocketsphinx).
  `https://www.instagram.com/reel/${INSTAGRAM_SHORTCODES.reel}/`,
  `https://x.com/harborfilms/status/${X_IDS.video}`,
  `https://kick.com/spreen/clips/${KICK_IDS.hls}`,
  `https://clips.twitch.tv/${TWITCH_SLUGS.withPortrait}`,
  // Apple Podcasts: the publisher's transcript from the feed, then two minutes of speech-to-text.
  episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher, 'should-you-have-a-trailer'),
  episodeLink(PODCAST_IDS.show, PODCAST_IDS.main, 'trains-kitchens-lighthouses'),
  // Failures with the spec's texts, and links that are never sent.
  'https://www.youtube.com/watch?v=deletedVid0',
  'https://www.facebook.com/GardenClub/videos/1000000000000007/',
  `https://x.com/harborfilms/status/${X_IDS.tooLongByDuration}`,
  'https://www.linkedin.com/in/jane-doe',
  'https://example.com/not-a-video',
];

/** One desk operation over the browser transport, as the page calls it; throws the desk's error text. */
async function rpc(origin: string, session: string, operation: string, input: unknown): Promise<unknown> {
  const response = await fetch(`${origin}/app/rpc/${operation}`, { method: 'POST', headers: { origin, [HTTP_SESSION_HEADER]: session, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const result = (await response.json()) as { ok: true; value: unknown } | { ok: false; error: { message: string } };
  if (!result.ok) throw new Error(`${operation}: ${result.error.message}`);
  return result.value;
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    process.stdout.write('Building the desk UI (npm run build)…\n');
    const build = spawnSync(join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const home = mkdtempSync(join(tmpdir(), 'transcript-desk-demo-'));
  const mediaDir = mkdtempSync(join(tmpdir(), 'transcript-desk-demo-media-'));
  const removeTemporary = () => {
    rmSync(home, { recursive: true, force: true });
    rmSync(mediaDir, { recursive: true, force: true });
  };

  // The clips and the episode the fixture serves, made before anyone asks for them.
  process.stdout.write('Making the sample audio and video (flite, ffmpeg)…\n');
  try {
    await prepareMedia(mediaDir);
  } catch (error) {
    process.stdout.write(`  could not: ${error instanceof Error ? error.message : String(error)}\n  (install flite and ffmpeg); the Instagram, X, Kick, Twitch and podcast samples will fail.\n`);
  }
  const sttProblem = await pocketsphinxProblem('en');
  if (sttProblem !== undefined) process.stdout.write(`Speech-to-text: ${sttProblem}; the Instagram, X, Kick, Twitch and podcast samples will fail with "Speech-to-text unavailable".\n`);

  const fixture = await startFixtureUpstream({ mediaDir });
  const server = spawnTs(join(ROOT, 'src-main/cli.ts'), ['serve', '--ui', '--port', process.env.PORT ?? '0'], { TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_UPSTREAM: fixture.url }, 'forward');
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const finish = () =>
      void fixture.close().then(() => {
        removeTemporary();
        process.exit(code);
      });
    if (server.exitCode !== null || server.signalCode !== null) return finish();
    server.once('exit', finish);
    server.kill('SIGTERM');
  };
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  server.once('exit', (code) => {
    if (stopping) return;
    process.stderr.write(`demo: the server stopped (exit code ${code}); stopping the demo\n`);
    stop(1);
  });

  try {
    const link = await new Promise<string>((resolveLink, reject) => {
      let out = '';
      let found: string | undefined;
      server.stdout.on('data', (d: Buffer) => {
        // After its desk link, the server's own log (episodes started, finished) shows here.
        if (found !== undefined) return void process.stdout.write(d);
        out += d.toString();
        found = /desk: (http:\/\/\S+)/.exec(out)?.[1];
        if (found !== undefined) resolveLink(found);
      });
      server.once('exit', () => reject(new Error('serve --ui stopped before it printed its desk link')));
    });
    const origin = new URL(link).origin;

    // Set the desk up the way its pages do: a session from the owner key, the settings, the queue.
    const signIn = await fetch(`${origin}/app/session`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ key: readFileSync(join(home, 'owner-key'), 'utf8').trim() }) });
    const session = ((await signIn.json()) as { value?: { token?: string } }).value?.token ?? '';
    // pocketsphinx needs no model download (whisper comes first in the fallback order once it has one).
    await rpc(origin, session, 'settings.update', { changes: { 'stt.engine': 'pocketsphinx' } });
    await rpc(origin, session, 'queue.enqueue', { entries: SAMPLE_LINKS.map((url) => ({ url })) });

    process.stdout.write(`\nTranscript Desk demo (DEMO DATA: a fixture stands in for the platforms; nothing leaves this machine)\n`);
    process.stdout.write(`data home: ${home} (deleted when you stop the demo)\n`);
    process.stdout.write(`open: ${link}\n`);
    process.stdout.write(`The queue holds ${SAMPLE_LINKS.length} sample links from every platform; press Run. Speech-to-text: pocketsphinx. Ctrl-C stops the demo.\n`);
  } catch (error) {
    process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
    stop(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
