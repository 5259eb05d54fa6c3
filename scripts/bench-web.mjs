#!/usr/bin/env node
// `npm run bench:web`: gzipped JavaScript downloaded by `/` and by the signed-in dashboard, and a
// Lighthouse desktop performance score for `/`, on the real built server (embedded PostgreSQL)
// in Debian's Chromium. Budgets: `/` ≤ 150 KB, dashboard ≤ 300 KB, Lighthouse ≥ 95.
// Figures go to docs/performance.md; the exit code is 1 when a budget is missed.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROME_FLAGS, CHROMIUM, root, signUp, startServer } from './bench-server.mjs';
import { writeSection } from './perf-doc.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 18183);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET = { publicKb: 150, dashboardKb: 300, lighthouse: 95 };

/** Every script the page downloads until the network is idle, gzipped (level 9) and summed. */
async function javascriptOf(browser, url, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript((t) => localStorage.setItem('auth_token', t), token);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (token) await page.getByText('Recent activity').first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...scripts.entries()].map(([u, s]) => ({ file: new URL(u).pathname, ...s }));
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return { files, gzipKb: gzip / 1024 };
}

async function lighthouseScore(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      desktopConfig,
    );
    const { lhr } = result;
    const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      metrics: {
        'First Contentful Paint': metric('first-contentful-paint'),
        'Largest Contentful Paint': metric('largest-contentful-paint'),
        'Total Blocking Time': metric('total-blocking-time'),
        'Cumulative Layout Shift': metric('cumulative-layout-shift'),
        'Speed Index': metric('speed-index'),
      },
    };
  } finally {
    chrome.kill();
  }
}

if (
  !existsSync(path.join(root, 'web/dist/index.html')) ||
  !existsSync(path.join(root, 'server/dist/main.js'))
) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const server = await startServer(PORT);
let isWithinBudget = false;
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const landing = await javascriptOf(browser, `${BASE}/`);
  const dashboard = await javascriptOf(
    browser,
    `${BASE}/dashboard`,
    await signUp(server, 'bench.web'),
  );
  await browser.close();
  const lh = await lighthouseScore(`${BASE}/`);

  const verdict = (ok) => (ok ? 'within budget' : '**over budget**');
  const isLandingOk = landing.gzipKb <= BUDGET.publicKb;
  const isDashboardOk = dashboard.gzipKb <= BUDGET.dashboardKb;
  const isScoreOk = lh.score >= BUDGET.lighthouse;
  isWithinBudget = isLandingOk && isDashboardOk && isScoreOk;
  const list = (files) =>
    files.map((f) => `\`${path.basename(f.file)}\` ${(f.gzip / 1024).toFixed(1)}`).join(', ');
  const body = [
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores, Node ${process.version}), the built server on loopback, Debian's Chromium (${CHROMIUM}). JavaScript is every script the page downloads until the network is idle, gzipped at level 9.`,
    '',
    '| what | figure | budget | |',
    '| --- | ---: | ---: | --- |',
    `| JavaScript for \`/\` (gzip) | ${landing.gzipKb.toFixed(1)} KB in ${landing.files.length} files | ≤ ${BUDGET.publicKb} KB | ${verdict(isLandingOk)} |`,
    `| JavaScript for the signed-in dashboard (gzip) | ${dashboard.gzipKb.toFixed(1)} KB in ${dashboard.files.length} files | ≤ ${BUDGET.dashboardKb} KB | ${verdict(isDashboardOk)} |`,
    `| Lighthouse performance, \`/\`, desktop settings | ${lh.score} | ≥ ${BUDGET.lighthouse} | ${verdict(isScoreOk)} |`,
    '',
    `Lighthouse metrics for \`/\`: ${Object.entries(lh.metrics)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}.`,
    '',
    `Files for \`/\` (KB gzip): ${list(landing.files)}.`,
    '',
    `Files for the dashboard (KB gzip): ${list(dashboard.files)}.`,
  ].join('\n');
  process.stdout.write(`\n${body}\n`);
  await writeSection('Web (npm run bench:web)', body);
} finally {
  await server.stop();
}
process.exitCode = isWithinBudget ? 0 : 1;
