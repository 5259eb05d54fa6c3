#!/usr/bin/env node
// `npm run bench:convert`: issue 15's converter targets. Terraform → design for a configuration
// of about 1,000 resources (≤ 1 s): the engine's own Terraform for an AWS design, read back
// through the HCL parser, the catalog probes and the reference graph. Bicep → ARM for one file of
// 200 resources (≤ 300 ms): parameters with decorators, variables, string interpolation,
// symbolic references (ids, properties), a parent, conditions and outputs. Both run through the
// dispatcher the API and the CLI use (`convertFiles`), warm: median of RUNS after WARMUPS.
// Figures go to docs/performance.md; the exit code is 1 when a budget is missed.
import { cpus } from 'node:os';
import { bundleSource, importBundle } from './bench-bundle.mjs';
import { writeSection } from './perf-doc.mjs';

const RUNS = 7;
const WARMUPS = 3;
const BUDGET = { terraformMs: 1000, bicepMs: 300 };

async function engine() {
  return importBundle(
    await bundleSource('bench-convert', [
      "export { convertFiles } from './core/src/convert/convert';",
      "export { generate } from './core/src/iac/generate';",
    ]),
  );
}

/** An AWS design of `cells` × 6 components (VPC, 2 subnets around them), with connections. */
function awsDesign(cells) {
  const groups = [];
  const components = [];
  const connections = [];
  for (let cell = 0; cell < cells; cell++) {
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
    const add = (k, service, group) =>
      components.push({
        id: c(k),
        service,
        name: c(k),
        ...(group ? { group: c(group) } : {}),
        properties: {},
      });
    add('web', 'aws.ec2', 'a');
    add('db', 'aws.rds-postgresql', 'a');
    add('files', 'aws.s3');
    add('jobs', 'aws.sqs');
    add('fn', 'aws.lambda', 'b');
    add('table', 'aws.dynamodb');
    connections.push(
      { from: c('web'), to: c('db'), type: 'data' },
      { from: c('fn'), to: c('jobs'), type: 'data' },
      { from: c('fn'), to: c('table'), type: 'data' },
      { from: c('web'), to: c('files'), type: 'data' },
    );
  }
  return {
    v: 2,
    name: 'bench-convert',
    provider: 'aws',
    region: 'us-east-1',
    environments: [{ name: 'dev' }, { name: 'prod' }],
    naming: { org: 'acme', project: 'bench', pattern: '{org}-{env}-{type}-{name}' },
    groups,
    components,
    connections,
  };
}

/** One Bicep file of `cells` × 4 = 200 resources, written the way people write Bicep. */
function bicepFile(cells) {
  const out = [
    "@description('Where everything goes.')",
    'param location string = resourceGroup().location',
    "@allowed(['dev', 'prod'])",
    "param env string = 'dev'",
    '@minLength(3)',
    '@maxLength(11)',
    "param prefix string = 'acme'",
    'param enableLogs bool = true',
    '',
    'var suffix = uniqueString(resourceGroup().id)',
    "var tags = { environment: env, owner: 'platform' }",
    '',
  ];
  for (let i = 0; i < cells; i++) {
    out.push(
      `resource vnet${i} 'Microsoft.Network/virtualNetworks@2024-05-01' = {`,
      `  name: '\${prefix}-\${env}-vnet-${i}'`,
      '  location: location',
      '  tags: tags',
      '  properties: {',
      `    addressSpace: { addressPrefixes: ['10.${i % 250}.0.0/16'] }`,
      '    subnets: [',
      '      {',
      "        name: 'app'",
      `        properties: { addressPrefix: '10.${i % 250}.1.0/24', networkSecurityGroup: { id: nsg${i}.id } }`,
      '      }',
      '    ]',
      '  }',
      '}',
      '',
      `resource nsg${i} 'Microsoft.Network/networkSecurityGroups@2024-05-01' = {`,
      `  name: '\${prefix}-\${env}-nsg-${i}'`,
      '  location: location',
      '  properties: {',
      '    securityRules: [',
      '      {',
      "        name: 'https'",
      '        properties: {',
      "          priority: 100, direction: 'Inbound', access: 'Allow', protocol: 'Tcp'",
      "          sourcePortRange: '*', destinationPortRange: '443'",
      "          sourceAddressPrefix: '*', destinationAddressPrefix: '*'",
      '        }',
      '      }',
      '    ]',
      '  }',
      '}',
      '',
      `resource st${i} 'Microsoft.Storage/storageAccounts@2023-05-01' = {`,
      `  name: toLower('st\${take(prefix, 6)}${i}\${take(suffix, 6)}')`,
      '  location: location',
      "  sku: { name: env == 'prod' ? 'Standard_ZRS' : 'Standard_LRS' }",
      "  kind: 'StorageV2'",
      '  tags: union(tags, { cell: string(' + i + ') })',
      "  properties: { minimumTlsVersion: 'TLS1_2', allowBlobPublicAccess: false, supportsHttpsTrafficOnly: true }",
      '}',
      '',
      `resource logs${i} 'Microsoft.Insights/diagnosticSettings@2021-05-01-preview' = if (enableLogs) {`,
      `  name: 'logs-${i}'`,
      `  scope: vnet${i}`,
      '  properties: {',
      `    storageAccountId: st${i}.id`,
      "    logs: [{ categoryGroup: 'allLogs', enabled: true }]",
      '  }',
      '}',
      '',
    );
  }
  out.push(
    `output firstVnetId string = vnet0.id`,
    `output firstStorageEndpoint string = st0.properties.primaryEndpoints.blob`,
  );
  return `${out.join('\n')}\n`;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn) {
  for (let i = 0; i < WARMUPS; i++) fn();
  const ms = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    last = fn();
    ms.push(performance.now() - t);
  }
  return { ms: median(ms), last };
}

