import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';
import { findService } from '../../catalog/registry';
import type { TPropertyValue } from '../../types';

type TProps = Record<string, TPropertyValue>;

/** Errors of a one-component design (placed in a subnet of a network when it needs one). */
function errorsOf(
  provider: 'aws' | 'azure' | 'gcp' | 'oci',
  service: string,
  properties: TProps,
  extra: { region?: string; overrides?: TProps } = {},
) {
  const regions = {
    aws: 'eu-west-1',
    azure: 'westeurope',
    gcp: 'europe-west1',
    oci: 'eu-frankfurt-1',
  };
  const subnet = {
    aws: 'aws.subnet',
    azure: 'azure.subnet',
    gcp: 'gcp.subnetwork',
    oci: 'oci.subnet',
  };
  const network = {
    aws: 'aws.vpc',
    azure: 'azure.virtual-network',
    gcp: 'gcp.vpc-network',
    oci: 'oci.vcn',
  };
  const placement = findService(service)?.placement;
  const group = placement === 'subnet' ? 's0' : placement === 'network' ? 'net' : undefined;
  const parsed = parseDesign({
    v: 2,
    name: 'rules',
    provider,
    region: extra.region ?? regions[provider],
    environments: [
      { name: 'dev' },
      { name: 'prod', overrides: extra.overrides ? { x: extra.overrides } : {} },
    ],
    groups: [
      { id: 'net', service: network[provider], name: 'net' },
      ...['0', '1'].map((zone, i) => ({
        id: `s${i}`,
        service: subnet[provider],
        name: `s${i}`,
        parent: 'net',
        properties: {
          cidr: `10.0.${i}.0/24`,
          ...(provider === 'aws' ? { zone } : {}),
        },
      })),
    ],
    components: [{ id: 'x', service, name: 'x', ...(group ? { group } : {}), properties }],
    connections: group === 's0' ? [{ from: 'x', to: 's1', type: 'placement' }] : [],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const design = completeDesign(parsed.design).design;
  // Placement decides nothing here: keep only the property rules' answers.
  return validateDesign(design)
    .filter((i) => i.severity === 'error' && /properties|overrides/.test(i.path))
    .map((i) => `${i.path}: ${i.message}`);
}

describe('cross-field rules: what the cloud refuses, on the field to change', () => {
  it('scaling bounds: min above max, and a start count outside them, on every cloud', () => {
    expect(
      errorsOf('aws', 'aws.autoscaling-group', { minSize: 5, maxSize: 2, desired: 2 }),
    ).toEqual([
      'components[0].properties.minSize: minSize 5 is above maxSize 2: lower minSize or raise maxSize (minSize ≤ maxSize)',
    ]);
    expect(
      errorsOf('aws', 'aws.autoscaling-group', { minSize: 1, maxSize: 3, desired: 7 }),
    ).toEqual([
      'components[0].properties.desired: desired 7 is outside minSize–maxSize (1–3): set desired between 1 and 3',
    ]);
    expect(errorsOf('aws', 'aws.eks', { nodeMin: 1, nodeMax: 4, nodeDesired: 5 })).toHaveLength(1);
    expect(errorsOf('azure', 'azure.vm-scale-set', { minSize: 4, maxSize: 3 })).toHaveLength(1);
    expect(errorsOf('azure', 'azure.aks', { nodeMin: 5, nodeMax: 3 })).toHaveLength(1);
    expect(errorsOf('gcp', 'gcp.managed-instance-group', { minSize: 7, maxSize: 6 })).toHaveLength(
      1,
    );
    expect(errorsOf('gcp', 'gcp.gke', { nodeMin: 4, nodeMax: 3 })).toHaveLength(1);
    expect(errorsOf('oci', 'oci.instance-pool', { min: 2, initial: 5, max: 4 })).toEqual([
      'components[0].properties.initial: initial 5 is outside min–max (2–4): set initial between 2 and 4',
    ]);
    expect(errorsOf('oci', 'oci.load-balancer', { minMbps: 200, maxMbps: 100 })).toHaveLength(1);
    expect(
      errorsOf('aws', 'aws.autoscaling-group', { minSize: 2, maxSize: 2, desired: 2 }),
    ).toEqual([]);
  });

  it('reports an environment override that breaks a bound on the override itself', () => {
    expect(
      errorsOf(
        'aws',
        'aws.autoscaling-group',
        { minSize: 1, maxSize: 4, desired: 2 },
        { overrides: { maxSize: 1 } },
      ),
    ).toEqual([
      'environments[1].overrides.x: desired 2 is outside minSize–maxSize (1–1): set desired between 1 and 1',
    ]);
  });

  it('Fargate: only the CPU/memory pairs AWS offers', () => {
    expect(errorsOf('aws', 'aws.ecs-fargate', { cpu: '1024', memory: '512' })).toEqual([
      'components[0].properties.memory: memory 512 MiB is not offered by Fargate with cpu 1024: choose 2048–8192 in steps of 1024 MiB, or another cpu',
    ]);
    expect(errorsOf('aws', 'aws.ecs-fargate', { cpu: '256', memory: '4096' })).toEqual([
      'components[0].properties.memory: memory 4096 MiB is not offered by Fargate with cpu 256: choose 512, 1024, 2048 MiB, or another cpu',
    ]);
    expect(errorsOf('aws', 'aws.ecs-fargate', { cpu: '4096', memory: '16384' })).toEqual([]);
    // A value refused on its own is reported once, not again by the pair rule.
    expect(errorsOf('aws', 'aws.ecs-fargate', { cpu: '1024', memory: '9999' })).toEqual([
      expect.stringMatching(/^components\[0\]\.properties\.memory: memory "9999" is not one of/),
    ]);
  });

  it('Kubernetes workload identity: a namespace and service account Kubernetes takes', () => {
    expect(
      errorsOf('aws', 'aws.eks', { workloadNamespace: 'Shop', workloadServiceAccount: 'orders' }),
    ).toEqual([
      "components[0].properties.workloadNamespace: workloadNamespace “Shop” is not a Kubernetes namespace (a DNS-1123 label): use lower-case letters, digits and '-', starting and ending with a letter or digit",
    ]);
    expect(errorsOf('oci', 'oci.oke', { workloadServiceAccount: 'orders_api' })).toHaveLength(1);
    expect(errorsOf('gcp', 'gcp.gke', { namespace: 'team a' })).toHaveLength(1);
    expect(
      errorsOf('azure', 'azure.aks', {
        workloadNamespace: 'shop',
        workloadServiceAccount: 'orders.api',
      }),
    ).toEqual([]);
  });

  it('Azure storage: Premium keeps LRS or ZRS', () => {
    expect(
      errorsOf('azure', 'azure.storage-account', { tier: 'Premium', replication: 'GRS' }),
    ).toEqual([
      'components[0].properties.replication: replication GRS is not offered with tier Premium: choose LRS or ZRS, or set tier to Standard',
    ]);
    expect(
      errorsOf('azure', 'azure.storage-account', { tier: 'Premium', replication: 'RAGZRS' }),
    ).toHaveLength(1);
    expect(
      errorsOf('azure', 'azure.storage-account', { tier: 'Premium', replication: 'ZRS' }),
    ).toEqual([]);
    expect(
      errorsOf('azure', 'azure.storage-account', { tier: 'Standard', replication: 'RAGRS' }),
    ).toEqual([]);
  });

  it('authorised ranges and firewall allow-lists: every entry a range the cloud takes', () => {
    expect(
      errorsOf('azure', 'azure.aks', { authorizedIpRanges: ['203.0.113.0/24', '10.0.0.1'] }),
    ).toEqual([
      'components[0].properties.authorizedIpRanges: authorizedIpRanges: "10.0.0.1" is not a CIDR range such as 203.0.113.0/24 (the network address, then the prefix length)',
    ]);
    expect(errorsOf('gcp', 'gcp.gke', { authorizedNetworks: ['198.51.100.1/24'] })).toHaveLength(1);
    expect(errorsOf('gcp', 'gcp.gke', { authorizedNetworks: ['198.51.100.0/24'] })).toEqual([]);
    expect(errorsOf('azure', 'azure.key-vault', { allowedIps: ['198.51.100.7'] })).toEqual([]);
    expect(errorsOf('azure', 'azure.key-vault', { allowedIps: ['198.51.100.7/33'] })).toHaveLength(
      1,
    );
  });

  it('Application Gateway: minimum capacity at most the maximum', () => {
    expect(
      errorsOf('azure', 'azure.application-gateway', { minCapacity: 5, maxCapacity: 3 }).filter(
        (e) => e.includes('minCapacity 5 is above maxCapacity 3'),
      ),
    ).toHaveLength(1);
  });

  it('GCP zones: the letter must exist in the region', () => {
    expect(errorsOf('gcp', 'gcp.compute-instance', { zone: 'a' })).toEqual([
      'components[0].properties.zone: zone "a" does not exist in europe-west1 (europe-west1-b, europe-west1-c, europe-west1-d): set zone to b or c',
    ]);
    expect(
      errorsOf('gcp', 'gcp.compute-instance', { zone: 'a' }, { region: 'europe-west4' }),
    ).toEqual([]);
    expect(errorsOf('gcp', 'gcp.filestore', { zone: 'a', tier: 'BASIC_HDD' })).toHaveLength(1);
    expect(errorsOf('gcp', 'gcp.filestore', { zone: 'a', tier: 'REGIONAL' })).toEqual([]);
  });

  it('RDS: autoscaling limit, SQL Server size and Multi-AZ editions', () => {
    expect(errorsOf('aws', 'aws.rds-postgresql', { storage: 200, maxStorage: 100 })).toEqual([
      'components[0].properties.maxStorage: maxStorage 100 GiB is below storage 200 GiB: raise maxStorage to at least 200',
    ]);
    expect(
      errorsOf('aws', 'aws.rds-sqlserver', {
        engine: 'sqlserver-ex',
        multiAz: true,
        storage: 20000,
        maxStorage: 30000,
      }),
    ).toEqual([
      expect.stringMatching(
        /^components\[0\]\.properties\.storage: storage 20000 GiB is above the 16384/,
      ),
      expect.stringMatching(
        /^components\[0\]\.properties\.maxStorage: maxStorage 30000 GiB is above/,
      ),
      'components[0].properties.multiAz: multiAz is not available for SQL Server Express edition: turn multiAz off, or set engine to sqlserver-se or sqlserver-ee',
    ]);
    expect(errorsOf('aws', 'aws.rds-sqlserver', { engine: 'sqlserver-se', multiAz: true })).toEqual(
      [],
    );
  });

  it('EBS sizes per type, EFS modes and ElastiCache versions', () => {
    expect(errorsOf('aws', 'aws.ebs', { type: 'st1', size: 100 })).toEqual([
      'components[0].properties.size: size 100 GiB is outside what st1 volumes offer (125–16384 GiB): change size or type',
    ]);
    expect(errorsOf('aws', 'aws.ebs', { type: 'gp3', size: 100 })).toEqual([]);
    expect(
      errorsOf('aws', 'aws.efs', { performanceMode: 'maxIO', throughputMode: 'elastic' }),
    ).toEqual([
      expect.stringMatching(
        /^components\[0\]\.properties\.throughputMode: throughputMode elastic is not available with performanceMode maxIO/,
      ),
    ]);
    expect(
      errorsOf('aws', 'aws.efs', { performanceMode: 'maxIO', throughputMode: 'bursting' }),
    ).toEqual([]);
    expect(errorsOf('aws', 'aws.elasticache', { engine: 'redis', version: '8.0' })).toEqual([
      expect.stringMatching(
        /^components\[0\]\.properties\.engine: version 8.0 does not exist for engine redis/,
      ),
    ]);
    expect(errorsOf('aws', 'aws.elasticache', { engine: 'valkey', version: '7.2' })).toEqual([]);
  });

  it('alarm windows: CloudWatch one day at most, Azure window at least the frequency', () => {
    expect(
      errorsOf('aws', 'aws.cloudwatch-alarm', { period: '3600', evaluationPeriods: 25 }),
    ).toEqual([
      'components[0].properties.evaluationPeriods: evaluationPeriods 25 × period 3600 s is more than one day: set evaluationPeriods to at most 24, or a shorter period',
    ]);
    expect(
      errorsOf('aws', 'aws.cloudwatch-alarm', { period: '3600', evaluationPeriods: 24 }),
    ).toEqual([]);
    expect(errorsOf('azure', 'azure.metric-alert', { window: 'PT1M', frequency: 'PT5M' })).toEqual([
      'components[0].properties.window: window PT1M is shorter than frequency PT5M: set window to at least the frequency',
    ]);
  });

  it('Azure PostgreSQL flexible server: only its disk sizes', () => {
    expect(errorsOf('azure', 'azure.postgresql-flexible', { storageGb: 100 })).toEqual([
      'components[0].properties.storageGb: storageGb 100 is not a size PostgreSQL flexible server offers (32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384 GiB): set it to 128',
    ]);
    expect(errorsOf('azure', 'azure.postgresql-flexible', { storageGb: 128 })).toEqual([]);
  });

  it('Azure SQL sizes per SKU and AKS system node sizes', () => {
    expect(errorsOf('azure', 'azure.sql-database', { sku: 'Basic', maxSizeGb: 5 })).toEqual([
      'components[0].properties.maxSizeGb: maxSizeGb 5 is above the 2 GB sku Basic allows: set maxSizeGb to at most 2, or choose a larger sku',
    ]);
    expect(errorsOf('azure', 'azure.sql-database', { sku: 'GP_Gen5_2', maxSizeGb: 1024 })).toEqual(
      [],
    );
    expect(errorsOf('azure', 'azure.aks', { nodeSize: 'Standard_B1s' })).toEqual([
      expect.stringMatching(
        /^components\[0\]\.properties\.nodeSize: nodeSize Standard_B1s is smaller than the 2 vCPUs and 4 GB/,
      ),
    ]);
  });

  it('Cloud Run memory per CPU and Filestore capacity per tier', () => {
    expect(errorsOf('gcp', 'gcp.cloud-run', { cpu: '4', memory: '1Gi' })).toEqual([
      'components[0].properties.memory: memory 1Gi is below the 2 GiB Cloud Run needs with cpu 4: raise memory or lower cpu',
    ]);
    expect(errorsOf('gcp', 'gcp.cloud-run', { cpu: '4', memory: '2Gi' })).toEqual([]);
    expect(
      errorsOf('gcp', 'gcp.filestore', { tier: 'BASIC_SSD', capacity: 1024, zone: 'b' }),
    ).toEqual([
      'components[0].properties.capacity: capacity 1024 GiB is below the 2560 GiB tier BASIC_SSD starts at: raise capacity, or choose tier BASIC_HDD',
    ]);
  });

  it('Spanner: the autoscaler needs an Enterprise edition and a maximum within ten times the minimum', () => {
    expect(
      errorsOf('gcp', 'gcp.spanner', {
        edition: 'STANDARD',
        processingUnits: '100',
        maxProcessingUnits: '2000',
      }),
    ).toEqual([
      'components[0].properties.edition: edition STANDARD has no managed autoscaler: choose ENTERPRISE or ENTERPRISE_PLUS, or set maxProcessingUnits to 0',
      'components[0].properties.maxProcessingUnits: maxProcessingUnits 2000 must be above processingUnits 100 and at most ten times it (1000): change maxProcessingUnits or processingUnits',
    ]);
    expect(
      errorsOf('gcp', 'gcp.spanner', { processingUnits: '1000', maxProcessingUnits: '1000' }),
    ).toHaveLength(1);
    expect(
      errorsOf('gcp', 'gcp.spanner', { processingUnits: '500', maxProcessingUnits: '5000' }),
    ).toEqual([]);
    expect(errorsOf('gcp', 'gcp.spanner', { edition: 'STANDARD' })).toEqual([]);
  });

  it('OCI flexible shapes: OCPUs per shape, 1–64 GB of memory per OCPU', () => {
    expect(
      errorsOf('oci', 'oci.compute-instance', {
        shape: 'VM.Optimized3.Flex',
        ocpus: 20,
        memoryGb: 64,
      }),
    ).toEqual([
      'components[0].properties.ocpus: ocpus 20 is above the 18 OCPUs of VM.Optimized3.Flex: lower ocpus or choose a larger shape',
    ]);
    expect(errorsOf('oci', 'oci.compute-instance', { ocpus: 1, memoryGb: 128 })).toEqual([
      'components[0].properties.memoryGb: memoryGb 128 is outside what VM.Standard.E5.Flex allows with 1 OCPU (1–64 GB, 1–64 GB per OCPU): set memoryGb between 1 and 64',
    ]);
    expect(errorsOf('oci', 'oci.oke', { nodeOcpus: 8, nodeMemoryGb: 4 })).toHaveLength(1);
    expect(errorsOf('oci', 'oci.compute-instance', { ocpus: 2, memoryGb: 32 })).toEqual([]);
  });

  it('OCI OpenSearch data nodes: at least 20 GB and 1–64 GB per OCPU', () => {
    expect(errorsOf('oci', 'oci.opensearch', { dataOcpus: 1, dataMemoryGb: 128 })).toEqual([
      'components[0].properties.dataMemoryGb: dataMemoryGb 128 is outside what a data node with 1 OCPU takes (20–64 GB: at least 20 GB, 1–64 GB per OCPU): set dataMemoryGb between 20 and 64',
    ]);
    expect(errorsOf('oci', 'oci.opensearch', { dataOcpus: 40, dataMemoryGb: 32 })).toHaveLength(1);
    expect(errorsOf('oci', 'oci.opensearch', { dataOcpus: 2, dataMemoryGb: 32 })).toEqual([]);
  });

  it('OCI Health Checks: the timeout is at most the interval', () => {
    expect(errorsOf('oci', 'oci.health-check', { interval: '10', timeout: '30' })).toEqual([
      'components[0].properties.timeout: timeout 30 s is longer than the 10 s interval: set timeout to 10 s or less, or raise interval',
    ]);
    expect(errorsOf('oci', 'oci.health-check', { interval: '60', timeout: '30' })).toEqual([]);
  });

  it('EventBridge Scheduler: rate units agree with the value; cron leaves one day field to ?', () => {
    const s = 'aws.eventbridge-scheduler';
    expect(errorsOf('aws', s, { schedule: 'cron(0 3 * * * *)' })).toEqual([
      'components[0].properties.schedule: cron(0 3 * * * *): exactly one of day-of-month and day-of-week must be ?, as in cron(0 3 * * ? *)',
    ]);
    expect(errorsOf('aws', s, { schedule: 'rate(5 minute)' })).toHaveLength(1);
    expect(errorsOf('aws', s, { schedule: '0 3 * * *' })).toHaveLength(1);
    expect(errorsOf('aws', s, { schedule: 'rate(1 hour)' })).toEqual([]);
    expect(errorsOf('aws', s, { schedule: 'cron(15 10 ? * MON-FRI *)' })).toEqual([]);
  });

  it('SES: the custom MAIL FROM domain is a subdomain of the email domain', () => {
    expect(
      errorsOf('aws', 'aws.ses', { domain: 'example.com', mailFromDomain: 'bounce.other.com' }),
    ).toEqual([
      'components[0].properties.mailFromDomain: mailFromDomain bounce.other.com must be a subdomain of example.com other than example.com itself, such as bounce.example.com',
    ]);
    expect(
      errorsOf('aws', 'aws.ses', { domain: 'example.com', mailFromDomain: 'example.com' }),
    ).toHaveLength(1);
    expect(
      errorsOf('aws', 'aws.ses', { domain: 'example.com', mailFromDomain: 'bounce.example.com' }),
    ).toEqual([]);
  });
});
