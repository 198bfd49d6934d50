import { ensureOwner, ledgerFile, type OwnerBootstrap } from './home';
import { Ledger } from './ledger/index';
import { TranscriptService, type ServiceOptions } from './service';

export interface OpenedService {
  service: TranscriptService;
  ledger: Ledger;
  owner: OwnerBootstrap;
  close(): void;
}

/** Opens the ledger of a data home, makes sure the owner exists, and builds the service on it. */
export function openService(home: string, options: Omit<ServiceOptions, 'ledger'> = {}): OpenedService {
  const ledger = Ledger.open(ledgerFile(home));
  try {
    const owner = ensureOwner(ledger, home);
    const service = new TranscriptService({ ...options, ledger });
    return { service, ledger, owner, close: () => ledger.close() };
  } catch (error) {
    ledger.close();
    throw error;
  }
}
