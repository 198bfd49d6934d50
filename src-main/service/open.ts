import { ensureOwner, fileOwnerKeyStore, ledgerFile, prepareHome, type OwnerBootstrap, type OwnerKeyStore } from './home';
import type { Ledger } from './ledger/index';
import { SqliteStore } from './ledger/sqliteStore';
import { buildFetchers } from './platforms/index';
import { PodcastJobs, type PodcastJobsControl } from './podcast/index';
import { openBoss } from './cluster/boss';
import { QueuedPodcastJobs } from './cluster/queuedPodcast';
import { QueuedSpeechToText } from './cluster/queuedSpeech';
import { ClusterWorker, type WorkerOptions } from './cluster/worker';
import { PgStore } from './postgres/pgStore';
import { TranscriptService, type ServiceOptions } from './service';
import type { Store } from './store/port';
import { Settings, type SecretSettings } from './settings';
import { SpeechToText } from './stt/index';
import { browserGradeTransport } from './upstream/browserGrade';
import { UpstreamClient } from './upstream/client';
import { impitTransport } from './upstream/impitTransport';
import { profileFile, UpstreamProfile } from './upstream/profile';
import { parseOverrideOrigin, parseTimeoutMs } from './upstream/routing';
import { undiciTransport, type Transport } from './upstream/transport';

export interface OpenedService {
  service: TranscriptService;
  /** Everything the service keeps (service/store/port.ts); SQLite in the data home. */
  store: Store;
  upstream: UpstreamClient;
  /** The rotating upstream values of this home (`<home>/upstream-profile.json` over the compiled defaults). */
  profile: UpstreamProfile;
  /** Settings as this host reads them (secret ones from the keychain in the desktop app). */
  settings: Settings;
  /** Speech-to-text for the CLI, the podcast runner and the fetchers without captions. */
  stt: SpeechToText;
  /** Podcast jobs: `resume()` at start in long-running hosts, `cancel()` from the desk, `close()` before `close()`. */
  podcast: PodcastJobsControl;
  owner: OwnerBootstrap;
  /** Stops podcast work and the upstream client, then closes the store (after an open transaction ends). */
  close(): Promise<void>;
  /** The stop's last resort when close() hangs: closes the store now, whatever is open. */
  closeNow(): void;
}

/** What a host changes about the service: the desktop app passes its keychain and Chromium's network stack. */
export interface ServiceHost {
  /** Where the owner's key is kept; the 0600 file `<home>/owner-key` by default. */
  ownerKey?: OwnerKeyStore;
  /** Where secret settings are kept; ledger rows by default. */
  secretSettings?: SecretSettings;
  /**
   * The wire under the upstream client. By default (serve, the CLI) a browser's handshake (impit)
   * for the platform hosts that fingerprint, undici for everything else (upstream/browserGrade.ts).
   */
  transport?: Transport;
  /**
   * A team server's PostgreSQL (`postgres://…`): the store is shared with every node, podcast
   * episodes and clips' speech-to-text go to the workers' queues (service/cluster). Absent: the
   * data home's SQLite file and this process's own runner, the desktop default.
   */
  database?: string;
}

/**
 * The SQLite ledger under an opened service: for tests' fixtures and file-level tools, never for
 * the service's own work (which goes through `store`).
 */
export function sqliteLedgerOf(opened: { store: Store }): Ledger {
  if (!(opened.store instanceof SqliteStore)) throw new Error('This service was not opened on a SQLite store');
  return opened.store.ledger;
}

/**
 * The composition root of the service: opens the store (the data home's SQLite file, or a team
 * server's PostgreSQL: the one place that builds either), makes sure the owner exists, and builds
 * the upstream client and the service on them.
 */
export async function openService(home: string, options: Omit<ServiceOptions, 'store'> = {}, env: NodeJS.ProcessEnv = process.env, host: ServiceHost = {}): Promise<OpenedService> {
  // The home is private before the ledger is created in it (F8); a damaged ledger is refused here (F10).
  prepareHome(home);
  const store = host.database === undefined ? SqliteStore.open(ledgerFile(home)) : await PgStore.open(host.database);
  let closeQueue = () => Promise.resolve();
  try {
    const owner = await ensureOwner(store, home, host.ownerKey ?? fileOwnerKeyStore(home));
    const upstream = openUpstream(env, host);
    const profile = new UpstreamProfile(profileFile(home));
    // The cache limit (`cache.maxBytes`) is read by the store itself at every eviction check.
    const settings = new Settings(store, host.secretSettings);
    let stt: SpeechToText;
    let podcast: PodcastJobsControl;
    if (store instanceof PgStore) {
      const boss = await openBoss(host.database as string, { role: 'api' });
      closeQueue = () => boss.stop({ graceful: false, close: true });
      stt = new QueuedSpeechToText({ store, upstream, home, settings }, boss);
      podcast = new QueuedPodcastJobs(store, boss, upstream);
    } else {
      stt = new SpeechToText({ store, upstream, home, settings });
      podcast = new PodcastJobs({ store, stt, upstream, home });
    }
    const service = new TranscriptService({ podcast: podcast.submitter, stt, ...options, fetchers: { ...buildFetchers({ upstream, stt, profile }), ...options.fetchers }, store });
    const opened: OpenedService = {
      service,
      store,
      upstream,
      profile,
      settings,
      stt,
      podcast,
      owner,
      close: async () => {
        // Stops podcast work without failing it; await podcast.close() first to let it wind down.
        void podcast.close();
        void upstream.close();
        await closeQueue().catch(() => undefined);
        return store.close();
      },
      closeNow: () => {
        if (store instanceof SqliteStore) store.closeNow();
        else void store.close();
      },
    };
    return opened;
  } catch (error) {
    await closeQueue().catch(() => undefined);
    if (store instanceof SqliteStore) store.closeNow();
    else await store.close();
    throw error;
  }
}

/** The upstream client of a host: a browser's handshake (impit) for the platforms that fingerprint, undici for the rest. */
export function openUpstream(env: NodeJS.ProcessEnv, host: Pick<ServiceHost, 'transport'> = {}): UpstreamClient {
  return new UpstreamClient({
    override: parseOverrideOrigin(env.TRANSCRIPT_DESK_UPSTREAM),
    timeoutMs: parseTimeoutMs(env.TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS),
    transport: host.transport ?? browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }),
  });
}

export interface OpenedWorker {
  worker: ClusterWorker;
  /** What `start()` opened. */
  engine: string;
  chunkConcurrency: number;
  /** Finishes or releases the jobs in hand (up to `graceMs`), then closes pg-boss and the store. */
  stop(graceMs: number): Promise<{ finished: number; released: number }>;
}

/**
 * A team server's worker on this machine: the shared store and queues, this machine's engines,
 * models and scratch space (the data home). Starts taking jobs before it returns.
 */
export async function openWorker(home: string, database: string, options: WorkerOptions, env: NodeJS.ProcessEnv = process.env): Promise<OpenedWorker> {
  prepareHome(home);
  const store = await PgStore.open(database);
  try {
    const boss = await openBoss(database, { role: 'worker', name: options.name });
    try {
      const upstream = openUpstream(env);
      const stt = new SpeechToText({ store, upstream, home, settings: new Settings(store) });
      const worker = new ClusterWorker({ store, boss, upstream, stt, home }, options);
      const started = await worker.start();
      return {
        worker,
        ...started,
        stop: async (graceMs) => {
          const stopped = await worker.stop(graceMs);
          await upstream.close();
          await store.close();
          return stopped;
        },
      };
    } catch (error) {
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
      throw error;
    }
  } catch (error) {
    await store.close();
    throw error;
  }
}
