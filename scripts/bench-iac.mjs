#!/usr/bin/env node
// IaC engine benchmark (`npm run bench:iac`): designs of 1,000 and 10,000 components, every
// format. Each case runs in its own process so peak memory (max RSS) belongs to that case alone.
// The same resources' HCL is also produced with the npm package terraform-generator and the
// time ratio printed. Figures are appended to docs/performance.md (only this script's section).
import { bundlePath, bundleSource } from './bench-bundle.mjs';
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
    ]);
  }
  return import(pathToFileURL(engineFile).href);
}

/** AWS cell of 10 components in its own VPC: compute, load balancer, data stores, messaging. */
function awsDesign(components) {
  const groups = [];
  const comps = [];
  const connections = [];
  for (let cell = 0; comps.length < components; cell++) {
    const c = (k) => `c${cell}-${k}`;
    groups.push(
      { id: c('vpc'), service: 'aws.vpc', name: c('vpc'), properties: { cidr: '10.0.0.0/16' } },
      {
        id: c('a'),
        service: 'aws.subnet',
        name: c('a'),
        parent: c('vpc'),
        properties: { cidr: '10.0.1.0/24', zone: '0' },
      },
      {
        id: c('b'),
        service: 'aws.subnet',
        name: c('b'),
        parent: c('vpc'),
        properties: { cidr: '10.0.2.0/24', zone: '1' },
      },
    );
    const add = (k, service, group, properties = {}) =>
      comps.push({
        id: c(k),
        service,
        name: c(k),
        ...(group ? { group: c(group) } : {}),
        properties,
      });
    add('web', 'aws.ec2', 'a');
    add('lb', 'aws.alb', 'a');
    add('db', 'aws.rds-postgresql', 'a');
    add('files', 'aws.s3');
    add('jobs', 'aws.sqs');
    add('fn', 'aws.lambda', 'a');
    add('table', 'aws.dynamodb');
    add('key', 'aws.kms');
    add('logs', 'aws.cloudwatch-log-group');
    add('svc', 'aws.ecs-fargate', 'b');
    connections.push(
      { from: c('lb'), to: c('b'), type: 'placement' },
      { from: c('lb'), to: c('web'), type: 'traffic', port: 80 },
      { from: c('web'), to: c('db'), type: 'data' },
      { from: c('fn'), to: c('jobs'), type: 'data' },
      { from: c('fn'), to: c('table'), type: 'data' },
      { from: c('svc'), to: c('files'), type: 'data' },
      { from: c('files'), to: c('key'), type: 'data' },
    );
  }
  return design('aws', 'us-east-1', groups, comps.slice(0, components), connections);
}

/** Azure cell of 10 components in its own VNet. */
function azureDesign(components) {
  const groups = [];
  const comps = [];
  const connections = [];
  for (let cell = 0; comps.length < components; cell++) {
    const c = (k) => `c${cell}-${k}`;
    groups.push(
      {
        id: c('vnet'),
        service: 'azure.virtual-network',
        name: c('vnet'),
        properties: { cidr: '10.0.0.0/16' },
      },
      {
        id: c('web'),
        service: 'azure.subnet',
        name: c('web'),
        parent: c('vnet'),
        properties: { cidr: '10.0.1.0/24' },
      },
      {
        id: c('db'),
        service: 'azure.subnet',
        name: c('db'),
        parent: c('vnet'),
        properties: { cidr: '10.0.2.0/24' },
      },
      {
        id: c('aks'),
        service: 'azure.subnet',
        name: c('aks'),
        parent: c('vnet'),
        properties: { cidr: '10.0.16.0/20' },
      },
    );
    const add = (k, service, group, properties = {}) =>
      comps.push({
        id: c(k),
        service,
        name: c(k),
        ...(group ? { group: c(group) } : {}),
        properties,
      });
    add('nsg', 'azure.network-security-group', 'vnet');
    add('vm', 'azure.linux-vm', 'web');
    add('vm2', 'azure.linux-vm', 'web');
    add('pg', 'azure.postgresql-flexible', 'db');
    add('st', 'azure.storage-account');
    add('kv', 'azure.key-vault');
    add('log', 'azure.log-analytics');
    add('sb', 'azure.service-bus-queue');
    add('k8s', 'azure.aks', 'aks');
    add('st2', 'azure.storage-account');
    connections.push(
      { from: c('web'), to: c('nsg'), type: 'placement' },
      { from: c('k8s'), to: c('log'), type: 'data' },
    );
  }
  return design('azure', 'westeurope', groups, comps.slice(0, components), connections);
}

