import { ensureOwner, fileOwnerKeyStore, ledgerFile, prepareHome, type OwnerBootstrap, type OwnerKeyStore } from './home';
import type { Ledger } from './ledger/index';
import { SqliteStore } from './ledger/sqliteStore';
import { buildFetchers } from './platforms/index';
import { PodcastJobs } from './podcast/index';
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
  podcast: PodcastJobs;
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
 * The composition root of the service: opens the store of a data home (the one place that builds
 * the SQLite store), makes sure the owner exists, and builds the upstream client and the service on them.
 */
export async function openService(home: string, options: Omit<ServiceOptions, 'store'> = {}, env: NodeJS.ProcessEnv = process.env, host: ServiceHost = {}): Promise<OpenedService> {
  // The home is private before the ledger is created in it (F8); a damaged ledger is refused here (F10).
  prepareHome(home);
  const store = SqliteStore.open(ledgerFile(home));
  try {
    const owner = await ensureOwner(store, home, host.ownerKey ?? fileOwnerKeyStore(home));
    const upstream = new UpstreamClient({
      override: parseOverrideOrigin(env.TRANSCRIPT_DESK_UPSTREAM),
      timeoutMs: parseTimeoutMs(env.TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS),
      transport: host.transport ?? browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }),
    });
    const profile = new UpstreamProfile(profileFile(home));
    // The cache limit (`cache.maxBytes`) is read by the store itself at every eviction check.
    const settings = new Settings(store, host.secretSettings);
    const stt = new SpeechToText({ store, upstream, home, settings });
    const podcast = new PodcastJobs({ store, stt, upstream, home });
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
      close: () => {
        // Stops podcast work without failing it; await podcast.close() first to let it wind down.
        void podcast.close();
        void upstream.close();
        return store.close();
      },
      closeNow: () => store.closeNow(),
    };
    return opened;
  } catch (error) {
    store.closeNow();
    throw error;
  }
}
