// The desktop app itself in Playwright's Electron driver: the built app (out/) launched on a temp
// data home with the fixture upstream. Where no Electron binary could be installed (no internet at
// `npm ci`), every test is skipped and this config says why, once, in the output.
import { defineConfig } from '@playwright/test';
import { electronBinary } from './binary';

const binary = electronBinary();
if ('missing' in binary) process.stdout.write(`Electron app tests SKIPPED: ${binary.missing}\n`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  fullyParallel: false,
  // Hang guards only (test/helpers/guards.ts): launching Electron and one flow take under 20 s on a
  // slow machine; one UI state follows another within a second.
  timeout: 300_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../../test-results/electron',
});
