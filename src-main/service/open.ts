import { ensureOwner, ledgerFile, type OwnerBootstrap } from './home';
import { Ledger } from './ledger/index';
import { buildFetchers } from './platforms/index';
import { PodcastJobs } from './podcast/index';
import { TranscriptService, type ServiceOptions } from './service';
import { SpeechToText } from './stt/index';
import { UpstreamClient } from './upstream/client';
import { parseOverrideOrigin, parseTimeoutMs } from './upstream/routing';

export interface OpenedService {
  service: TranscriptService;
  ledger: Ledger;
  upstream: UpstreamClient;
  /** Speech-to-text for the CLI, the podcast runner and the fetchers without captions. */
  stt: SpeechToText;
  /** Podcast jobs: `resume()` at start in long-running hosts, `cancel()` from the desk, `close()` before `close()`. */
  podcast: PodcastJobs;
  owner: OwnerBootstrap;
  close(): void;
}

/**
 * The composition root of the service: opens the ledger of a data home, makes sure the owner
 * exists, and builds the upstream client and the service on them.
 */
export function openService(home: string, options: Omit<ServiceOptions, 'ledger'> = {}, env: NodeJS.ProcessEnv = process.env): OpenedService {
  const ledger = Ledger.open(ledgerFile(home));
  try {
    const owner = ensureOwner(ledger, home);
    const upstream = new UpstreamClient({ override: parseOverrideOrigin(env.TRANSCRIPT_DESK_UPSTREAM), timeoutMs: parseTimeoutMs(env.TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS) });
    const stt = new SpeechToText({ ledger, upstream, home });
    const podcast = new PodcastJobs({ ledger, stt, upstream, home });
    const service = new TranscriptService({ podcast: podcast.submitter, ...options, fetchers: { ...buildFetchers({ upstream, stt }), ...options.fetchers }, ledger });
    return {
      service,
      ledger,
      upstream,
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
