#!/usr/bin/env node
// `npm run bench:board`: the planner's board with 500 components and 600 connections in headless
// Chromium, on the real built server. Render: from opening the board step to every node and edge
// drawn (≤ 1.5 s). Pan: frame times from requestAnimationFrame while the board is dragged (≥ 50 fps).
// Layout: ELK on all 500 in a Web Worker, with frame times meanwhile (the page stays responsive).
// Cost update: a VM's instance type changed → its badge and the running total repriced (≤ 100 ms).
// Figures go to docs/performance.md; the exit code is 1 when a budget is missed.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROMIUM, root, signUp, startServer } from './bench-server.mjs';
import { writeSection } from './perf-doc.mjs';

const PORT = Number(process.env.BENCH_BOARD_PORT ?? 18184);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET = { renderMs: 1500, panFps: 50, costMs: 100 };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The benchmark's board: 5 VPCs × 4 subnets, 300 EC2 in subnets, 200 top-level services, 600 connections. */
function bigArchitecture() {
  const groups = [];
  const components = [];
  const connections = [];
  const positions = {};
  const SUBNET = { width: 716, height: 444 };
  for (let n = 0; n < 5; n++) {
    const vpc = `vpc-${n}`;
    groups.push({
      id: vpc,
      service: 'aws.vpc',
      name: `net-${n}`,
      properties: { cidr: `10.${n}.0.0/16` },
    });
    positions[vpc] = { x: n * 1560, y: 0, width: 1480, height: 980 };
    for (let k = 0; k < 4; k++) {
      const subnet = `subnet-${n}-${k}`;
      groups.push({
        id: subnet,
        service: 'aws.subnet',
        name: `sub-${n}-${k}`,
        parent: vpc,
        properties: { cidr: `10.${n}.${k}.0/24`, zone: String(k % 2) },
      });
      positions[subnet] = {
        x: 16 + (k % 2) * (SUBNET.width + 16),
        y: 52 + Math.floor(k / 2) * (SUBNET.height + 16),
        ...SUBNET,
      };
    }
  }
  for (let i = 0; i < 300; i++) {
    const n = Math.floor(i / 60);
    const k = Math.floor((i % 60) / 15);
    const j = i % 15;
    const id = `vm-${i}`;
    components.push({
      id,
      service: 'aws.ec2',
      name: `app-${i}`,
      group: `subnet-${n}-${k}`,
      properties: {},
    });
    positions[id] = { x: 16 + (j % 3) * 232, y: 48 + Math.floor(j / 3) * 76 };
  }
  const TOP = ['aws.s3', 'aws.sqs', 'aws.dynamodb', 'aws.sns'];
  for (let i = 0; i < 200; i++) {
    const id = `svc-${i}`;
    components.push({ id, service: TOP[i % 4], name: `svc-${i}`, properties: {} });
    positions[id] = { x: (i % 32) * 240, y: 1060 + Math.floor(i / 32) * 84 };
  }
  const seen = new Set();
  const add = (from, to, type) => {
    const key = `${from}>${to}:${type}`;
    if (from === to || seen.has(key)) return false;
    seen.add(key);
    connections.push({ from, to, type });
    return true;
  };
  for (let i = 0; i < 300; i++) add(`vm-${i}`, `svc-${(i * 13) % 200}`, 'data');
  for (let i = 0; connections.length < 600; i++)
    add(`vm-${i % 300}`, `vm-${(i * 7 + 3) % 300}`, 'traffic');
  return { name: 'bench-board', region: 'eu-west-1', groups, components, connections, positions };
}

/** Frame statistics from requestAnimationFrame timestamps. */
function frameStats(stamps) {
  const gaps = stamps
    .slice(1)
    .map((t, i) => t - stamps[i])
    .sort((a, b) => a - b);
  const span = stamps.at(-1) - stamps[0];
  const pick = (q) => gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] ?? 0;
  return {
    frames: gaps.length,
    fps: span > 0 ? (gaps.length / span) * 1000 : 0,
    p50: pick(0.5),
    p95: pick(0.95),
    max: gaps.at(-1) ?? 0,
    slow: gaps.filter((g) => g > 20).length,
  };
}

