// A fresh desk per test of a vitest file (vitest hooks: helpers/desk.ts itself also runs in probe
// processes outside vitest, so the hooks live here).
import { afterEach, beforeEach } from 'vitest';
import { openTestDesk, type TestDesk } from './desk';
import { tempHome } from './home';

/**
 * A fresh desk on a fresh home for each test of the file, with no upstream traffic (the discard
 * port keeps it that way); the returned getter gives the current test's desk.
 */
export function offlineDeskPerTest(): () => TestDesk {
  let home: ReturnType<typeof tempHome> | undefined;
  let desk: TestDesk | undefined;
  beforeEach(() => {
    home = tempHome();
    desk = openTestDesk(home.dir, 'http://127.0.0.1:9');
  });
  afterEach(async () => {
    await desk?.close();
    home?.remove();
  });
  return () => {
    if (desk === undefined) throw new Error('offlineDeskPerTest: no desk outside a test');
    return desk;
  };
}
