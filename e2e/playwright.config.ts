import { defineConfig, devices } from '@playwright/test';
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_API_PORT,
  E2E_KUBE_PORT,
  E2E_LLM_PORT,
  E2E_MONITOR_PORT,
  E2E_OWNER_EMAIL,
  E2E_PORT,
} from './support/env';

/**
 * Journeys that change what every other journey's pages show. CI runs them against a server of
 * their own (`E2E_PORT`, `--project alone --no-deps`) while the unit tests finish; run locally,
 * they wait for the others.
 */
const ALONE = /business-notices\.spec\.ts$/;

/**
 * Journeys in Debian's Chromium against the real built server, started exactly as `npm start`
 * runs it (embedded PostgreSQL, outbox mail) in a throwaway data directory.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `../test-results/e2e-${E2E_PORT}`, // one per port: parallel runs never delete each other's traces
  // Journeys are latency-bound (one worker used about a third of a core, measured 2026-11-29):
  // two workers run two files at a time against the one server. Each journey makes its own
  // accounts; the site-notice journey changes what every signed-in page shows, so it runs alone,
  // after the others (project `alone`).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Waits, not budgets (speed lives in the bench scripts): this machine's class runs the same
  // build 2-3x slower on some hosts than others (unit tests 130 s vs 370 s, 2026-11-29), and a
  // page's first data call then starts seconds after navigation.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [
        ['list'],
        ['json', { outputFile: `../${process.env.STRATUM_E2E_JSON ?? 'test-results/e2e.json'}` }],
      ]
    : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    // A trace films every journey to keep the failing ones: measured 2026-11-30 on the shell and
    // tools journeys, 213-254 CPU-s with it and 116-125 without (DOM snapshots alone: 168). CI
    // keeps only its log, so it records none; run a failing journey again locally for its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
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
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ALONE,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'alone',
      testMatch: ALONE,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node ../server/dist/main.js`,
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      OWNER_EMAIL: E2E_OWNER_EMAIL,
      // The database journey's target (the machine's PostgreSQL), the clusters journey's
      // fake Kubernetes API server, the API Calls journey's test server and the assistant
      // journey's fake model, and the monitoring journey's flipping server.
      EGRESS_ALLOW: `127.0.0.1:5432,127.0.0.1:${E2E_KUBE_PORT},127.0.0.1:${E2E_API_PORT},127.0.0.1:${E2E_LLM_PORT},127.0.0.1:${E2E_MONITOR_PORT}`,
    },
  },
});
