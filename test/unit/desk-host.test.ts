// What the desk does with a host that has dialogs and a keychain (the desktop app) and without one
// (serve --ui): URL-list files read by path, with every path checked; platform cookies imported
// into the keychain and sent with that platform's requests; exports asking for a folder.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostInfo } from '#shared/contract/host';
import { createDesk, type Desk, type DeskHost } from '../../src-main/desk/index';
import { openService, type OpenedService } from '#service/open';
import type { SecretStore } from '#service/secrets';
import { tempHome } from '../helpers/home';
import { listen } from '../helpers/loopback';

/** The keychain's stand-in for the desk's side (the real stores are tested in app/secrets.test.ts). */
class MemorySecrets implements SecretStore {
  readonly backend = 'keychain' as const;
  readonly problem = null;
  readonly values = new Map<string, string>();
  get = (name: string) => Promise.resolve(this.values.get(name) ?? null);
  set = (name: string, value: string) => Promise.resolve(void this.values.set(name, value));
  delete = (name: string) => Promise.resolve(void this.values.delete(name));
}

const DESKTOP: HostInfo = { kind: 'desktop', dialogs: true, signIn: true, secrets: { backend: 'keychain', problem: null } };
const YT_COOKIES = ['# Netscape HTTP Cookie File', '.youtube.com\tTRUE\t/\tTRUE\t4102444800\tSID\tyt-session', '.google.com\tTRUE\t/\tTRUE\t4102444800\tHSID\tg-session', '.bank.example\tTRUE\t/\tTRUE\t4102444800\tauth\tnot-ours', '.youtube.com\tTRUE\t/\tTRUE\t1000\tOLD\texpired'].join('\n');

let home: ReturnType<typeof tempHome>;
let opened: OpenedService;
let desk: Desk;
let secrets: MemorySecrets;
let folderAnswer: string | null;
let filesAnswer: string[] | null;
const mirrored: { platform: string; names: string[] | null }[] = [];

async function open(host: DeskHost | undefined, env: NodeJS.ProcessEnv = {}) {
  opened = await openService(home.dir, {}, env);
  desk = createDesk(opened, { home: home.dir, defaultExportFolder: join(home.dir, 'exports'), eventFlushMs: 1, ...(host === undefined ? {} : { host }) });
}

const desktopHost = (): DeskHost => ({
  info: () => DESKTOP,
  chooseUrlFiles: () => Promise.resolve(filesAnswer),
  chooseFolder: () => Promise.resolve(folderAnswer),
  signIn: () => Promise.resolve(true),
  canSignIn: (platform) => platform !== 'podcast',
  secrets,
  cookiesChanged: (platform, cookies) => Promise.resolve(void mirrored.push({ platform, names: cookies?.map((c) => c.key) ?? null })),
});

async function call(name: string, payload: unknown) {
  const result = await desk.invoke(name, payload);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code });
  return result.value as Record<string, unknown>;
}

beforeEach(() => {
  home = tempHome();
  secrets = new MemorySecrets();
  folderAnswer = null;
  filesAnswer = null;
  mirrored.length = 0;
});
afterEach(async () => {
  await desk.close();
  await opened.close();
  home.remove();
});

