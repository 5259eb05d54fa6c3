#!/usr/bin/env node
// IaC engine benchmark (`npm run bench:iac`): designs of 1,000 and 10,000 components, every
// format. Each case runs in its own process so peak memory (max RSS) belongs to that case alone.
// The same resources' HCL is also produced with the npm package terraform-generator and the
// time ratio printed. Figures are appended to docs/performance.md (only this script's section).
import { bundlePath, bundleSource } from './bench-bundle.mjs';
import { benchCase } from './bench-iac-designs.mjs';
import { REMAINS } from './bench-iac-notes.mjs';
import { writeSection } from './perf-doc.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const engineFile = bundlePath('bench-engine');
const SIZES = [1000, 10000];
const RUNS = 5;
const WARMUPS = 3;

/**
 * Bundles the engine from source (the parent always does, so figures match the working tree).
 * `--engine <file>` times an engine bundled earlier instead (a copy of bench-engine.mjs made
 * before a change): its base and a change then run in the same minute, on a shared machine
 * the only comparison that holds.
 */
async function engine(rebuild = false) {
  const given = process.argv.indexOf('--engine');
  if (given >= 0) return import(pathToFileURL(process.argv[given + 1]).href);
  if (rebuild || !existsSync(engineFile) || process.argv.includes('--rebuild')) {
    await bundleSource('bench-engine', [
      "export { generate, prepareDesign, exemptionsOf } from './core/src/iac/generate';",
      "export { terraformModel } from './core/src/iac/emit/terraform-emitter';",
      "export { renderResources } from './core/src/iac/emit/terraform-render';",
      "export { hclValue } from './core/src/iac/emit/hcl-writer';",
      "export { parseDesign } from './core/src/iac/design/parse';",
      "export { completeDesign } from './core/src/iac/design/complete';",
      "export { validateDesign } from './core/src/iac/design/validate';",
      "export { resolveDesign } from './core/src/iac/design/resolve';",
      "export { nameNodes } from './core/src/iac/naming/naming';",
      "export { EMITTERS } from './core/src/iac/emit/registry';",
      "export { buildArm } from './core/src/iac/build/arm-build';",
      "export { checkPolicy } from './core/src/iac/policy/check';",
      "export { checkDesignTags } from './core/src/tags/generation';",
      "export { randomDesign } from './core/src/iac/testing/random-design';",
      "export { CLOUDS } from './core/src/iac/types';",
      "export { default as fc } from 'fast-check';",
    ]);
  }
  return import(pathToFileURL(engineFile).href);
}

/**
 * `overrides` after a case's size: the same design with prod resizing every VM, as teams size
 * production up (a per-environment value the builders emit as a variable).
 */
const OVERRIDES = process.argv.includes('overrides');

/** The design and options of a case. */
const caseInput = (format, components) => benchCase(format, components, OVERRIDES);

/**
 * Peak memory of one generation, in this process: warmed up on a 100-component design, then
 * one generation of the full size. (Timing runs repeat the generation; their garbage is not
 * what one generation needs, so memory gets a process of its own: `--memory <format> <n>`.)
 */
async function runMemory(format, components) {
  const { generate } = await engine();
  const small = caseInput(format, 100);
  generate(small.input, small.options);
  const { input, options } = caseInput(format, components);
  const t0 = performance.now();
  const r = generate(input, options);
  const firstMs = performance.now() - t0;
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  process.stdout.write(
    JSON.stringify({ firstMs, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }),
  );
}

/** One generation: its wall and CPU milliseconds and its files (a refusal throws). */
function timedGeneration(generate, input, options) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = generate(input, options);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, files: r.files };
}

