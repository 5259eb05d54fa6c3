#!/usr/bin/env node
// `npm test`: everything CI runs — lint, type check, build, unit, component and integration
// tests (real PostgreSQL) in three lanes side by side, then Playwright journeys in Debian's
// Chromium — then one summary line.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The journeys' JSON reports: the shared server's, the site-notice journey's. */
const E2E_REPORTS = ['test-results/e2e.json', 'test-results/e2e-notices.json'];
const results = [];

/**
 * One step, cut off after `minutes` so a hung process fails its own step with a message instead
 * of eating CI's whole budget. GNU timeout signals the step's whole process group. With
 * `quiet`, the step's output is held back and printed whole when it ends (steps running side by
 * side would interleave theirs).
 */
function step(name, command, minutes, { env = {}, quiet = false } = {}) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${name}: ${command}\n`);
  const child = spawn(`timeout --kill-after=20 ${minutes * 60} ${command}`, {
    shell: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (quiet) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(output).toString()}`);
      if (status === 124 || status === 137) {
        process.stdout.write(`${name} did not finish within ${minutes} minutes and was stopped.\n`);
      }
      results.push({ name, ok: status === 0, seconds });
      process.stdout.write(`${status === 0 ? '✔' : '✘'} ${name} (${seconds} s)\n`);
      resolve(status === 0);
    });
  });
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  process.stdout.write('Installing Chromium from Debian packages…\n');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}

function count(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

mkdirSync('test-results', { recursive: true });
ensureChromium();
// Three lanes on two cores, each mostly one thread, every one busy until the journeys (measured
// 2026-11-30, decision 0036): ESLint (type-aware, one thread, the longest); the type check and
// file checks, then the unit and component tests (two workers); the build, then the integration
// tests, which run one file at a time against PostgreSQL and wait on it, on sockets and timers
// about half of their time. The journeys need the build and the whole machine.
const unit = () =>
  step(
    'unit and component tests',
    'npx vitest run --project unit --project component --reporter=default --reporter=json --outputFile.json=test-results/vitest.json',
    30,
  );
const integration = () =>
  step(
    'integration tests',
    'npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=test-results/vitest-integration.json',
    30,
    { quiet: true },
  );
const [, , built] = await Promise.all([
  step('lint: ESLint', 'npm run lint:eslint', 15, { quiet: true }),
  step(
    'typecheck, then formatting, import cycles and deploy files',
    'npm run typecheck && npm run lint:files',
    15,
    { quiet: true },
  ).then(unit),
  step('build', 'npm run build', 10, { quiet: true }).then(async (ok) => {
    await integration();
    // The site-notice journey changes what every signed-in page shows, and waits on real time
    // (rotation, expiry) more than it works: on a server of its own, it fits here.
    if (ok)
      await step(
        'browser journey with site notices (own server)',
        'npx playwright test -c e2e/playwright.config.ts --project alone --no-deps',
        10,
        { env: { E2E_PORT: '18090', STRATUM_E2E_JSON: E2E_REPORTS[1] }, quiet: true },
      );
    return ok;
  }),
]);
if (built)
  await step(
    'browser journeys',
    'npx playwright test -c e2e/playwright.config.ts --project chromium',
    25,
    { env: { STRATUM_E2E_JSON: E2E_REPORTS[0] } },
  );

const sum = (a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
});
const vitestCounts = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
});
const vitest = [
  count('test-results/vitest.json', vitestCounts),
  count('test-results/vitest-integration.json', vitestCounts),
].reduce(sum);
const e2e = E2E_REPORTS.map((file) =>
  count(file, (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky,
    skipped: r.stats.skipped,
  })),
).reduce(sum);
const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
process.stdout.write(
  `\n${results.map((r) => `${r.ok ? '✔' : '✘'} ${r.name} ${r.seconds} s`).join('\n')}\n`,
);
if (failedSteps.length) process.stdout.write(`failed steps: ${failedSteps.join(', ')}\n`);
const passed = vitest.passed + e2e.passed;
const failed =
  vitest.failed +
  e2e.failed +
  (failedSteps.length && !(vitest.failed + e2e.failed) ? failedSteps.length : 0);
process.stdout.write(
  `\ntests: ${passed} passed, ${failed} failed, ${vitest.skipped + e2e.skipped} skipped\n`,
);
process.exit(failedSteps.length ? 1 : 0);