describe('URL-list files read by the main process', () => {
  it('queues the links of .txt and .html files and reports each file', async () => {
    await open(desktopHost());
    const lists = join(home.dir, 'lists');
    mkdirSync(lists);
    writeFileSync(join(lists, 'links.txt'), 'https://youtu.be/GJLlxj_dtq8\nnot a link\nhttps://www.youtube.com/watch?v=GJLlxj_dtq8\nhttps://www.youtube.com/watch\nhtps://example.com/typo\n');
    writeFileSync(join(lists, 'page.html'), '<p>See <a href="https://www.tiktok.com/@scout/video/7106594312292453675">this</a></p><script>var u="https://rumble.com/v1-hidden.html"</script>');
    const result = await call('queue.importFiles', { paths: [join(lists, 'links.txt'), join(lists, 'page.html')] });
    expect(result).toEqual({
      files: [
        { name: 'links.txt', links: 3, error: null },
        { name: 'page.html', links: 1, error: null },
      ],
      links: 4,
      added: 3,
      invalid: 1,
      folded: 1,
      // Not a link the queue can read, but reported instead of vanishing.
      malformed: ['htps://example.com/typo'],
    });
    const { items } = await call('queue.list', {});
    expect((items as { url: string; status: string; count: number }[]).map((i) => [i.url, i.status, i.count])).toEqual([
      ['https://youtu.be/GJLlxj_dtq8', 'queued', 2],
      ['https://www.youtube.com/watch', 'invalid', 1],
      ['https://www.tiktok.com/@scout/video/7106594312292453675', 'queued', 1],
    ]);
  });

  it('leaves the sources among the links (a playlist, a channel) to their pickers, each once, and queues the items', async () => {
    await open(desktopHost());
    const list = join(home.dir, 'sources.txt');
    writeFileSync(list, 'https://youtu.be/GJLlxj_dtq8\nhttps://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf\nhttps://m.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf&si=x\nhttps://www.youtube.com/@SomeChannel/shorts\n');
    const result = await call('queue.importFiles', { paths: [list] });
    expect(result).toMatchObject({ links: 1, added: 1, invalid: 0, sources: ['https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf', 'https://www.youtube.com/@SomeChannel/shorts'] });
    const { items } = await call('queue.list', {});
    expect((items as { url: string }[]).map((i) => i.url)).toEqual(['https://youtu.be/GJLlxj_dtq8']);
  });

  it('refuses paths that are relative, of another type, a folder, missing or leading elsewhere, and still reads the good one', async () => {
    await open(desktopHost());
    const dir = join(home.dir, 'in');
    mkdirSync(join(dir, 'folder.txt'), { recursive: true });
    writeFileSync(join(dir, 'ok.txt'), 'https://rumble.com/v4wf1f1-surface-go-review.html');
    writeFileSync(join(home.dir, 'ledger-copy.sqlite'), 'SQLite format 3');
    symlinkSync(join(home.dir, 'ledger-copy.sqlite'), join(dir, 'sneaky.txt'));
    const result = await call('queue.importFiles', { paths: ['relative.txt', join(home.dir, 'ledger.sqlite'), join(dir, 'folder.txt'), join(dir, 'gone.txt'), join(dir, 'sneaky.txt'), join(dir, 'ok.txt')] });
    expect(result.files).toEqual([
      { name: 'relative.txt', links: 0, error: 'not an absolute path' },
      { name: 'folder.txt', links: 0, error: 'not a regular file' },
      { name: 'gone.txt', links: 0, error: 'no such file' },
      { name: 'sneaky.txt', links: 0, error: 'links to a file that is not a URL list' },
      { name: 'ok.txt', links: 1, error: null },
    ]);
    expect(result.added).toBe(1);
    // A file that is no URL list is probed as audio or video, and the ledger is neither.
    expect((result.media as { files?: unknown } | undefined)?.files).toEqual([{ name: 'ledger.sqlite', jobId: null, error: expect.stringMatching(/^The file is not audio or video/) as string }]);
  });

  it("asks the host's open dialog when no paths are given; a cancel is 'cancelled'", async () => {
    await open(desktopHost());
    await expect(call('queue.importFiles', {})).rejects.toMatchObject({ code: 'cancelled' });
    writeFileSync(join(home.dir, 'picked.md'), '- [a clip](https://www.twitch.tv/scout/clip/AbcDef-123)');
    filesAnswer = [join(home.dir, 'picked.md')];
    expect(await call('queue.importFiles', {})).toMatchObject({ links: 1, added: 1 });
  });
});

