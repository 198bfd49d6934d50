import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { tempHome } from './home';

/** A real ledger file in a fresh data home; `dispose` closes it and removes the home. */
export function openTempLedger(): { ledger: Ledger; home: string; dispose(): void } {
  const home = tempHome();
  const ledger = Ledger.open(ledgerFile(home.dir));
  return {
    ledger,
    home: home.dir,
    dispose: () => {
      ledger.close();
      home.remove();
    },
  };
}
