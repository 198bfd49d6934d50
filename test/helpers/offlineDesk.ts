// A fresh desk per test of a vitest file (vitest hooks: helpers/desk.ts itself also runs in probe
// processes outside vitest, so the hooks live here).
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { openTestDesk, type TestDesk } from './desk';
import { tempHome } from './home';

/**
 * A fresh desk on a fresh home for each test of the file, with no upstream traffic (the discard
 * port keeps it that way); the returned getter gives the current test's desk.
 */
export function offlineDeskPerTest(): () => TestDesk {
  return deskPerTest(() => 'http://127.0.0.1:9');
}

/** A fresh desk per test whose upstream is one fixture upstream shared by the file. */
export function fixtureDeskPerTest(): { desk: () => TestDesk; fixture: () => FixtureUpstream } {
  let fixture: FixtureUpstream | undefined;
  beforeAll(async () => {
    fixture = await startFixtureUpstream();
  });
  afterAll(() => fixture?.close());
  const current = () => {
    if (fixture === undefined) throw new Error('fixtureDeskPerTest: no fixture outside the file\'s tests');
    return fixture;
  };
  return { desk: deskPerTest(() => current().url), fixture: current };
}

function deskPerTest(upstream: () => string): () => TestDesk {
  let home: ReturnType<typeof tempHome> | undefined;
  let desk: TestDesk | undefined;
  beforeEach(async () => {
    home = tempHome();
    desk = await openTestDesk(home.dir, upstream());
  });
  afterEach(async () => {
    await desk?.close();
    home?.remove();
  });
  return () => {
    if (desk === undefined) throw new Error('deskPerTest: no desk outside a test');
    return desk;
  };
}