describe('platform cookies', () => {
  it("keeps only the platform's live cookies, in the keychain, and sends them with its requests", async () => {
    const upstream = await listen((req, res) => res.end(req.headers.cookie ?? ''));
    await open(desktopHost(), { TRANSCRIPT_DESK_UPSTREAM: upstream.url });
    try {
      expect(await call('cookies.import', { platform: 'longform', text: YT_COOKIES })).toEqual({ imported: 2, skipped: 2 });
      expect(JSON.parse(secrets.values.get('cookies.longform') ?? '{}')).toMatchObject({ cookies: [{ key: 'SID' }, { key: 'HSID' }] });
      expect(mirrored).toEqual([{ platform: 'longform', names: ['SID', 'HSID'] }]);
      const answer = await opened.upstream.request({ url: 'https://www.youtube.com/watch?v=GJLlxj_dtq8', scope: 'longform' });
      expect(answer.text()).toBe('SID=yt-session');
      // Another platform's requests never carry them.
      expect((await opened.upstream.request({ url: 'https://www.youtube.com/', scope: 'shortform' })).text()).toBe('');
      const { platforms } = await call('cookies.list', {});
      expect((platforms as { platform: string; cookies: number; signIn: boolean }[]).find((p) => p.platform === 'longform')).toMatchObject({ cookies: 2, signIn: true });

      expect(await call('cookies.clear', { platform: 'longform' })).toEqual({ cleared: true });
      expect(secrets.values.has('cookies.longform')).toBe(false);
      expect(mirrored.at(-1)).toEqual({ platform: 'longform', names: null });
      expect((await opened.upstream.request({ url: 'https://www.youtube.com/', scope: 'longform' })).text()).toBe('');
    } finally {
      await upstream.close();
    }
  });

  it('refuses a file with no cookie for the platform, and stores nothing', async () => {
    await open(desktopHost());
    await expect(call('cookies.import', { platform: 'reels', text: YT_COOKIES })).rejects.toThrow('No Instagram cookies imported: none of its 4 cookies is a live one for instagram.com');
    await expect(call('cookies.import', { platform: 'reels', text: 'hello' })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(secrets.values.size).toBe(0);
  });
});

describe('exports in the desktop app', () => {
  it('ask for the folder when the request names none; a cancel exports nothing', async () => {
    await open(desktopHost());
    await expect(call('export.run', { scope: { kind: 'queue' }, format: 'txt' })).rejects.toMatchObject({ code: 'cancelled', message: 'No folder was chosen; nothing was exported' });
    folderAnswer = join(home.dir, 'chosen');
    expect(await call('export.run', { scope: { kind: 'queue' }, format: 'txt' })).toMatchObject({ folder: folderAnswer, files: [] });
    expect(await call('dialog.chooseFolder', {})).toEqual({ folder: folderAnswer });
  });
});

describe('the browser build (no host)', () => {
  it('says which operations need the desktop app, and keeps no cookies', async () => {
    await open(undefined);
    await expect(call('dialog.chooseFolder', {})).rejects.toMatchObject({ code: 'unavailable', message: 'The folder picker needs the desktop app' });
    await expect(call('platform.signIn', { platform: 'reels' })).rejects.toMatchObject({ code: 'unavailable' });
    await expect(call('queue.importFiles', {})).rejects.toMatchObject({ code: 'unavailable' });
    writeFileSync(join(home.dir, 'links.txt'), 'https://youtu.be/GJLlxj_dtq8');
    await expect(call('queue.importFiles', { paths: [join(home.dir, 'links.txt')] })).rejects.toMatchObject({ code: 'unavailable', message: 'Reading files by path needs the desktop app' });
    await expect(call('cookies.import', { platform: 'longform', text: YT_COOKIES })).rejects.toMatchObject({ code: 'unavailable' });
    expect(await call('settings.get', {})).toMatchObject({ host: { kind: 'browser', dialogs: false, signIn: false } });
  });
});
