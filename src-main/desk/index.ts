// The desk: ONE handler table for every app operation of the contract, built on the opened
// service. Transports (src-main/ipc for Electron, src-main/http/appRoutes.ts for the browser build)
// pass raw payloads to `invoke`; main-process callers (the taskbar, the command line's files) use
// the typed `call`. Both parse the input with the operation's zod schema, once, and answer
// `{ ok, value } | { ok: false, error }`. Plain Node: this folder never imports electron, and it
// never imports a transport (src-main/http, src-main/ipc): they import it.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventPayload } from '#shared/contract/events';
import type { MediaIntake } from '#shared/contract/media';
import { droppableExtension } from '#shared/queue/extract';
import { isOperationName, OPERATIONS, type OperationInput, type OperationName, type OperationOutput, type ParsedInput } from '#shared/contract/operations';
import { DeskError, isDeskError, type DeskResult } from '#shared/contract/result';
import { Settings } from '#service/settings';
import { MAX_ENQUEUE, type QueueItem } from '#shared/contract/queue';
import { estimateBatch } from './queue/estimate';
import { addOwnerCredits, createKey, listKeys, readBalance, revokeKey } from './account';
import { ArtworkCache } from './artwork';
import { systemClock } from './clock';
import { PlatformCookieStore } from './cookies';
import type { DeskDeps, DeskOptions } from './deps';
import { DeskEvents } from './events';
import { prepareDownload, type ExportDownload } from './export/download';
import { exportTranscripts } from './export/exporter';
import { AudioTranscriptions } from './queue/transcribeAudio';
import { libraryEntry, searchLibrary } from './library/search';
import { ModelDownloads } from './models';
import { FALLBACK_JOB_POLL_MS, JobWatcher, listJobs } from './podcast/jobs';
import { RemoteJobWatcher } from './podcast/remoteJobs';
import { DeskClients, testTeamServer } from './teamServer';
import { DeskQueue } from './queue/index';
import { importUrlFiles } from './queue/importFiles';
import { intakePaths, type NewJobContext } from './media/intake';
import { MediaLinks } from './media/links';
import { MediaRunner } from './media/runner';
import { uploadedFilesOf } from './media/uploads';
import { browserHost, exportFolderOf, settingsView, updateSettings, type SettingsContext } from './settingsView';
import { readTranscript } from './transcripts';
import { switchTrack } from './captionTrack';
import { changeUpstreamProfile, upstreamProfileView } from './upstreamProfile';
import { welcomeView } from './welcome';
import { expandForDesk } from './sources/expand';
import { FollowEngine } from './follows/engine';
import { forgetVersions, versionKeysOfRows } from './versions/index';
import { versionHandlers } from './versions/handlers';
import type { InsightsContext } from './insights/index';
import { insightHandlers } from './insights/handlers';
import { forgetInsights } from './insights/stored';
import { followHandlers } from './follows/handlers';
import { mediaHandlers } from './media/handlers';
import type { Handlers } from './handlers';

export type { CliLaunch, DeskDeps, DeskHost, DeskOptions, PodcastJobControl, RestApiControl } from './deps';


export interface Desk {
  /**
   * For transports: `name` and `payload` as they arrived (an unknown name answers `not_found`).
   * Parses `payload` with the operation's schema and runs it; never throws.
   */
  invoke(name: string, payload: unknown): Promise<DeskResult<unknown>>;
  /**
   * For main-process callers: `invoke` with the contract's types. Like `invoke` it answers a
   * result and never throws, so a refusal cannot escape as an unhandled rejection in the shell
   * (the taskbar, a second launch's files); the caller looks at `ok`.
   */
  call<N extends OperationName>(name: N, input: OperationInput<N>): Promise<DeskResult<OperationOutput<N>>>;
  readonly events: DeskEvents;
  /**
   * The browser build's upload of a media file, already written whole to `path` under
   * `uploadsDir` by the route, named `name` by the person: a media job, or the refusal (and the
   * copy deleted).
   */
  addUpload(path: string, name: string): Promise<MediaIntake>;
  /** The file a player link's token names (media/links.ts), for the hosts' media routes. */
  mediaFile(token: string): { path: string; contentType: string } | undefined;
  /** Where the browser build's uploads are written: `<home>/uploads`. */
  readonly uploadsDir: string;
  /** The browser build's export as a download (export/download.ts); never throws. */
  download(payload: unknown): Promise<DeskResult<ExportDownload>>;
  close(): Promise<void>;
}