/** Compute sizes prod takes in the designs with per-environment overrides. */
const PROD_SIZES = {
  'aws.ec2': { instanceType: 'm7i.large' },
  'azure.linux-vm': { size: 'Standard_D2s_v5' },
};

function design(provider, region, groups, components, connections) {
  const ids = new Set([...groups, ...components].map((n) => n.id));
  const resized = components.filter((c) => PROD_SIZES[c.service]);
  return {
    v: 2,
    name: `bench-${provider}`,
    provider,
    region,
    environments: OVERRIDES
      ? [
          { name: 'dev' },
          {
            name: 'prod',
            overrides: Object.fromEntries(resized.map((c) => [c.id, PROD_SIZES[c.service]])),
          },
        ]
      : [{ name: 'dev' }, { name: 'prod' }],
    naming: { org: 'acme', project: 'bench', pattern: '{org}-{env}-{type}-{name}' },
    groups,
    components,
    connections: connections.filter((c) => ids.has(c.from) && ids.has(c.to)),
  };
}

/**
 * `overrides` after a case's size: the same design with prod resizing every VM, as teams size
 * production up (a per-environment value the builders emit as a variable).
 */
const OVERRIDES = process.argv.includes('overrides');

/** The design and options of a case. */
function caseInput(format, components) {
  const input = format === 'terraform' ? awsDesign(components) : azureDesign(components);
  const layout = format === 'terraform' ? 'standard' : format === 'bicep' ? 'modules' : 'single';
  return { input, options: { format, layout, readme: false } };
}

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