/** Time of one case, in this process: `--case <format> <components>`. */
async function runCase(format, components) {
  const { generate, prepareDesign, terraformModel, renderResources, hclValue } = await engine();
  const { input, options } = caseInput(format, components);
  const { layout } = options;
  const once = () => timedGeneration(generate, input, options);
  for (let i = 0; i < WARMUPS; i++) once(); // JIT warm-up, not counted
  const times = [];
  const cpuTimes = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    result = once();
    times.push(result.ms);
    cpuTimes.push(result.cpuMs);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const out = {
    format,
    components,
    ms: times[Math.floor(times.length / 2)],
    cpuMs: cpuTimes[Math.floor(cpuTimes.length / 2)],
    files: result.files.length,
    bytes: result.files.reduce((n, f) => n + f.content.length, 0),
    // The machine's default `node` may be older than the project's (run this with `npx node`).
    node: process.versions.node,
  };
  if (format === 'terraform' && !OVERRIDES) {
    // Same resources: Stratum's HCL rendering vs terraform-generator's, from the same model.
    const prepared = prepareDesign(input);
    const model = terraformModel({
      resolved: prepared.resolved,
      names: prepared.names,
      layout,
      ci: false,
      readme: false,
    });
    const tg = await import('terraform-generator');
    const { TerraformGenerator, arg, map } = tg;
    const toTg = (v) => {
      if (v === null || typeof v !== 'object') return v;
      if (Array.isArray(v))
        return v.length > 0 && v.every((b) => b && b.$ === 'block')
          ? v.map((b) => toTg(b))
          : v.map(toTg);
      if (v.$ === 'block')
        return Object.fromEntries(Object.entries(v.body).map(([k, x]) => [k, toTg(x)]));
      if (v.$ === 'obj')
        return map(Object.fromEntries(Object.entries(v.entries).map(([k, x]) => [k, toTg(x)])));
      return arg(hclValue(v, ''));
    };
    const tgArgs = model.resources.map((r) => [
      r.mode,
      r.type,
      r.name,
      Object.fromEntries(Object.entries(r.body).map(([k, x]) => [k, toTg(x)])),
    ]);
    const bench = (fn) => {
      fn();
      const t = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        fn();
        t.push(performance.now() - t0);
      }
      return t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
    };
    out.resources = model.resources.length;
    out.stratumRenderMs = bench(() => renderResources(model.resources));
    out.terraformGeneratorMs = bench(() => {
      const g = new TerraformGenerator();
      for (const [mode, type, name, args] of tgArgs)
        mode === 'data' ? g.data(type, name, args) : g.resource(type, name, args);
      return g.generate().tf;
    });
  }
  process.stdout.write(JSON.stringify(out));
}

const STEPS = ['parse+complete', 'validate', 'resolve', 'name', 'tags', 'build', 'policy', 'emit'];

function updatePerformanceDoc(rows, linearity, machine) {
  const heading = '## IaC engine (npm run bench:iac)';
  const table = [
    heading,
    '',
    `Measured on ${machine} with \`npm run bench:iac\` (warm: median of ${RUNS} runs after ${WARMUPS} warm-up runs, each case in its own process; first call: the first generation of that size in a fresh process, after a 100-component warm-up; peak RSS: max RSS of that fresh process, Node itself included, so it is the memory one generation needs). "Generate" is the whole pipeline: parse and upgrade, complete, validate, name, build, check the security policy rules, emit. Designs are cells of 10 components (AWS: EC2, ALB, RDS, S3, SQS, Lambda, DynamoDB, KMS, log group, ECS; Azure: NSG, 2 VMs, PostgreSQL, 2 storage accounts, Key Vault, Log Analytics, Service Bus, AKS), each cell in its own network; "with overrides" is the same design with prod resizing every VM. Target (issue 10): at most 40 ms per format for 1,000 components warm, growing linearly, and at most half of the 737 MB peak at 10,000 components. Wall times on this shared VM drift by up to 3× between hours for the same code; compare a change against its base in the same minute (\`npx node scripts/bench-iac.mjs --rebuild --case <format> <components> [overrides]\`, the base a copy of node_modules/.cache/stratum/bench-engine.mjs made before the change, passed with \`--engine <file>\`), or by instruction counts (below). \`npx node\` runs the project's Node 22.`,
    '',
    '| format | components | generate, warm wall (ms) | per 1,000 (ms) | warm CPU (ms) | with overrides, warm wall (ms) | first call (ms) | files | output (MB) | peak RSS (MB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.format} | ${r.components.toLocaleString('en-US')} | ${r.ms.toFixed(0)} | ${((r.ms * 1000) / r.components).toFixed(1)} | ${r.cpuMs.toFixed(0)} | ${r.overridesMs.toFixed(0)} | ${r.firstMs.toFixed(0)} | ${r.files} | ${(r.bytes / 1e6).toFixed(1)} | ${r.maxRssMb} |`,
    ),
    '',
    'Where the time goes at 1,000 components (`--phases`: warm CPU ms of each step as `generate` runs them, median of ' +
      `${RUNS} runs after ${WARMUPS} warm-up runs; garbage collection is charged to the step that triggers it; a process of its own, so its sum differs from the warm CPU above as the load does):`,
    '',
    `| format | ${STEPS.join(' | ')} | sum |`,
    `| --- | ${STEPS.map(() => '---:').join(' | ')} | ---: |`,
    ...rows
      .filter((r) => r.steps)
      .map(
        (r) =>
          `| ${r.format} | ${STEPS.map((k) => r.steps[k].toFixed(1)).join(' | ')} | ${Object.values(
            r.steps,
          )
            .reduce((n, ms) => n + ms, 0)
            .toFixed(1)} |`,
      ),
    '',
    'Same resources rendered to HCL (Stratum, `terraform fmt` layout) and with the npm package `terraform-generator` 6.7 (unformatted output; its expressions passed pre-rendered):',
    '',
    '| components | resources | Stratum HCL (ms) | terraform-generator (ms) | terraform-generator / Stratum |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...rows
      .filter((r) => r.format === 'terraform')
      .map(
        (r) =>
          `| ${r.components.toLocaleString('en-US')} | ${r.resources.toLocaleString('en-US')} | ${r.stratumRenderMs.toFixed(0)} | ${r.terraformGeneratorMs.toFixed(0)} | ${(r.terraformGeneratorMs / r.stratumRenderMs).toFixed(2)}× |`,
      ),
    '',
    `Growth with the design's size for every cloud, service and layout (\`--linearity\`): ${LINEARITY.designs} random valid designs per cloud (the property tests' generator, seed ${LINEARITY.seed}: 1 to 10 services each, any layout, README on) replicated ${LINEARITY.small} and ${LINEARITY.large} times, each copy in its own network; CPU time, best of 3 runs each. "Growth" is the large designs' time over ${LINEARITY.large / LINEARITY.small} times the small ones': 1 is linear, and the larger heap alone makes it somewhat more. "Most" is the design that grew most among those taking 50 ms or more. These designs carry every service's full wiring (roles, keys, alarms, endpoints), so a component costs more than in the cells above.`,
    '',
    '| cloud | format | components | per 1,000 (CPU ms) | growth | most (its services) |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...linearity.map(
      (r) =>
        `| ${r.cloud} | ${r.format} | ${r.components.toLocaleString('en-US')} | ${r.perThousand.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.worst.ratio.toFixed(2)} (${r.worst.services}) |`,
    ),
    '',
    REMAINS.join('\n\n'),
    '',
  ].join('\n');
  return writeSection(heading.slice(3), table.split('\n').slice(2).join('\n'));
}

