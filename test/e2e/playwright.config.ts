// UI tests in Debian's Chromium against a real `transcript-desk serve --ui` and the fixture
// upstream. Never `npx playwright install`: the browser is the system's.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Each spec file starts its own server, so files can run side by side; on two cores two workers
  // took the run from 5.9 to 3.5 min, and a third (while the 300-link credits spec spends two
  // minutes waiting on rate windows, the other two keep both cores busy) from 5.3 to 4.5 min once
  // the local-media spec came. Tests within a file still run in order.
  workers: 3,
  fullyParallel: false,
  // Hang guards only (test/helpers/guards.ts): a spec's flow takes 10–30 s here, under 90 s on a
  // slow machine, and one UI state follows another within a second; tests that transcribe set
  // their own guard from the audio's length.
  timeout: 900_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
});