/** In the page: start collecting frame timestamps (window.__frames). */
const START_FRAMES = () => {
  window.__frames = [];
  window.__framesOn = true;
  const tick = (t) => {
    if (!window.__framesOn) return;
    window.__frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};
const STOP_FRAMES = () => {
  window.__framesOn = false;
  return window.__frames;
};

async function measure(browser, token, arch) {
  const total = arch.groups.length + arch.components.length;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ([t, a]) => {
      if (sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      localStorage.setItem('auth_token', t);
      localStorage.setItem('wizard_current_step', '1');
      localStorage.setItem('selected_provider', '"aws"');
      localStorage.setItem(
        'selected_services',
        JSON.stringify([
          'aws.vpc',
          'aws.subnet',
          'aws.ec2',
          'aws.s3',
          'aws.sqs',
          'aws.dynamodb',
          'aws.sns',
        ]),
      );
      localStorage.setItem('architecture_config', JSON.stringify(a));
      localStorage.setItem('onboardingDismissed', 'true');
    },
    [token, arch],
  );
  const page = await context.newPage();
  await page.goto(`${BASE}/planner`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Services', exact: true }).waitFor();

  // Render: from the click on step 3 until every node and edge is drawn and measured.
  const renderMs = await page.evaluate(
    async ([nodes, edges]) => {
      const button = [...document.querySelectorAll('nav[aria-label="Planner steps"] button')][2];
      const start = performance.now();
      button.click();
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const drawn = document.querySelectorAll('.react-flow__node[data-id]');
        const paths = document.querySelectorAll('.react-flow__edge path.react-flow__edge-path');
        const isMeasured =
          drawn.length === nodes &&
          [...drawn].every(
            (n) => n.style.visibility !== 'hidden' && n.getBoundingClientRect().width > 0,
          );
        if (isMeasured && paths.length === edges) return performance.now() - start;
        if (performance.now() - start > 30_000)
          throw new Error(`${drawn.length} nodes, ${paths.length} edges after 30 s`);
      }
    },
    [total, arch.connections.length],
  );

  // Pan: drag the empty pane for ~3 s while frames are recorded.
  await page.waitForTimeout(500);
  const point = await page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane').getBoundingClientRect();
    for (let y = pane.top + 10; y < pane.bottom - 10; y += 7)
      for (let x = pane.left + 10; x < pane.right - 10; x += 7) {
        const el = document.elementFromPoint(x, y);
        if (el?.classList.contains('react-flow__pane')) return { x, y };
      }
    return null;
  });
  if (!point) throw new Error('no empty spot on the board to drag');
  await page.evaluate(START_FRAMES);
  await page.mouse.move(point.x, point.y);
  await page.mouse.down();
  const panStart = Date.now();
  for (let i = 0; Date.now() - panStart < 3000; i++) {
    const angle = i / 20;
    await page.mouse.move(point.x + Math.sin(angle) * 120, point.y + Math.cos(angle) * 80);
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
  const pan = frameStats(await page.evaluate(STOP_FRAMES));

  // Layout: ELK in the worker; the page keeps drawing frames meanwhile.
  const layoutButton = page.getByRole('button', { name: 'Automatic layout' });
  await page.evaluate(START_FRAMES);
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) =>
      window.__longTasks.push(...list.getEntries().map((e) => e.duration)),
    ).observe({ type: 'longtask' });
  });
  const layoutStart = Date.now();
  await layoutButton.click();
  await page
    .waitForFunction(
      () => document.querySelector('button[aria-label="Automatic layout"]')?.disabled === true,
      null,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  await page.waitForFunction(
    () => document.querySelector('button[aria-label="Automatic layout"]')?.disabled === false,
    null,
    { timeout: 120_000 },
  );
  const layoutMs = Date.now() - layoutStart;
  const layoutFrames = frameStats(await page.evaluate(STOP_FRAMES));
  const longTasks = await page.evaluate(() => window.__longTasks);

  // Cost update: a VM's instance type changed in the properties panel → its badge and the board's
  // running total show the new price (issue 13: within 100 ms). Zoomed out (the whole board in
  // view, compact nodes: the total only), then at 100 % (the badge too).
  await page.locator('.react-flow__node[data-id="vm-5"]').click();
  const select = page.getByRole('combobox', { name: 'Instance type' });
  await select.waitFor();
  const costFar = await page.evaluate(MEASURE_COST_UPDATES, [
    await select.elementHandle(),
    'vm-5',
    COST_SAMPLES,
  ]);
  for (let i = 0; i < 12; i++) {
    const zoom = await page.evaluate(
      () =>
        new DOMMatrix(getComputedStyle(document.querySelector('.react-flow__viewport')).transform)
          .a,
    );
    if (zoom >= 1) break;
    await page.getByRole('button', { name: 'Zoom In' }).click();
  }
  // A user edits once the zoom has settled and the newly magnified board is drawn.
  await page.waitForTimeout(1500);
  const costNear = await page.evaluate(MEASURE_COST_UPDATES, [
    await select.elementHandle(),
    'vm-5',
    COST_SAMPLES,
  ]);
  await context.close();
  return { renderMs, pan, layoutMs, layoutFrames, longTasks, costFar, costNear };
}

