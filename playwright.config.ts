import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** End-to-end tests drive the built app in Chromium against a real server started by the global setup. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // A whole journey's budget, and each step's. The journeys of several screens take 40-60 s beside
  // another worker on a 2-core instance, and up to 2 min on the slowest seen (2026-11-27, every
  // step 2-4x slower): there a page opened afresh took more than 10 s to reach its first request
  // (a lock asked for 13 s after the address was opened). The budgets are what a slow machine needs.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Tests tagged @deployment change what every page of the shared server sees (the plan, the map
  // settings, the data sources): they run one at a time after the rest, never beside a test they
  // would change the ground under (a demo plan caps every list at 25 posts, say). To run one such
  // file alone: `npx playwright test --no-deps tests/e2e/admin.spec.ts` (else all of 'app' runs first).
  projects: [
    { name: 'app', grepInvert: /@deployment/ },
    { name: 'deployment', grep: /@deployment/, dependencies: ['app'], workers: 1 },
  ],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