/** Where the 40 ms target stands (see docs/performance.md), as paragraphs. */
const REMAINS = [
  "The 40 ms target is not reached, and the same engine measures up to 3× apart between hosts and hours. On 2026-11-30, per 1,000 Terraform, Bicep and ARM components: one AMD EPYC host at a load average of 0.7 measured 68, 49 and 67 ms at 02:46 UTC; another, idle, 168, 110 and 144 ms at 06:42 and 131, 92 and 94 ms at 06:56; a third 65, 46 and 63 ms at 12:47 (single `--case` runs minutes before: 67, 42 and 46 ms) and, with that afternoon's builder fixes, 64, 46 and 52 ms at 14:23. The table above is a fourth host's, measured after the text renderer of decision 0035 landed; against the engine of 14:23, the two run by turns in one process on that host minutes before the table (30 generations each, CPU time of the last 25, medians), the renderer takes 15 % less for Terraform (132 → 112 ms), 14 % less for Bicep (106 → 91 ms) and 6 % less for ARM (108 → 102 ms, which it does not touch), with byte-identical output. The table is whatever host the run met (its model is in the first paragraph). At 10,000 components each 1,000 takes within 10 % of what it takes at 1,000: generation grows linearly. Wall times are therefore compared only within one run, and changes by instruction counts: `valgrind --tool=callgrind` on the project's Node with V8's `--predictable --predictable-gc-schedule --single-threaded`, running this script's `--series <format> 1000 <count>` with counts 4 and 8 and taking the difference. Equal builds count equal instructions, but builds that differ in one small function counted 922 to 1,038 million instructions per generation on 2026-11-30 (V8 decides inlining and allocation anew), so this shows changes of 10 % and more, not small ones.",
  'Designs with per-environment overrides (the column "with overrides": prod resizes every VM: 10 % of the AWS components, 20 % of the Azure ones) were built more than once until 2026-11-30: the check that refuses an override of a property the builders use for a decision built the whole model of every tool before generation built its own again, twice for Terraform and three times for Azure in Bicep or ARM. The check now builds only the overridden nodes, and the whole model only for the format being generated, which generation then emits: 20 % fewer instructions for 1,000 AWS components in Terraform and 21 % for 1,000 Azure components in Bicep. ARM also compiles each resource\'s name expression once per template (3.4 % fewer instructions, less than builds were found to vary later that day). Run by turns in the same minutes against the engine of that morning (three runs each, medians): 157 against 90 ms for 1,000 Azure components in Bicep with overrides and 150 against 102 ms for 1,000 AWS components in Terraform with overrides, while the designs without overrides stayed within the noise (95 against 75 and 135 against 115 ms).',
  'In one long-lived process (a job worker), the first generations of a design take up to twice as long as later ones (`--series <format> <components> [count]` prints each): scavenges took 37 ms of the first Terraform generation of 1,000 components and 11–15 ms after 25, as V8 learns which allocation sites to pretenure. The table keeps the stricter measure (5 runs after 3 warm-ups).',
  'What remains is flat (2026-11-29 profiles): no step repeats work per component (catalog and rule lookups, compiled name rules, the graph and the reachability view are built once; validation runs once; nothing is cloned deeply; each output list is sorted once), and no function but the garbage collector takes more than 5 % of a generation. The collector takes about a fifth: a Terraform generation of 1,000 components allocated 69 MB for 2 MB of output (sampling heap profile, collected objects included), 32 MB of it in rendering, until decision 0035 wrote HCL and Bicep into one byte buffer per file; it now allocates 40 MB, rendering 2 MB of it, the builders 21 MB and parsing, validation and naming 15 MB, and the model lives until the files are written, so each scavenge copies it.',
  "Where a steady worker spends a Terraform generation of 1,000 components after decision 0035 (CPU profile of 30 generations in one process, 2026-11-30, shares of the time in `generate`; the collector, 22 % of the whole profile, apart): parsing 3 %, validation 10 %, naming 8 %, resolving 3 %, the builders 45 % (the per-service builders; fixing names to their type's rules and the build context around them are a tenth of it), the policy rules 2 %, rendering and writing the files 27 %, four fifths of that the resources' HCL. 40 ms needs the builders and the model they fill to change shape, not the code around them.",
  "Tried and dropped, each against its base: a larger young generation for the job workers (48–192 MB: no faster; with an idle scavenge between jobs about 10 ms faster after 8 warm-ups, for 126 MB more peak memory per worker at 10,000 components); rendering a file of resources as one array of lines (5 MB less allocated, more instructions); rendering text straight from the model in one pass (V8 builds ropes and flattens them when the file is joined); names the builders already fixed not checked again (1.5 % fewer instructions); a character loop for escaping and resources rendered without copying their body (0.3 %); on 2026-11-30, V8's `--always-sparkplug` and `--no-lazy-feedback-allocation` (within the noise of 80 generations each) and semi-spaces of 32 and 64 MB (6 % and 11 % faster in a steady worker, medians of 80 generations, for the young generation's memory above). Also within the noise of both measures on 2026-11-30, and dropped: a resource's meta-arguments (`provider`, `depends_on`, `lifecycle`) written in place instead of a copied body; kept, as it is also simpler code, one object shape for every resource (its optional fields always set). Later on 2026-11-30, each against its base in one process: rendering into a list of string parts joined once per file (3× slower than the line-based renderer: V8's `join` costs about 100 ns a part; the byte buffer of decision 0035 was kept instead), and ARM's JSON written by script into the byte buffer instead of `JSON.stringify(template, null, 2)` (2.2× faster on one template rendered again and again, no faster in a generation, where each template is new). Reaching 40 ms needs a different shape, not tuning: builders writing text as they go instead of a model that is kept, rendered and checked (the security policy rules read the model), or per-component output kept between generations so an edit re-renders only what changed.",
];

function updatePerformanceDoc(rows, machine) {
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

const seriesIndex = process.argv.indexOf('--series');
const caseIndex = process.argv.indexOf('--case');
const memoryIndex = process.argv.indexOf('--memory');
const phasesIndex = process.argv.indexOf('--phases');
const abIndex = process.argv.indexOf('--ab');
if (abIndex >= 0) {
  const [baseFile, format, components, count] = process.argv.slice(abIndex + 1);
  await runAb(baseFile, format, Number(components), Number(count ?? 30));
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
  const load = `${startLoad} at the start and ${loadavg()[0]?.toFixed(1) ?? '?'} at the end of the run`;
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.versions.node} (1-minute load average ${load}; wall times grow with the load, CPU times much less)`;
  await updatePerformanceDoc(rows, machine);
  process.stdout.write('docs/performance.md updated\n');
}
