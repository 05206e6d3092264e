import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: the real browser host (`node scripts/start.js --browser-host`) driven by Debian's
 * Chromium (never a downloaded browser). `npm run test:e2e` builds first. Paths are relative to this
 * file: specs in e2e/, results in test-results/, screenshots written by the specs to e2e/artifacts/.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One temp dir per run for shared files (the demo built once: e2e/fixtures/demo-template.ts).
  globalSetup: './global-setup.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