/** A removal's answer: how many, and the rows as they were (Undo sends them back; a big clear stays one message). */
const removedAnswer = (items: QueueItem[]) => ({ removed: items.length, items });

export function createDesk(deps: DeskDeps, options: DeskOptions): Desk {
  const events = new DeskEvents();
  const background = options.backgroundWork ?? true;
  const settings = deps.settings ?? new Settings(deps.store);
  const host = options.host;
  const settingsCtx: SettingsContext = { settings, home: options.home, defaultExportFolder: options.defaultExportFolder, restApi: options.restApi, host: host === undefined ? browserHost : () => host.info(), cache: deps.store.cache, cli: options.cli };
  const cookies = new PlatformCookieStore(deps.upstream.cookies, host?.secrets, {
    ...(host?.cookiesChanged === undefined ? {} : { changed: (platform, list) => host.cookiesChanged?.(platform, list) ?? Promise.resolve() }),
    ...(host?.canSignIn === undefined ? {} : { canSignIn: (platform) => host.canSignIn?.(platform) ?? false }),
  });
  const exportedFolders = new Set<string>();
  const exportDefaults = async () => ({
    maxLineLength: await settings.get('desk.export.maxLineLength'),
    namePattern: await settings.get('desk.export.namePattern'),
    folderPerSource: await settings.get('desk.export.folderPerSource'),
  });
  const unavailable = (what: string) => new DeskError('unavailable', `${what} needs the desktop app`);
  const emitBalance = (credits: number, plan: string) => events.emitSoon('balance', { credits, plan });
  // This machine's service, or the team server of Settings ▸ Team server, read at each use.
  const clients = new DeskClients(deps, settings);
  const client = () => clients.current();
  const queue = new DeskQueue({
    deps,
    events,
    clock: options.clock ?? systemClock,
    flushMs: options.eventFlushMs ?? 50,
    concurrency: () => settings.get('desk.queue.concurrency'),
    onBalance: (credits, plan) => {
      emitBalance(credits, plan);
      events.emitSoon('library.changed', {});
    },
    onSubmitted: () => {
      void watcher.poll();
      void remoteJobs.poll();
    },
    client,
    resumeRunning: background,
    ownRowsOnly: !background,
  });
  const audio = new AudioTranscriptions(
    deps,
    queue.feed,
    (credits, plan) => {
      emitBalance(credits, plan);
      events.emitSoon('library.changed', {});
    },
    client,
  );
  const watcher = new JobWatcher({ deps, events, pollMs: options.jobPollMs ?? (deps.podcast.watch === undefined ? 1000 : FALLBACK_JOB_POLL_MS), onItemsChanged: (ids) => void queue.publish(ids) });
  watcher.start();
  const remoteJobs = new RemoteJobWatcher({ deps, events, client, onItemsChanged: (ids) => void queue.publish(ids), onBalance: emitBalance });
  remoteJobs.start();
  const clock = options.clock ?? systemClock;
  const links = new MediaLinks();
  const media = new MediaRunner({
    store: deps.store,
    stt: deps.stt,
    clock,
    onChanged: (jobs) => events.emit('media.changed', { upserted: jobs, removed: [] }),
    onRemoved: (ids) => events.emit('media.changed', { upserted: [], removed: ids }),
    onLibraryChanged: () => events.emitSoon('library.changed', {}),
    resume: background,
  });
  /** What a new job's card says before it starts: where the audio goes when the engine is a remote endpoint. */
  const intakeContext = async (): Promise<NewJobContext> => {
    const now = clock.now();
    const engine = await deps.stt.openEngine().catch(() => undefined);
    if (engine === undefined) return { engine: null, sendsTo: null, now };
    await engine.close();
    return { engine: engine.id, sendsTo: engine.sendsTo, now };
  };
  const uploadsDir = join(options.home, 'uploads');
  const models = new ModelDownloads(deps.upstream, options.home, settings, events);
  const artwork = new ArtworkCache(deps.upstream);
  // Follows check on their schedule in the hosts that keep a desk running (the desktop app, `serve`);
  // `transcript-desk mcp` turns it off (DeskOptions.backgroundWork says why).
  const follows = new FollowEngine({
    store: deps.store,
    sources: { upstream: deps.upstream, store: deps.store, profile: deps.profile },
    settings,
    clock,
    queue: {
      enqueue: async (url) => {
        const [row] = (await queue.enqueue([{ url }])).items;
        if (row === undefined) throw new Error(`The queue took no row for ${url}`);
        return row;
      },
      // A follow's rows run as soon as they are queued; a queue the person paused stays paused.
      // Run starts every queued row, so a follow starts it only when every row waiting is a
      // follow's: rows the person queued and has not run yet are theirs to start (and pay for).
      // Then the follow's rows wait beside them and go with the person's Run.
      run: async () => {
        const phase = queue.runner.state().phase;
        if (phase === 'paused') return;
        if (phase === 'idle') {
          for (const row of await deps.store.queue.nextQueued(MAX_ENQUEUE)) if ((await deps.store.follows.byQueueItem(row.id)).length === 0) return;
        }
        await queue.runner.run();
      },
      get: (id) => deps.store.queue.get(id),
    },
    events: {
      changed: (upserted, removed) => events.emit('follows.changed', { upserted, removed }),
      landed: (notice) => events.emit('follows.landed', notice),
    },
    schedule: background,
  });
  events.subscribe((event, payload) => {
    if (event === 'queue.changed') follows.queueChanged((payload as EventPayload<'queue.changed'>).upserted);
  });
  follows.start();
  // The desktop app's REST API follows its settings from the start.
  void Promise.all([settings.get('desk.api.enabled'), settings.get('desk.api.port')]).then(([enabled, port]) => options.restApi?.apply(enabled, port));

  const insights: InsightsContext = { deps, settings };

  const handlers: Handlers = {
    'queue.enqueue': (input) => queue.enqueue(input.entries),
    'queue.list': () => queue.list(),
    'queue.run': () => queue.runner.run(),
    'queue.pause': () => queue.runner.pause(),
    'queue.estimate': async () => {
      const queued = await deps.store.queue.nextQueued(MAX_ENQUEUE);
      // Which of them the cache already has, read before the estimate (which is plain arithmetic).
      const cached = new Set<string>();
      for (const item of queued) if (item.platform !== null && item.platform !== 'podcast' && (await deps.service.cachedTranscript(item.platform, item.url)) !== undefined) cached.add(`${item.platform} ${item.url}`);
      const current = await client();
      // With a team server the batch is paid from the team key: its balance, when it answers.
      const balance = current.server === null ? await deps.store.credits.balance(deps.owner.accountId) : await readBalance(current).then((b) => b.credits, () => 0);
      return { ...estimateBatch(queued, (platform, url) => cached.has(`${platform} ${url}`)), balance };
    },
    'queue.resume': () => queue.runner.run(),
    'queue.retry': (input) => queue.retry(input.ids),
    'queue.remove': async (input) => removedAnswer(await queue.remove(input.ids)),
    'queue.restore': async (input) => ({ restored: await queue.restore(input.items) }),
    'queue.clear': async (input) => removedAnswer(await queue.clear(input.which)),
    'queue.transcribeAudio': async (input) => {
      await audio.start(input.id);
      return { started: true };
    },
    'queue.importFiles': async (input) => {
      // A browser (serve --ui, possibly another machine) reads its files itself; paths on this machine are the desktop app's.
      if (host === undefined) throw unavailable('Reading files by path');
      let paths = input.paths;
      if (paths === undefined) {
        if (host.chooseUrlFiles === undefined) throw unavailable('Choosing files in a system dialog');
        const chosen = await host.chooseUrlFiles();
        if (chosen === null || chosen.length === 0) throw new DeskError('cancelled', 'No file was chosen');
        paths = chosen;
      }
      // URL lists (by their type) give links; every other path is probed as media, or counted as a folder.
      const lists = paths.filter((path) => droppableExtension(path) !== undefined);
      const others = paths.filter((path) => droppableExtension(path) === undefined);
      const imported = lists.length > 0 ? await importUrlFiles(queue, lists) : { files: [], links: 0, added: 0, invalid: 0, folded: 0, malformed: [] };
      if (others.length === 0) return imported;
      return { ...imported, media: await intakePaths(deps.stt, others, await intakeContext(), (jobs) => media.add(jobs)) };
    },
    ...mediaHandlers({ stt: deps.stt, media, intakeContext, readsPaths: host !== undefined }),
    'sources.expand': (input) => expandForDesk(deps, input),
    ...followHandlers(follows),
    'podcast.list': async () => ({ jobs: [...remoteJobs.list(), ...(await listJobs(deps))] }),
    'podcast.cancel': async (input) => {
      // The spec's REST API has no cancel: a team server's job runs to its end there.
      if (remoteJobs.list().some((job) => job.jobId === input.jobId)) throw new DeskError('unavailable', 'A team server’s job cannot be cancelled from here: its REST API has no cancel (the job ends on the server, done or failed)');
      const cancelled = await deps.podcast.cancel(deps.owner.accountId, input.jobId);
      await watcher.poll();
      return { cancelled };
    },
    'podcast.artwork': async (input) => ({ dataUrl: await artwork.get(input.url) }),
    'transcript.get': (input) => readTranscript(deps, input.ref, (path, video) => links.srcFor(path, video)),
    ...versionHandlers(deps),
    ...insightHandlers(insights),
    'transcript.switchTrack': async (input) => {
      const { answer, plan } = await switchTrack(deps, await client(), input, (path, video) => links.srcFor(path, video));
      emitBalance(answer.credits, plan);
      if (answer.charged > 0) events.emitSoon('library.changed', {});
      return answer;
    },
    'export.run': async (input) => {
      let folder = await exportFolderOf(settingsCtx);
      // The desktop app asks where to export when the request names no folder.
      if (input.folder === undefined && host?.chooseFolder !== undefined) {
        const chosen = await host.chooseFolder({ title: 'Export transcripts to', defaultPath: folder });
        if (chosen === null) throw new DeskError('cancelled', 'No folder was chosen; nothing was exported');
        folder = chosen;
      }
      const result = await exportTranscripts(deps, input, { folder, ...(await exportDefaults()) });
      exportedFolders.add(result.folder);
      return result;
    },
    'export.openFolder': async (input) => {
      if (host?.openFolder === undefined) throw unavailable('Opening a folder');
      // Only where an export of this session wrote: the renderer cannot have any path opened.
      if (!exportedFolders.has(input.folder)) throw new DeskError('refused', `No export of this session wrote into ${input.folder}`);
      const problem = await host.openFolder(input.folder);
      if (problem !== '') throw new DeskError('unavailable', `The folder ${input.folder} could not be opened: ${problem}`);
      return {};
    },
    'library.search': (input) => searchLibrary(deps, input),
    'library.get': (input) => libraryEntry(deps, input.id),
    'library.delete': async (input) => {
      // The browser build's copies of uploaded files go with their transcripts (the person's own files never do).
      const uploads = await uploadedFilesOf(deps.store, input.ids, uploadsDir);
      // A deleted transcript's edits go with it: a later fetch of the item starts from its original again.
      const versionKeys = await versionKeysOfRows(deps, input.ids);
      const deleted = await deps.store.library.delete(input.ids);
      await forgetVersions(deps, versionKeys);
      await forgetInsights(deps, versionKeys);
      for (const file of uploads) await rm(file, { force: true });
      events.emit('library.changed', {});
      return { deleted };
    },
    'balance.get': async () => {
      const balance = await readBalance(await client());
      emitBalance(balance.credits, balance.plan);
      return balance;
    },
    'welcome.get': () => welcomeView(settings, options.home),
    'credits.add': async (input) => {
      const balance = await addOwnerCredits(deps, input.credits);
      emitBalance(balance.credits, balance.plan);
      return balance;
    },
    'keys.list': async () => ({ keys: await listKeys(deps) }),
    'keys.create': (input) => createKey(deps, input),
    'keys.revoke': (input) => revokeKey(deps, input.prefix),
    'settings.get': () => settingsView(settingsCtx),
    'teamServer.test': (input) => testTeamServer(settings, input),
    'settings.update': async (input) => {
      const changed = await updateSettings(settingsCtx, input);
      if (changed.includes('desk.queue.concurrency')) {
        await queue.runner.refreshConcurrency();
        queue.feed.state(queue.runner.state());
        void queue.runner.pump();
      }
      if (changed.some((key) => key.startsWith('desk.api.'))) await options.restApi?.apply(await settings.get('desk.api.enabled'), await settings.get('desk.api.port'));
      // Another service now: the header shows its balance (or keeps the old one if it does not answer), and its jobs are polled.
      if (changed.some((key) => key.startsWith('team.'))) {
        void readBalance(await client()).then(
          (balance) => emitBalance(balance.credits, balance.plan),
          () => undefined,
        );
        void remoteJobs.poll();
      }
      return settingsView(settingsCtx);
    },
    'upstream.get': () => upstreamProfileView(deps.profile),
    'upstream.set': (input) => changeUpstreamProfile(deps.profile, (profile) => profile.set(input.key, input.value)),
    'upstream.reset': (input) => changeUpstreamProfile(deps.profile, (profile) => profile.reset(input.key)),
    'cookies.list': async () => ({ platforms: await cookies.list() }),
    'cookies.import': (input) => cookies.import(input.platform, input.text),
    'cookies.clear': async (input) => ({ cleared: await cookies.clear(input.platform) }),
    'platform.signIn': async (input) => {
      if (host?.signIn === undefined) throw unavailable('Signing in to a platform');
      return { opened: await host.signIn(input.platform) };
    },
    'dialog.chooseFolder': async (input) => {
      if (host?.chooseFolder === undefined) throw unavailable('The folder picker');
      return { folder: await host.chooseFolder({ title: input.title ?? 'Choose a folder', defaultPath: input.defaultPath ?? (await exportFolderOf(settingsCtx)) }) };
    },
    'models.list': () => models.list(),
    'models.download': (input) => ({ started: models.start(input.name) }),
    'models.cancel': (input) => ({ cancelled: models.cancel(input.name) }),
  };

  /** The one way into the handler table: parse once, run, turn a DeskError or a bug into `{ ok: false }`. */
  async function run<N extends OperationName>(operation: N, payload: unknown): Promise<DeskResult<OperationOutput<N>>> {
    const parsed = OPERATIONS[operation].input.safeParse(payload ?? {});
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
      return { ok: false, error: { code: 'invalid_input', message: `${operation}: ${detail}` } };
    }
    try {
      // The mapped type ties each name to its handler; indexing with a generic name loses that link.
      const handler = handlers[operation] as (input: ParsedInput<N>) => OperationOutput<N> | Promise<OperationOutput<N>>;
      return { ok: true, value: await handler(parsed.data as ParsedInput<N>) };
    } catch (error) {
      if (isDeskError(error)) return { ok: false, error: { code: error.code, message: error.message } };
      // A bug: the user gets a sentence, the log gets the stack.
      console.error(`transcript-desk: ${operation} failed:`, error);
      return { ok: false, error: { code: 'internal', message: `${operation} failed: ${error instanceof Error ? error.message : String(error)}` } };
    }
  }

  return {
    events,
    uploadsDir,
    async addUpload(path, name) {
      const intake = await intakePaths(deps.stt, [path], await intakeContext(), (jobs) => media.add(jobs), { name });
      if (intake.files.some((file) => file.jobId === null)) await rm(path, { force: true });
      return intake;
    },
    mediaFile: (token) => links.resolve(token),
    download: async (payload) => {
      const { maxLineLength, ...naming } = await exportDefaults();
      return prepareDownload(deps, payload, maxLineLength, naming);
    },
    invoke(name, payload) {
      if (!isOperationName(name)) return Promise.resolve({ ok: false, error: { code: 'not_found', message: `No operation named ${name}` } });
      return run(name, payload);
    },
    call: (name, input) => run(name, input),
    async close() {
      // First: a check still running would queue into a queue that is closing.
      await follows.close();
      watcher.stop();
      remoteJobs.stop();
      audio.close();
      await media.close();
      queue.close();
      events.flush();
      models.close();
      await options.restApi?.close();
    },
  };
}