const { convertFiles, generate } = await engine();

// Terraform: cells until the generated configuration holds about 1,000 resource blocks.
let cells = 30;
let tfFiles;
let resources = 0;
for (;;) {
  const generated = generate(awsDesign(cells), { format: 'terraform', layout: 'single' });
  if (!generated.ok) throw new Error(JSON.stringify(generated.issues?.slice(0, 3)));
  tfFiles = generated.files
    .filter((f) => f.path.endsWith('.tf'))
    .map((f) => ({ path: f.path, content: f.content }));
  resources = tfFiles.reduce((n, f) => n + (f.content.match(/^resource "/gm)?.length ?? 0), 0);
  if (resources >= 1000) break;
  cells = Math.ceil((cells * 1000) / Math.max(resources, 1));
}
const tf = time(() => convertFiles({ from: 'terraform', to: 'design', files: tfFiles }));
const components = tf.last.design?.components?.length ?? 0;

const bicep = bicepFile(50);
const bicepResources = bicep.match(/^resource /gm)?.length ?? 0;
const bc = time(() =>
  convertFiles({ from: 'bicep', to: 'arm', files: [{ path: 'main.bicep', content: bicep }] }),
);
const armResources = (() => {
  const arm = bc.last.files.find((f) => f.path.endsWith('.json'));
  return arm ? (JSON.parse(arm.content).resources?.length ?? 0) : 0;
})();

const ok = tf.ms <= BUDGET.terraformMs && bc.ms <= BUDGET.bicepMs;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'CPU'}, Node ${process.version}: warm, median of ${RUNS} runs after ${WARMUPS} warm-ups, through \`convertFiles\` (what the API and \`stratum convert\` call).`,
  '',
  '| conversion | input | output | median | budget |',
  '| --- | --- | --- | ---: | ---: |',
  `| Terraform → design | ${resources.toLocaleString('en')} resource blocks (${tfFiles.length} files: the engine's Terraform for ${cells} cells of an AWS design) | ${components} components, ${tf.last.warnings.length} warnings, ${tf.last.unconverted.length} unconverted | ${Math.round(tf.ms)} ms | ${BUDGET.terraformMs} ms |`,
  `| Bicep → ARM | one file, ${bicepResources} resources (decorators, interpolation, references, conditions, scope, outputs) | ${armResources} ARM resources, ${bc.last.warnings.length} warnings | ${Math.round(bc.ms)} ms | ${BUDGET.bicepMs} ms |`,
];
process.stdout.write(`${lines.join('\n')}\n\n${ok ? 'within budget' : 'OVER BUDGET'}\n`);
await writeSection('Converter (npm run bench:convert)', lines.join('\n'));
process.exitCode = ok ? 0 : 1;