/**
 * `--phases <format> <components>`: warm CPU time of each step of `generate`, to see where the
 * time goes (median of RUNS runs after WARMUPS warm-up runs, the steps called as generate calls
 * them). Garbage collection is charged to whichever step triggers it.
 */
async function runPhases(format, components) {
  const e = await engine();
  const { input, options } = caseInput(format, components);
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const steps = new Map();
  for (let run = 0; run < WARMUPS + RUNS; run++) {
    let last = cpu();
    const lap = (step) => {
      const now = cpu();
      if (run >= WARMUPS) steps.set(step, [...(steps.get(step) ?? []), now - last]);
      last = now;
    };
    const { design } = e.completeDesign(e.parseDesign(input).design);
    lap('parse+complete');
    e.validateDesign(design);
    lap('validate');
    const resolved = e.resolveDesign(design);
    lap('resolve');
    const names = e.nameNodes(resolved);
    lap('name');
    e.checkDesignTags(design, []);
    lap('tags');
    const base = { resolved, names, layout: options.layout, ci: false, readme: false };
    const exemptions = e.exemptionsOf(design);
    const cloud = design.provider;
    let emitInput;
    if (format === 'terraform') {
      const tfModel = e.terraformModel(base);
      lap('build');
      e.checkPolicy({ cloud, format, resources: tfModel.resources }, exemptions);
      emitInput = { ...base, tfModel };
    } else {
      const armModel = e.buildArm(resolved, names);
      lap('build');
      e.checkPolicy({ cloud, format: 'arm', resources: armModel.resources }, exemptions);
      emitInput = { ...base, armModel };
    }
    lap('policy');
    e.EMITTERS[format].emit(emitInput);
    lap('emit');
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const out = Object.fromEntries([...steps].map(([step, xs]) => [step, median(xs)]));
  process.stdout.write(JSON.stringify({ steps: out }));
}

/**
 * `--series <format> <components> [count]`: wall/CPU ms of each of `count` generations in one
 * process, to see how long the JIT and the collector take to settle (a job worker's life).
 */
async function runSeries(format, components, count) {
  const { generate } = await engine();
  const { input, options } = caseInput(format, components);
  const out = [];
  for (let i = 0; i < count; i++) {
    const { ms, cpuMs } = timedGeneration(generate, input, options);
    out.push(`${ms.toFixed(0)}/${cpuMs.toFixed(0)}`);
  }
  process.stdout.write(`${out.join(' ')}\n`);
}

/**
 * `--ab <base-engine.mjs> <format> <components> [count]`: the engine bundled from the working
 * tree and an earlier bundle (a copy of bench-engine.mjs made before a change) generate the same
 * design by turns in this process, `count` times each; prints the median wall and CPU ms of the
 * last count - 5 of each, and refuses when their files differ. On a shared machine whose speed
 * drifts between minutes this is the comparison that holds.
 */
async function runAb(baseFile, format, components, count) {
  const current = await engine(true);
  const base = await import(pathToFileURL(baseFile).href);
  const { input, options } = caseInput(format, components);
  const text = (files) => files.map((f) => `${f.path}\n${f.content}`).join('\n');
  const a = timedGeneration(base.generate, input, options);
  const b = timedGeneration(current.generate, input, options);
  if (text(a.files) !== text(b.files)) throw new Error('the two engines write different files');
  const runs = { base: [], current: [] };
  for (let i = 0; i < count; i++) {
    for (const [name, e] of [
      ['base', base],
      ['current', current],
    ]) {
      const t = timedGeneration(e.generate, input, options);
      if (i >= 5) runs[name].push(t);
    }
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const line = (name) =>
    `${name}: wall ${median(runs[name].map((t) => t.ms)).toFixed(1)} ms, CPU ${median(runs[name].map((t) => t.cpuMs)).toFixed(1)} ms`;
  process.stdout.write(`${format} ${components}: ${line('base')}; ${line('current')}\n`);
}

/**
 * A design `count` times over, each copy with its own ids, names and networks (the cells of the
 * benchmark designs, drawn at random): what a design of that many components costs.
 */
function replicate(design, count) {
  const groups = [];
  const components = [];
  const connections = [];
  const overrides = design.environments.map(() => ({}));
  for (let i = 0; i < count; i++) {
    const id = (x) => (x === undefined ? undefined : `r${i}-${x}`);
    const copy = (n) => ({
      ...n,
      id: id(n.id),
      name: `r${i}${n.name}`,
      ...(n.parent !== undefined ? { parent: id(n.parent) } : {}),
      ...(n.group !== undefined ? { group: id(n.group) } : {}),
    });
    groups.push(...(design.groups ?? []).map(copy));
    components.push(...(design.components ?? []).map(copy));
    for (const c of design.connections ?? [])
      connections.push({ ...c, ...(c.id ? { id: id(c.id) } : {}), from: id(c.from), to: id(c.to) });
    design.environments.forEach((e, j) => {
      for (const [k, v] of Object.entries(e.overrides ?? {})) overrides[j][id(k)] = v;
    });
  }
  return {
    ...design,
    environments: design.environments.map((e, j) => ({ ...e, overrides: overrides[j] })),
    groups,
    components,
    connections,
  };
}

const LINEARITY = { designs: 16, seed: 20261201, small: 20, large: 160 };

/**
 * `--linearity`: whether generation grows linearly for every cloud, every service and every
 * layout, not only in the two benchmark designs. Random valid designs of each cloud (the property
 * tests' generator: every service, every layout, 1 to 10 services each) are replicated 20 and 160
 * times; the CPU time of the large one over 8 times the small one's is 1 for linear growth (the
 * larger heap makes it a little more). A step that scans the design for each component shows as
 * a ratio far above that in the designs holding its service.
 */
async function runLinearity() {
  const e = await engine();
  const cpu = (design, format, runs) => {
    let best = Infinity;
    for (let i = 0; i < runs; i++) {
      const c0 = process.cpuUsage();
      const r = e.generate(design, { format, readme: true });
      const c = process.cpuUsage(c0);
      if (!r.ok) return undefined;
      best = Math.min(best, (c.user + c.system) / 1000);
    }
    return best;
  };
  const rows = [];
  for (const cloud of e.CLOUDS) {
    const designs = e.fc.sample(e.randomDesign(cloud), {
      numRuns: LINEARITY.designs,
      seed: LINEARITY.seed,
    });
    for (const format of cloud === 'azure' ? ['terraform', 'bicep', 'arm'] : ['terraform']) {
      let small = 0;
      let large = 0;
      let components = 0;
      let worst = { ratio: 0, services: '' };
      for (const d of designs) {
        const a = replicate(d, LINEARITY.small);
        if (cpu(a, format, 2) === undefined) continue;
        const ta = cpu(a, format, 3);
        const b = replicate(d, LINEARITY.large);
        const tb = cpu(b, format, 3);
        if (tb === undefined) throw new Error(`${cloud} ${format}: a replicated design is refused`);
        small += ta;
        large += tb;
        components += b.components.length;
        const ratio = tb / (ta * (LINEARITY.large / LINEARITY.small));
        // A design of one small service takes a few milliseconds: too little to time apart.
        if (tb >= 50 && ratio > worst.ratio)
          worst = { ratio, services: [...new Set(d.components.map((c) => c.service))].join(', ') };
      }
      rows.push({
        cloud,
        format,
        components,
        perThousand: (large * 1000) / components,
        ratio: large / (small * (LINEARITY.large / LINEARITY.small)),
        worst,
      });
    }
  }
  process.stdout.write(JSON.stringify(rows));
}

const seriesIndex = process.argv.indexOf('--series');
const caseIndex = process.argv.indexOf('--case');
const memoryIndex = process.argv.indexOf('--memory');
const phasesIndex = process.argv.indexOf('--phases');
const abIndex = process.argv.indexOf('--ab');
if (abIndex >= 0) {
  const [baseFile, format, components, count] = process.argv.slice(abIndex + 1);
  await runAb(baseFile, format, Number(components), Number(count ?? 30));
} else if (process.argv.includes('--linearity')) {
  await runLinearity();
} else if (seriesIndex >= 0) {
  const [format, components, count] = process.argv.slice(seriesIndex + 1);
  await runSeries(format, Number(components), Number(count ?? 30));
} else if (phasesIndex >= 0) {
  await runPhases(process.argv[phasesIndex + 1], Number(process.argv[phasesIndex + 2]));
} else if (memoryIndex >= 0) {
  await runMemory(process.argv[memoryIndex + 1], Number(process.argv[memoryIndex + 2]));
} else if (caseIndex >= 0) {
  await runCase(process.argv[caseIndex + 1], Number(process.argv[caseIndex + 2]));
} else {
  const startLoad = loadavg()[0]?.toFixed(1) ?? '?';
  await engine(true);
  const rows = [];
  for (const components of SIZES) {
    for (const format of ['terraform', 'bicep', 'arm']) {
      const spawn = (mode, ...extra) => {
        const r = spawnSync(
          process.execPath,
          [fileURLToPath(import.meta.url), mode, format, String(components), ...extra],
          { encoding: 'utf8' },
        );
        if (r.status !== 0) {
          process.stderr.write(r.stderr);
          process.exit(1);
        }
        return JSON.parse(r.stdout);
      };
      const row = {
        ...spawn('--case'),
        ...spawn('--memory'),
        ...(components === SIZES[0] ? spawn('--phases') : {}),
        overridesMs: spawn('--case', 'overrides').ms,
      };
      rows.push(row);
      const ratio = row.terraformGeneratorMs
        ? `; HCL of ${row.resources} resources: stratum ${row.stratumRenderMs.toFixed(0)} ms, terraform-generator ${row.terraformGeneratorMs.toFixed(0)} ms (ratio ${(row.terraformGeneratorMs / row.stratumRenderMs).toFixed(2)})`
        : '';
      process.stdout.write(
        `${format.padEnd(9)} ${String(components).padStart(6)} components: ${row.ms.toFixed(0).padStart(6)} ms warm (CPU ${row.cpuMs.toFixed(0)} ms; first call ${row.firstMs.toFixed(0)} ms; with overrides ${row.overridesMs.toFixed(0)} ms), ${row.files} files, peak RSS ${row.maxRssMb} MB${ratio}\n`,
      );
    }
  }
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--linearity'], {
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    process.exit(1);
  }
  const linearity = JSON.parse(run.stdout);
  for (const r of linearity)
    process.stdout.write(
      `linearity ${r.cloud} ${r.format}: ${r.components} components, ${r.perThousand.toFixed(0)} CPU ms per 1,000, growth ${r.ratio.toFixed(2)} (most ${r.worst.ratio.toFixed(2)}: ${r.worst.services})\n`,
    );
  const load = `${startLoad} at the start and ${loadavg()[0]?.toFixed(1) ?? '?'} at the end of the run`;
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.versions.node} (1-minute load average ${load}; wall times grow with the load, CPU times much less)`;
  await updatePerformanceDoc(rows, linearity, machine);
  process.stdout.write('docs/performance.md updated\n');
}