/**
 * In the page: change the select to other instance types `COST_SAMPLES` times; for each, the time
 * from the change event until the total (and the node's badge, when drawn) shows the new price in
 * the DOM, and until the next frame after it (what the user sees).
 */
const COST_SAMPLES = 12;
const MEASURE_COST_UPDATES = async ([select, id, count]) => {
  const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
  const wanted = ['t3.micro', 'm7i.large', 'c7i.xlarge', 't3.large', 'm7i.xlarge', 'r7i.large'];
  const values = wanted.filter((v) => [...select.options].some((o) => o.value === v));
  const total = () =>
    document.querySelector('[aria-label^="Estimated"] output')?.textContent ?? null;
  const badge = () =>
    document.querySelector(`.react-flow__node[data-id="${id}"] [data-testid="cost-badge"]`)
      ?.textContent ?? null;
  const samples = [];
  for (let i = 0; i < count; i++) {
    const next = values.filter((v) => v !== select.value)[i % (values.length - 1)];
    const before = { total: total(), badge: badge() };
    const isDone = () =>
      total() !== before.total && (before.badge === null || badge() !== before.badge);
    const start = performance.now();
    setValue.call(select, next);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const domMs = await new Promise((resolve) => {
      if (isDone()) return resolve(performance.now() - start);
      const observer = new MutationObserver(() => {
        if (!isDone()) return;
        observer.disconnect();
        resolve(performance.now() - start);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(Number.NaN);
      }, 5000);
    });
    const frameMs = await new Promise((resolve) =>
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start))),
    );
    samples.push({ domMs, frameMs, badge: before.badge !== null });
    await new Promise((r) => setTimeout(r, 200));
  }
  return samples;
};

