import { ensureOwner, ledgerFile, type OwnerBootstrap } from './home';
import { Ledger } from './ledger/index';
import { buildFetchers } from './platforms/index';
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
    const service = new TranscriptService({ ...options, fetchers: { ...buildFetchers({ upstream }), ...options.fetchers }, ledger });
    const stt = new SpeechToText({ ledger, upstream, home });
    return {
      service,
      ledger,
      upstream,
      stt,
      owner,
      close: () => {
        void upstream.close();
        ledger.close();
      },
    };
  } catch (error) {
    ledger.close();
    throw error;
  }
}
