import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PriceBook, type TPriceBookData, type TPriceFamily } from '../book';
import type { TCloud } from '../../iac/types';
import type { TUsageInput } from '../model';
import { PRICED_RESOURCE_TYPES, pricePlan, type TPlanPricing } from './price-plan';

/**
 * Expected numbers are worked out by hand from the seed book (`pricing-data/price-book.json`):
 * quantity × unit price, rounded to the cent per line; a total is the sum of its rounded lines.
 * A month is 730 hours.
 */
const book = new PriceBook(
  JSON.parse(
    readFileSync(new URL('../../../../pricing-data/price-book.json', import.meta.url), 'utf8'),
  ) as TPriceBookData,
);

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function price(input: unknown, usage?: TUsageInput): TPlanPricing {
  const result = pricePlan(input, book, usage ? { usage } : {});
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

const resource = (p: TPlanPricing, address: string) => {
  const r = p.resources.find((x) => x.address === address);
  if (!r) throw new Error(`no ${address}`);
  return r;
};
const lineSummary = (p: TPlanPricing, address: string) =>
  resource(p, address).lines.map((l) => [l.label, l.quantity, l.unitPrice, l.monthly]);

describe('the seed prices these tests rely on', () => {
  it.each<[TCloud, TPriceFamily, string, string, number]>([
    ['aws', 'compute.vm', 'm5.large', 'eu-west-1', 0.107],
    ['aws', 'compute.vm', 't3.large', 'eu-west-1', 0.0912],
    ['aws', 'compute.vm', 't3.micro', 'us-east-1', 0.0104],
    ['aws', 'database.postgresql', 'db.t3.micro (single-az)', 'eu-west-1', 0.02],
    ['aws', 'database.postgresql', 'db.t3.small (multi-az)', 'eu-west-1', 0.078],
    ['aws', 'database.storage', 'RDS gp2 storage (Single-AZ)', 'us-east-1', 0.115],
    ['aws', 'database.storage', 'RDS gp2 storage', 'us-east-1', 0.23],
    ['aws', 'storage.block', 'EBS gp3', 'us-east-1', 0.08],
    ['aws', 'storage.block', 'EBS gp2', 'us-east-1', 0.1],
    ['aws', 'network.nat-gateway', 'NAT gateway', 'us-east-1', 0.045],
    ['gcp', 'compute.vm', 'e2-standard-2', 'europe-west1', 0.07371546],
    ['gcp', 'compute.vm', 'e2-standard-4', 'europe-west1', 0.14743092],
    [
      'gcp',
      'database.postgresql',
      'Cloud SQL vCPU (Enterprise, regional HA)',
      'us-central1',
      0.0826,
    ],
    ['azure', 'compute.vm', 'Standard_D2s_v5', 'westeurope', 0.115],
    ['azure', 'compute.vm', 'Standard_D4s_v5', 'westeurope', 0.23],
    ['azure', 'storage.block', 'Managed disk Premium SSD P10 (128 GiB)', 'eastus', 19.71],
  ])('%s %s %s in %s is %s', (cloud, family, sku, region, expected) => {
    expect(book.find(cloud, family, sku, region)).toMatchObject({
      fallback: false,
      item: { price: expected },
    });
  });
});

describe('an AWS plan with modules, count, for_each and every action', () => {
  const plan = price(fixture('aws-modules-plan.json'));

  it('prices a no-op instance in its provider’s region, with its root volume', () => {
    expect(lineSummary(plan, 'module.app["blue.v2"].aws_instance.web[0]')).toEqual([
      ['Instance (m5.large)', 730, 0.107, 78.11], // 730 × 0.107 (eu-west-1)
      ['Root volume (gp3, 20 GB)', 20, 0.08, 1.6], // 20 × 0.08 (us-east-1: the book's only gp3 row)
    ]);
    const web0 = resource(plan, 'module.app["blue.v2"].aws_instance.web[0]');
    expect(web0).toMatchObject({
      action: 'no-op',
      region: 'eu-west-1',
      monthlyBefore: 79.71,
      monthlyAfter: 79.71,
      pricing: 'priced',
    });
    expect(web0.lines[1]?.note).toBe('list price in us-east-1; the book has none for eu-west-1');
    expect(web0.lines[0]).toMatchObject({
      address: web0.address,
      service: 'aws_instance',
      sku: 'm5.large',
      region: 'eu-west-1',
      unit: 'hour',
      asOf: '2024-08-09',
      usageBased: false,
    });
  });

  it('prices a created instance whose root volume size is known only after apply from the usage assumption', () => {
    const web1 = resource(plan, 'module.app["blue.v2"].aws_instance.web[1]');
    // 78.11 + 8 GB gp2 × 0.1 = 0.8
    expect(web1).toMatchObject({ action: 'create', monthlyBefore: null, monthlyAfter: 78.91 });
    expect(plan.assumptions).toContainEqual({
      target: 'module.app["blue.v2"].aws_instance.web[1]',
      key: 'rootVolumeGb',
      label: 'Root volume size (set by the image; known after apply)',
      unit: 'GB',
      value: 8,
      default: 8,
    });
  });

  it('shows an update’s lines before and after', () => {
    const db = resource(plan, 'module.app["blue.v2"].module.db[0].aws_db_instance.this[0]');
    expect(db.linesBefore?.map((l) => [l.label, l.monthly])).toEqual([
      ['Database instance (db.t3.micro, single-az)', 14.6], // 730 × 0.02
      ['Storage (gp2, 20 GB)', 2.3], // 20 × 0.115
    ]);
    expect(db.lines.map((l) => [l.label, l.monthly])).toEqual([
      ['Database instance (db.t3.small, multi-az)', 56.94], // 730 × 0.078
      ['Storage (gp2, 20 GB, Multi-AZ)', 4.6], // 20 × 0.23
    ]);
    expect(db).toMatchObject({ monthlyBefore: 16.9, monthlyAfter: 61.54 });
  });

  it('prices a replaced resource on both sides, in its alias’s region', () => {
    const nat = resource(plan, 'aws_nat_gateway.main');
    // 730 × 0.045 = 32.85, plus 100 GB (default) × 0.045 = 4.5
    expect(nat).toMatchObject({
      action: 'replace',
      region: 'us-east-1',
      monthlyBefore: 37.35,
      monthlyAfter: 37.35,
    });
    expect(nat.lines.map((l) => l.usageBased)).toEqual([false, true]);
  });

  it('shows what a deleted resource cost, keys with dots kept', () => {
    const logs = resource(plan, 'aws_s3_bucket.logs["a.b"]');
    // 100 GB × 0.023 = 2.3, plus 100,000 PUTs = 100 × 1K × 0.005 = 0.5
    expect(logs).toMatchObject({ action: 'delete', monthlyBefore: 2.8, monthlyAfter: null });
    expect(logs.lines).toHaveLength(2);
  });

  it('prices an EKS node group: desired size × instance type, and the node volumes', () => {
    expect(lineSummary(plan, 'module.app["blue.v2"].aws_eks_node_group.workers')).toEqual([
      ['Nodes (3 × t3.large)', 2190, 0.0912, 199.73], // 3 × 730 h × 0.0912 = 199.728
      ['Node volumes (3 × gp2, 50 GB)', 150, 0.1, 15], // 3 × 50 GB × 0.1
    ]);
  });

  it('names what it cannot price, prices what it can of it, and does not price data sources', () => {
    expect(plan.unpriced).toEqual([
      {
        componentId: null,
        address: 'aws_s3_bucket.logs["a.b"]',
        service: 'aws_s3_bucket',
        reason: 'read requests (GET, SELECT) and data retrieval are not in the price book',
      },
      {
        componentId: null,
        address: 'aws_cloudfront_distribution.cdn',
        service: 'aws_cloudfront_distribution',
        reason: 'aws_cloudfront_distribution is not a resource type this pricing knows',
      },
      {
        componentId: null,
        address: 'aws_instance.gpu',
        service: 'aws_instance',
        reason: 'the price book has no aws compute.vm price for "p5.48xlarge"',
      },
      {
        componentId: null,
        address: 'kubernetes_namespace.apps',
        service: 'kubernetes_namespace',
        reason: 'the kubernetes provider is not a cloud this prices',
      },
    ]);
    expect(resource(plan, 'aws_cloudfront_distribution.cdn')).toMatchObject({
      pricing: 'unpriced',
      monthlyAfter: null,
      lines: [],
    });
    expect(resource(plan, 'aws_instance.gpu')).toMatchObject({
      pricing: 'partly',
      monthlyAfter: 0.8,
    });
    expect(resource(plan, 'aws_security_group.web')).toMatchObject({
      pricing: 'free',
      monthlyAfter: 0,
      lines: [],
    });
    expect(plan.resources.some((r) => r.address.startsWith('data.'))).toBe(false);
  });

  it('adds up before, after and the difference the plan makes', () => {
    // before: web[0] 79.71 + db 16.9 + nat 37.35 + logs 2.8 + zone 0.5 = 137.26
    // after:  web[0] 79.71 + web[1] 78.91 + db 61.54 + nat 37.35 + zone 0.5 + workers 214.73 + gpu 0.8 = 473.54
    expect(plan).toMatchObject({
      currency: 'USD',
      kind: 'plan',
      monthlyBefore: 137.26,
      monthlyAfter: 473.54,
      monthlyDelta: 336.28,
      book: { version: book.version },
    });
  });

  it('takes the user’s usage instead of the defaults', () => {
    const withUsage = price(fixture('aws-modules-plan.json'), {
      'module.app["blue.v2"].aws_instance.web[1]': { rootVolumeGb: 30 },
      'aws_s3_bucket.logs["a.b"]': { storageGb: 1000, writeRequests: 0 },
    });
    // 78.11 + 30 GB × 0.1 = 3
    expect(resource(withUsage, 'module.app["blue.v2"].aws_instance.web[1]').monthlyAfter).toBe(
      81.11,
    );
    // 1000 GB × 0.023 = 23, no requests
    expect(resource(withUsage, 'aws_s3_bucket.logs["a.b"]').monthlyBefore).toBe(23);
    expect(withUsage.assumptions).toContainEqual(
      expect.objectContaining({
        target: 'aws_s3_bucket.logs["a.b"]',
        key: 'storageGb',
        value: 1000,
        default: 100,
      }),
    );
  });
});

describe('a GCP state with google-beta resources three modules deep', () => {
  const state = price(fixture('gcp-beta-state.json'));

  it('prices each resource where it is, before = after', () => {
    expect(lineSummary(state, 'module.platform.google_compute_instance.bastion')).toEqual([
      ['Instance (e2-standard-2)', 730, 0.07371546, 53.81], // 730 × 0.07371546 = 53.812
      ['Boot disk (pd-balanced, 20 GB)', 20, 0.1, 2],
      ['External IP', 730, 0.005, 3.65],
    ]);
    expect(resource(state, 'module.platform.google_compute_instance.bastion')).toMatchObject({
      cloud: 'gcp',
      region: 'europe-west1',
    });
    expect(
      lineSummary(
        state,
        'module.platform.module.network.module.nat["eu"].google_compute_router_nat.nat["primary"]',
      ),
    ).toEqual([
      ['NAT gateway', 730, 0.0448, 32.7], // 730 × 0.0448 = 32.704
      ['Data processed', 100, 0.045, 4.5],
    ]);
    expect(
      lineSummary(state, 'module.platform.module.db.google_sql_database_instance.main[0]'),
    ).toEqual([
      ['vCPUs (2, regional HA)', 1460, 0.0826, 120.6], // db-custom-2-7680: 2 vCPU × 730 h × 0.0826 = 120.596
      ['Memory (7.5 GB, regional HA)', 7.5, 10.22, 76.65], // 7680 MB = 7.5 GB × 10.22
      ['SSD storage (50 GB, regional HA)', 50, 0.34, 17],
    ]);
  });

  it('counts a regional node pool’s nodes in each of its three zones', () => {
    expect(lineSummary(state, 'module.platform.google_container_node_pool.general')).toEqual([
      ['Nodes (6 × e2-standard-4)', 4380, 0.14743092, 645.75], // 2 per zone × 3 zones × 730 h × 0.14743092 = 645.747
      ['Nodes: boot disks (6 × pd-balanced, 100 GB)', 600, 0.1, 60],
    ]);
    const fewer = price(fixture('gcp-beta-state.json'), {
      'module.platform.google_container_node_pool.general': { nodes: 3 },
    });
    // 3 nodes × 730 × 0.14743092 = 322.87, + 300 GB × 0.1 = 30
    expect(resource(fewer, 'module.platform.google_container_node_pool.general').monthlyAfter).toBe(
      352.87,
    );
  });

  it('adds up the state: no difference', () => {
    // 0.2 (zone) + 59.46 (bastion) + 705.75 (pool) + 37.2 (NAT) + 214.25 (SQL)
    expect(state).toMatchObject({
      kind: 'state',
      monthlyBefore: 1016.86,
      monthlyAfter: 1016.86,
      monthlyDelta: 0,
      unpriced: [],
    });
  });
});

describe('an Azure plan of Terraform 0.12', () => {
  const plan = price(fixture('azure-0.12-plan.json'));

  it('prices a Windows VM at the Linux rate and says the licence is not included', () => {
    const jump = resource(plan, 'azurerm_windows_virtual_machine.jump');
    expect(jump.lines.map((l) => [l.label, l.monthly])).toEqual([
      ['VM (Standard_D2s_v5)', 83.95], // 730 × 0.115 (westeurope, from "West Europe")
      ['OS disk (Premium SSD P10, 128 GB)', 19.71], // 1 P10 disk-month
    ]);
    expect(jump.lines[0]?.note).toBe(
      'Linux pay-as-you-go rate: the Windows licence is not included',
    );
  });

  it('prices AKS: the Standard tier, the default pool’s nodes and their OS disks', () => {
    expect(lineSummary(plan, 'azurerm_kubernetes_cluster.aks')).toEqual([
      ['Control plane (Standard tier)', 730, 0.1, 73],
      ['Default node pool (3 × Standard_D4s_v5)', 2190, 0.23, 503.7],
      ['Default node pool OS disks (3 × Premium SSD P10, 128 GB)', 3, 19.71, 59.13],
    ]);
  });

  it('finds the region of a resource without location through what it belongs to', () => {
    expect(resource(plan, 'azurerm_lb_rule.http')).toMatchObject({
      region: 'westeurope',
      monthlyAfter: 7.3,
    }); // 730 × 0.01
    expect(resource(plan, 'azurerm_key_vault_key.signing')).toMatchObject({
      region: 'westeurope',
      monthlyAfter: 0.3,
    }); // 100,000 operations (the default) = 10 × 0.03
  });

  it('prices a flexible server’s SKU change', () => {
    const db = resource(plan, 'azurerm_postgresql_flexible_server.db');
    // before: 730 × 0.017 (B1ms, eastus) + 32 GB × 0.12 = 12.41 + 3.84
    // after:  730 × 0.203 (GP_Standard_D2ds_v5, westus) + 3.84 = 148.19 + 3.84
    expect(db).toMatchObject({ action: 'update', monthlyBefore: 16.25, monthlyAfter: 152.03 });
  });

  it('adds up', () => {
    // 103.66 + 635.83 + 0.5 (LB: 100 GB × 0.005) + 7.3 + 152.03 + 0.3 = 899.62
    expect(plan).toMatchObject({
      formatVersion: '0.1',
      monthlyBefore: 16.25,
      monthlyAfter: 899.62,
      monthlyDelta: 883.37,
    });
    expect(plan.unpriced.map((u) => u.service)).toEqual(['azurerm_key_vault']);
  });
});

/** A plan creating one resource of `type` with these attributes. */
function planOf(type: string, after: Record<string, unknown>, provider: string, region?: string) {
  return {
    format_version: '1.2',
    resource_changes: [
      {
        address: `${type}.this`,
        mode: 'managed',
        type,
        name: 'this',
        provider_name: `registry.terraform.io/hashicorp/${provider}`,
        change: { actions: ['create'], before: null, after, after_unknown: {} },
      },
    ],
    configuration: {
      provider_config: region
        ? { [provider]: { name: provider, expressions: { region: { constant_value: region } } } }
        : {},
      root_module: {
        resources: [
          {
            address: `${type}.this`,
            mode: 'managed',
            type,
            name: 'this',
            provider_config_key: provider,
          },
        ],
      },
    },
  };
}

describe('each priced resource type, created alone', () => {
  const aws = (type: string, after: Record<string, unknown>) =>
    planOf(type, after, 'aws', 'us-east-1');
  const azure = (type: string, after: Record<string, unknown>) => planOf(type, after, 'azurerm');
  const gcp = (type: string, after: Record<string, unknown>) =>
    planOf(type, after, 'google', 'us-central1');
  it.each<[string, ReturnType<typeof planOf>, number, string]>([
    [
      'aws_instance',
      aws('aws_instance', {
        instance_type: 't3.micro',
        root_block_device: [{ volume_size: 8, volume_type: 'gp3' }],
      }),
      8.23,
      '730 × 0.0104 = 7.59; 8 × 0.08 = 0.64',
    ],
    [
      'aws_ebs_volume',
      aws('aws_ebs_volume', { type: 'gp3', size: 100, iops: 4000 }),
      13,
      '100 × 0.08 = 8; (4000 − 3000) IOPS × 0.005 = 5',
    ],
    [
      'aws_db_instance',
      aws('aws_db_instance', {
        engine: 'mysql',
        instance_class: 'db.t3.micro',
        allocated_storage: 20,
        storage_type: 'gp2',
        multi_az: false,
      }),
      14.71,
      '730 × 0.017 = 12.41; 20 × 0.115 = 2.3',
    ],
    [
      'aws_lb',
      aws('aws_lb', { load_balancer_type: 'network' }),
      20.81,
      '730 × 0.0225 = 16.43; 1 NLCU × 4.38',
    ],
    ['aws_alb', aws('aws_alb', {}), 22.27, '730 × 0.0225 = 16.43; 1 LCU × 5.84'],
    ['aws_eks_cluster', aws('aws_eks_cluster', {}), 73, '730 × 0.1'],
    [
      'aws_lambda_function',
      aws('aws_lambda_function', { memory_size: 512, architectures: ['arm64'] }),
      1.53,
      '1M × 0.2 = 0.2; 1M × 0.2 s × 0.5 GB = 100,000 GB-s × 0.0000133334 = 1.33',
    ],
    ['aws_sqs_queue', aws('aws_sqs_queue', { fifo_queue: true }), 0.5, '1M FIFO requests × 0.5'],
    ['aws_route53_zone', aws('aws_route53_zone', {}), 0.5, '1 zone × 0.5'],
    ['aws_kms_key', aws('aws_kms_key', {}), 1.3, '1 key × 1; 100,000 requests = 10 × 0.03'],
    [
      'azurerm_linux_virtual_machine',
      azure('azurerm_linux_virtual_machine', {
        location: 'eastus',
        size: 'Standard_D2s_v5',
        os_disk: [{ storage_account_type: 'StandardSSD_LRS', disk_size_gb: 1024 }],
      }),
      146.88,
      '730 × 0.096 = 70.08; E30 76.8',
    ],
    [
      'azurerm_virtual_machine',
      azure('azurerm_virtual_machine', {
        location: 'eastus',
        vm_size: 'Standard_D2s_v5',
        storage_os_disk: [{ managed_disk_type: 'Standard_LRS', disk_size_gb: 128 }],
        os_profile_windows_config: [{}],
      }),
      75.97,
      '70.08; S10 5.89',
    ],
    [
      'azurerm_mysql_flexible_server',
      azure('azurerm_mysql_flexible_server', {
        location: 'westus',
        sku_name: 'B_Standard_B1ms',
        storage: [{ size_gb: 20 }],
      }),
      18.82,
      '730 × 0.022 = 16.06; 20 × 0.138 = 2.76',
    ],
    [
      'azurerm_managed_disk',
      azure('azurerm_managed_disk', {
        location: 'eastus',
        storage_account_type: 'Standard_LRS',
        disk_size_gb: 32,
      }),
      1.54,
      'S4',
    ],
    [
      'azurerm_storage_account',
      azure('azurerm_storage_account', {
        location: 'westus',
        account_tier: 'Standard',
        account_replication_type: 'LRS',
        access_tier: 'Hot',
      }),
      2.63,
      '100 GB × 0.0208 = 2.08; 100,000 writes = 10 × 0.055 = 0.55',
    ],
    [
      'azurerm_nat_gateway',
      azure('azurerm_nat_gateway', { location: 'westeurope' }),
      37.35,
      '730 × 0.045 = 32.85; 100 GB × 0.045 = 4.5',
    ],
    [
      'azurerm_public_ip',
      azure('azurerm_public_ip', { location: 'westeurope', sku: 'Standard' }),
      3.65,
      '730 × 0.005',
    ],
    ['azurerm_dns_zone', azure('azurerm_dns_zone', {}), 0.5, '1 zone × 0.5'],
    [
      'azurerm_servicebus_namespace',
      azure('azurerm_servicebus_namespace', { location: 'westeurope', sku: 'Standard' }),
      9.81,
      '730 × 0.01344 = 9.81; 1M operations are within the 13M included',
    ],
    [
      'azurerm_linux_function_app',
      azure('azurerm_linux_function_app', { location: 'eastus' }),
      0.6,
      '1M × 0.2 = 0.2; 1M × 0.2 s × 0.125 GB = 25,000 GB-s × 0.000016 = 0.4',
    ],
    [
      'azurerm_kubernetes_cluster',
      azure('azurerm_kubernetes_cluster', {
        location: 'eastus',
        sku_tier: 'Free',
        default_node_pool: [
          {
            vm_size: 'Standard_D2s_v5',
            enable_auto_scaling: true,
            min_count: 2,
            node_count: null,
            os_disk_type: 'Ephemeral',
          },
        ],
      }),
      140.16,
      'Free tier; 2 nodes (min_count) × 730 × 0.096',
    ],
    [
      'google_container_cluster',
      gcp('google_container_cluster', {
        location: 'us-central1-a',
        initial_node_count: 2,
        node_config: [{ machine_type: 'e2-medium', disk_size_gb: 50, disk_type: 'pd-standard' }],
      }),
      125.92,
      '730 × 0.1 = 73; 2 × 730 × 0.03350571 = 48.92; 100 GB × 0.04 = 4',
    ],
    [
      'google_compute_disk',
      gcp('google_compute_disk', { zone: 'us-central1-a', type: 'pd-ssd', size: 100 }),
      17,
      '100 × 0.17',
    ],
    [
      'google_storage_bucket',
      gcp('google_storage_bucket', { location: 'US-CENTRAL1', storage_class: 'NEARLINE' }),
      1,
      '100 GB × 0.01',
    ],
    [
      'google_compute_forwarding_rule',
      gcp('google_compute_forwarding_rule', { region: 'us-central1' }),
      8.1,
      '730 × 0.01 = 7.3; 100 GB × 0.008 = 0.8',
    ],
    [
      'google_kms_crypto_key',
      gcp('google_kms_crypto_key', { key_ring: 'projects/p/locations/us-central1/keyRings/r' }),
      0.36,
      '1 version × 0.06; 100,000 ops = 10 × 0.03',
    ],
    [
      'google_pubsub_topic',
      gcp('google_pubsub_topic', {}),
      0.39,
      '10 GB = 10/1024 TiB × 40 = 0.39',
    ],
    [
      'google_cloudfunctions_function',
      gcp('google_cloudfunctions_function', { region: 'us-central1', available_memory_mb: 256 }),
      1.33,
      '1M × 0.4 = 0.4; 1M × 0.2 s × 0.25 GB = 50,000 GB-s × 0.0000025 = 0.13; 200,000 s × 0.4 GHz × 0.00001 = 0.8',
    ],
    [
      'google_sql_database_instance',
      gcp('google_sql_database_instance', {
        database_version: 'MYSQL_8_0',
        region: 'us-central1',
        settings: [{ tier: 'db-f1-micro', disk_size: 10 }],
      }),
      9.37,
      '730 × 0.0105 = 7.67; 10 × 0.17 = 1.7',
    ],
  ])('%s', (_type, plan, expected, _arithmetic) => {
    const p = price(plan);
    // Only the secondary charges the book has no rows for (a bucket's reads) may be left out.
    expect(p.unpriced.map((u) => u.reason)).toEqual(
      p.unpriced.length > 0
        ? [expect.stringMatching(/^(read requests|operations) .* not in the price book$/)]
        : [],
    );
    expect(p.monthlyAfter).toBe(expected);
    expect(p.monthlyAfter).toBe(
      p.resources[0]?.lines.reduce((t, l) => Math.round((t + l.monthly) * 100) / 100, 0),
    );
  });

  it('knows the types the issue names', () => {
    for (const type of [
      'aws_instance',
      'aws_eks_node_group',
      'aws_s3_bucket',
      'aws_nat_gateway',
      'azurerm_windows_virtual_machine',
      'azurerm_postgresql_flexible_server',
      'azurerm_lb_rule',
      'azurerm_key_vault_key',
      'azurerm_function_app',
      'google_compute_instance',
      'google_container_node_pool',
      'google_compute_router_nat',
      'google_dns_managed_zone',
    ]) {
      expect(PRICED_RESOURCE_TYPES).toContain(type);
    }
  });

  it('says why a configuration it has no price for cannot be priced', () => {
    const spot = price(
      gcp('google_compute_instance', {
        zone: 'us-central1-a',
        machine_type: 'e2-medium',
        scheduling: [{ provisioning_model: 'SPOT' }],
        boot_disk: [{ initialize_params: [{ size: 10 }] }],
      }),
    );
    expect(spot.unpriced.map((u) => u.reason)).toEqual([
      'Spot and preemptible VM prices are not in the price book',
    ]);
    const multiRegion = price(gcp('google_storage_bucket', { location: 'EU' }));
    expect(multiRegion.unpriced.map((u) => u.reason)).toEqual([
      'multi-region and dual-region (EU) storage is not in the price book (regional is)',
    ]);
    expect(multiRegion.resources[0]).toMatchObject({ pricing: 'unpriced', monthlyAfter: null });
  });

  it('prices an Auto Scaling group from its launch template, through the plan’s references or the state’s ids', () => {
    const group = {
      desired_capacity: 3,
      min_size: 1,
      max_size: 5,
      launch_template: [{ version: '$Latest' }],
    };
    const plan = {
      format_version: '1.2',
      resource_changes: [
        {
          address: 'aws_launch_template.web',
          mode: 'managed',
          type: 'aws_launch_template',
          name: 'web',
          provider_name: 'registry.terraform.io/hashicorp/aws',
          change: { actions: ['create'], before: null, after: { instance_type: 'm5.large' } },
        },
        {
          address: 'aws_autoscaling_group.web',
          mode: 'managed',
          type: 'aws_autoscaling_group',
          name: 'web',
          provider_name: 'registry.terraform.io/hashicorp/aws',
          change: { actions: ['create'], before: null, after: group, after_unknown: {} },
        },
      ],
      configuration: {
        provider_config: {
          aws: { name: 'aws', expressions: { region: { constant_value: 'eu-west-1' } } },
        },
        root_module: {
          resources: [
            {
              address: 'aws_launch_template.web',
              mode: 'managed',
              type: 'aws_launch_template',
              name: 'web',
              provider_config_key: 'aws',
            },
            {
              address: 'aws_autoscaling_group.web',
              mode: 'managed',
              type: 'aws_autoscaling_group',
              name: 'web',
              provider_config_key: 'aws',
              expressions: {
                launch_template: [
                  { id: { references: ['aws_launch_template.web.id', 'aws_launch_template.web'] } },
                ],
              },
            },
          ],
        },
      },
    };
    // 3 × 730 h × 0.107 (m5.large, eu-west-1) = 234.33
    expect(lineSummary(price(plan), 'aws_autoscaling_group.web')).toEqual([
      ['Instances (3 × m5.large)', 2190, 0.107, 234.33],
    ]);
    const state = {
      version: 4,
      terraform_version: '1.9.0',
      resources: [
        {
          mode: 'managed',
          type: 'aws_launch_template',
          name: 'web',
          provider: 'provider["registry.terraform.io/hashicorp/aws"]',
          instances: [{ attributes: { id: 'lt-0abc', instance_type: 't3.micro' } }],
        },
        {
          mode: 'managed',
          type: 'aws_autoscaling_group',
          name: 'web',
          provider: 'provider["registry.terraform.io/hashicorp/aws"]',
          instances: [
            {
              attributes: {
                availability_zones: ['us-east-1a'],
                desired_capacity: 2,
                launch_template: [{ id: 'lt-0abc', version: '$Latest' }],
              },
            },
          ],
        },
      ],
    };
    // 2 × 730 h × 0.0104 (t3.micro, us-east-1) = 15.18
    expect(lineSummary(price(state), 'aws_autoscaling_group.web')).toEqual([
      ['Instances (2 × t3.micro)', 1460, 0.0104, 15.18],
    ]);
  });

  it('bills a stopped instance for its disks only, and says why', () => {
    const stopped = price(
      aws('aws_instance', {
        instance_type: 't3.micro',
        instance_state: 'stopped',
        root_block_device: [{ volume_size: 8, volume_type: 'gp3' }],
      }),
    );
    // 0 h × 0.0104 = 0; 8 GB × 0.08 = 0.64
    expect(stopped.monthlyAfter).toBe(0.64);
    expect(stopped.resources[0]?.lines[0]).toMatchObject({
      quantity: 0,
      monthly: 0,
      note: expect.stringContaining('stopped: no compute hours'),
    });
    const terminated = price(
      gcp('google_compute_instance', {
        zone: 'us-central1-a',
        machine_type: 'e2-medium',
        desired_status: 'TERMINATED',
        boot_disk: [{ initialize_params: [{ size: 10, type: 'pd-standard' }] }],
      }),
    );
    expect(terminated.resources[0]?.lines[0]).toMatchObject({ quantity: 0, monthly: 0 });
    expect(terminated.monthlyAfter).toBe(
      terminated.resources[0]?.lines.slice(1).reduce((t, l) => t + l.monthly, 0),
    );
    expect(terminated.monthlyAfter).toBeGreaterThan(0);
  });

  it('prices a resource whose region the file does not give in the cloud’s reference region, and says so', () => {
    const p = price(planOf('aws_nat_gateway', {}, 'aws'));
    expect(p.resources[0]?.lines[0]).toMatchObject({
      region: 'us-east-1',
      note: "the file does not say this resource's region; priced in us-east-1",
    });
  });
});

describe('bad input', () => {
  it('answers a message, never throws', () => {
    expect(pricePlan('not json', book)).toEqual({
      ok: false,
      message: expect.stringMatching(/^The file is not valid JSON/),
    });
    expect(pricePlan({ format_version: '9.0' }, book)).toMatchObject({ ok: false });
  });
});