if (
  !existsSync(path.join(root, 'web/dist/index.html')) ||
  !existsSync(path.join(root, 'server/dist/main.js'))
) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const server = await startServer(PORT);
let isWithinBudget = false;
try {
  const token = await signUp(server, 'bench.board');
  const arch = bigArchitecture();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await measure(browser, token, arch));
    process.stdout.write(
      `run ${i + 1}: render ${runs.at(-1).renderMs.toFixed(0)} ms, pan ${runs.at(-1).pan.fps.toFixed(1)} fps, layout ${runs.at(-1).layoutMs} ms, cost updates ${[...runs.at(-1).costFar, ...runs.at(-1).costNear].map((c) => c.frameMs.toFixed(0)).join(' ')} ms\n`,
    );
  }
  await browser.close();
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const render = median(runs.map((r) => r.renderMs));
  const fps = median(runs.map((r) => r.pan.fps));
  const panP95 = median(runs.map((r) => r.pan.p95));
  const layout = median(runs.map((r) => r.layoutMs));
  const layoutP95 = median(runs.map((r) => r.layoutFrames.p95));
  const layoutMax = median(runs.map((r) => r.layoutFrames.max));
  const layoutFps = median(runs.map((r) => r.layoutFrames.fps));
  const longest = median(runs.map((r) => Math.max(0, ...r.longTasks)));
  const costStats = (key) => {
    const all = runs.flatMap((r) => r[key]);
    const dom = all
      .map((s) => s.domMs)
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const frame = all.map((s) => s.frameMs).sort((a, b) => a - b);
    const q = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;
    return {
      samples: all.length,
      missed: all.length - dom.length,
      hasBadge: all.some((s) => s.badge),
      dom50: q(dom, 0.5),
      dom95: q(dom, 0.95),
      frame50: q(frame, 0.5),
      frame95: q(frame, 0.95),
    };
  };
  const costFar = costStats('costFar');
  const costNear = costStats('costNear');
  const isCostOk = [costFar, costNear].every((c) => c.missed === 0 && c.frame95 <= BUDGET.costMs);
  const isRenderOk = render <= BUDGET.renderMs;
  const isPanOk = fps >= BUDGET.panFps;
  isWithinBudget = isRenderOk && isPanOk && isCostOk;
  const verdict = (ok) => (ok ? 'within budget' : '**over budget**');
  const body = [
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}), the built server on loopback, Debian's Chromium (${CHROMIUM}, ${CHROME_FLAGS.join(' ')}), a 1440 × 900 window; median of ${RUNS} runs (1-minute load average ${os.loadavg()[0].toFixed(1)} at the end: other work on the machine lowers the frame rates). The board: ${arch.components.length} components (300 EC2 instances in 20 subnets of 5 VPCs, 200 S3/SQS/DynamoDB/SNS) and ${arch.connections.length} connections (300 data, 300 traffic), plus ${arch.groups.length} network and subnet containers; validation by the engine on every change.`,
    '',
    '| what | figure | budget | |',
    '| --- | ---: | ---: | --- |',
    `| render: click on step 3 → every node and edge drawn and measured | ${render.toFixed(0)} ms | ≤ ${BUDGET.renderMs} ms | ${verdict(isRenderOk)} |`,
    `| pan: frames per second while dragging the board for 3 s | ${fps.toFixed(1)} fps (p95 frame ${panP95.toFixed(1)} ms) | ≥ ${BUDGET.panFps} fps | ${verdict(isPanOk)} |`,
    `| automatic layout (ELK in a Web Worker; past 150 nodes each container on its own), click → positions applied | ${layout} ms | — | |`,
    `| frames while the layout runs | ${layoutFps.toFixed(1)} fps, p95 ${layoutP95.toFixed(1)} ms, longest ${layoutMax.toFixed(0)} ms | — | |`,
    `| cost update, whole board in view: instance type changed → new running total in the DOM (median / p95), and the next frame drawn | ${costFar.dom50.toFixed(0)} / ${costFar.dom95.toFixed(0)} ms; frame ${costFar.frame50.toFixed(0)} / ${costFar.frame95.toFixed(0)} ms | ≤ ${BUDGET.costMs} ms | ${verdict(costFar.missed === 0 && costFar.frame95 <= BUDGET.costMs)} |`,
    `| cost update at 100 % zoom: the node's badge and the total (median / p95), and the next frame drawn | ${costNear.dom50.toFixed(0)} / ${costNear.dom95.toFixed(0)} ms; frame ${costNear.frame50.toFixed(0)} / ${costNear.frame95.toFixed(0)} ms | ≤ ${BUDGET.costMs} ms | ${verdict(costNear.hasBadge && costNear.missed === 0 && costNear.frame95 <= BUDGET.costMs)} |`,
    '',
    `Cost updates: ${costFar.samples + costNear.samples} changes of one EC2 instance's type in the properties panel (t3, m7i, c7i, r7i sizes), priced in the browser by core's \`estimateDesign\` over the price book; "frame" is until the first animation frame after the change has been drawn, what the user sees.`,
    '',
    'Zoomed out this far (below 45 %) nodes draw a lighter version of themselves (name and category colour); while the board moves its content is one composited layer and the pointer is captured by the pane, so the browser neither repaints nor hit-tests the nodes on each frame.',
    '',
    `The longest main-thread task during the layout was ${longest.toFixed(0)} ms: applying the ${arch.groups.length + arch.components.length} new positions once the worker answers; the ELK run itself never blocks the page. Runs: ${runs
      .map((r) => `${r.renderMs.toFixed(0)} ms / ${r.pan.fps.toFixed(1)} fps / ${r.layoutMs} ms`)
      .join('; ')} (render / pan / layout).`,
  ].join('\n');
  process.stdout.write(`\n${body}\n`);
  await writeSection('Planner board (npm run bench:board)', body);
} finally {
  await server.stop();
}
process.exitCode = isWithinBudget ? 0 : 1;
