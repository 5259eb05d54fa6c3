// The designs npm run bench:iac generates: cells of 10 components, each cell in its own network.

/** AWS cell of 10 components in its own VPC: compute, load balancer, data stores, messaging. */
function awsDesign(components, overrides) {
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
  return design('aws', 'us-east-1', groups, comps.slice(0, components), connections, overrides);
}

/** Azure cell of 10 components in its own VNet. */
function azureDesign(components, overrides) {
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
  return design('azure', 'westeurope', groups, comps.slice(0, components), connections, overrides);
}

/** Compute sizes prod takes in the designs with per-environment overrides. */
const PROD_SIZES = {
  'aws.ec2': { instanceType: 'm7i.large' },
  'azure.linux-vm': { size: 'Standard_D2s_v5' },
};

function design(provider, region, groups, components, connections, overrides) {
  const ids = new Set([...groups, ...components].map((n) => n.id));
  const resized = components.filter((c) => PROD_SIZES[c.service]);
  return {
    v: 2,
    name: `bench-${provider}`,
    provider,
    region,
    environments: overrides
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
 * The design and options of a case; with `overrides`, prod resizes every VM, as teams size
 * production up (a per-environment value the builders emit as a variable).
 */
export function benchCase(format, components, overrides = false) {
  const input =
    format === 'terraform' ? awsDesign(components, overrides) : azureDesign(components, overrides);
  const layout = format === 'terraform' ? 'standard' : format === 'bicep' ? 'modules' : 'single';
  return { input, options: { format, layout, readme: false } };
}
