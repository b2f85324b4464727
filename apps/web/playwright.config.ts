import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
/** The server's data folder; the demo mode's email and SMS stand-ins keep what they receive in its outbox/. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `storageops-e2e-${E2E_PORT}`)

/**
 * Browser journeys in Debian's Chromium against the real server on a fresh embedded database
 * (demo data seeded on start). One worker: the two cores are shared with the server.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // A journey that passes only on a retry is a defect to fix (wait for what the user sees), never retried.
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // npm test runs the journeys in parts side by side, each with its own report (E2E_REPORT).
  reporter: [['list'], ['json', { outputFile: path.resolve(process.env.E2E_REPORT ?? 'test-results/e2e.json') }]],
  // Per port, so parallel runs on one machine do not clear each other's traces.
  outputDir: path.resolve(`test-results/e2e-artifacts-${E2E_PORT}`),
  use: {
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Recording every journey's actions costs CPU (docs/testing.md): in CI a failure keeps its screenshot, no trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: process.env.CI ? 'only-on-failure' : 'off',
    // page.route cannot see requests a service worker makes; the journeys of issue 19 allow the field tool's worker.
    serviceWorkers: 'block',
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npx tsx apps/server/src/server.ts`,
    cwd: path.resolve(import.meta.dirname, '../..'),
    // Notices 0.2 s apart instead of the spec's 5 s (API tests check the pacing), so a journey can fill pages.
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      NOTICE_PACING_SECONDS: '0.2',
    },
    url: `http://127.0.0.1:${E2E_PORT}/api/docs/json`,
    timeout: 400_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
