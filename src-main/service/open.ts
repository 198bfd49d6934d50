import { ensureOwner, fileOwnerKeyStore, ledgerFile, prepareHome, type OwnerBootstrap, type OwnerKeyStore } from './home';
import { Ledger } from './ledger/index';
import { buildFetchers } from './platforms/index';
import { PodcastJobs } from './podcast/index';
import { TranscriptService, type ServiceOptions } from './service';
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
  ledger: Ledger;
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
  close(): void;
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
 * The composition root of the service: opens the ledger of a data home, makes sure the owner
 * exists, and builds the upstream client and the service on them.
 */
export function openService(home: string, options: Omit<ServiceOptions, 'ledger'> = {}, env: NodeJS.ProcessEnv = process.env, host: ServiceHost = {}): OpenedService {
  // The home is private before the ledger is created in it (F8); a damaged ledger is refused here (F10).
  prepareHome(home);
  const ledger = Ledger.open(ledgerFile(home));
  try {
    const owner = ensureOwner(ledger, home, host.ownerKey ?? fileOwnerKeyStore(home));
    const upstream = new UpstreamClient({
      override: parseOverrideOrigin(env.TRANSCRIPT_DESK_UPSTREAM),
      timeoutMs: parseTimeoutMs(env.TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS),
      transport: host.transport ?? browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }),
    });
    const profile = new UpstreamProfile(profileFile(home));
    const settings = new Settings(ledger, host.secretSettings);
    // Read at every eviction check, so `settings set cache.maxBytes` reaches a running server.
    ledger.cache.useLimit(() => settings.get('cache.maxBytes'));
    const stt = new SpeechToText({ ledger, upstream, home, settings });
    const podcast = new PodcastJobs({ ledger, stt, upstream, home });
    const service = new TranscriptService({ podcast: podcast.submitter, stt, ...options, fetchers: { ...buildFetchers({ upstream, stt, profile }), ...options.fetchers }, ledger });
    return {
      service,
      ledger,
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
        ledger.close();
      },
    };
  } catch (error) {
    ledger.close();
    throw error;
  }
}
