import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PriceBook, type TPriceBookData } from './book';
import { diskSku } from './estimators/azure';
import { priceOne, reasons, rows } from './testing';

const book = new PriceBook(
  JSON.parse(
    readFileSync(new URL('../../../pricing-data/price-book.json', import.meta.url), 'utf8'),
  ) as TPriceBookData,
);
const azure = (service: string, props = {}, usage?: Record<string, number>) =>
  priceOne(book, 'azure', 'eastus', service, props, usage);

describe('Azure estimators (eastus, else the rows the seed book has)', () => {
  it('Linux VM: the size for 730 hours and the OS disk by its tier', () => {
    const e = azure('azure.linux-vm', {
      size: 'Standard_B2s',
      diskType: 'Premium_LRS',
      diskSize: 128,
    });
    // B2s 0.0416 × 730 = 30.368 → 30.37; a 128 GiB Premium disk is a P10: 1 × 19.71
    expect(rows(e)).toEqual([
      ['Standard_B2s', 730, 0.0416, 30.37],
      ['Managed disk Premium SSD P10 (128 GiB)', 1, 19.71, 19.71],
    ]);
    expect(e.monthlyTotal).toBe(50.08);
  });

  it('a disk tier the book lacks (P6, the 64 GiB default) is unpriced by name', () => {
    const e = azure('azure.linux-vm', { size: 'Standard_B2s', diskSize: 64 });
    expect(rows(e)).toEqual([['Standard_B2s', 730, 0.0416, 30.37]]);
    expect(reasons(e)).toEqual([
      'OS disk (P6, 64 GiB): the price book has no Azure list price for “Managed disk Premium SSD P6 (64 GiB)”',
    ]);
  });

  it('disk tiers: the smallest that holds the disk', () => {
    expect(diskSku('Premium_LRS', 30)?.tier).toBe('P4');
    expect(diskSku('Premium_LRS', 64)?.tier).toBe('P6');
    expect(diskSku('Standard_LRS', 8)?.tier).toBe('S4');
    expect(diskSku('StandardSSD_LRS', 1000)).toEqual({
      tier: 'E30',
      sku: 'Managed disk Standard SSD E30 (1 TiB)',
    });
    expect(diskSku('Premium_ZRS', 10)).toBeUndefined();
  });

  it('managed disks: per disk-month; Standard disks say their transactions are unpriced', () => {
    // S4 (32 GiB) 1 × 1.54; E30 (1 TiB) 1 × 76.80
    const hdd = azure('azure.managed-disk', { sku: 'Standard_LRS', sizeGb: 30 });
    expect(rows(hdd)).toEqual([['Managed disk Standard HDD S4 (32 GiB)', 1, 1.54, 1.54]]);
    expect(reasons(hdd)).toEqual([expect.stringMatching(/transactions of Standard disks/)]);
    expect(rows(azure('azure.managed-disk', { sku: 'StandardSSD_LRS', sizeGb: 1000 }))).toEqual([
      ['Managed disk Standard SSD E30 (1 TiB)', 1, 76.8, 76.8],
    ]);
    expect(reasons(azure('azure.managed-disk', { sku: 'Premium_ZRS' }))).toEqual([
      'Managed disk (Premium_ZRS, 128 GiB): zone-redundant disk prices are not in the price book',
    ]);
  });

  it('scale set and AKS: instances or nodes at their assumed count', () => {
    const vmss = azure('azure.vm-scale-set', { size: 'Standard_B2s', minSize: 2 });
    // 0.0416 × 730 × 2 = 60.736 → 60.74
    expect(rows(vmss)).toEqual([['Standard_B2s', 1460, 0.0416, 60.74]]);
    const aks = azure('azure.aks', { nodeSize: 'Standard_D4s_v5', nodeMin: 1, tier: 'Standard' });
    // uptime SLA 0.10 × 730 = 73.00; D4s_v5 0.192 × 730 × 1 = 140.16
    expect(rows(aks)).toEqual([
      ['AKS Standard tier (uptime SLA)', 730, 0.1, 73],
      ['Standard_D4s_v5', 730, 0.192, 140.16],
    ]);
    const free = azure('azure.aks', { nodeSize: 'Standard_D2s_v5', tier: 'Free' }, { nodes: 3 });
    // Free tier: no control-plane line; D2s_v5 0.096 × 730 × 3 = 210.24
    expect(rows(free)).toEqual([['Standard_D2s_v5', 2190, 0.096, 210.24]]);
  });

  it('PostgreSQL flexible server: compute by SKU tier and storage', () => {
    const e = azure('azure.postgresql-flexible', { sku: 'Standard_B1ms', storageGb: 32 });
    // B_Standard_B1ms 0.017 × 730 = 12.41; 0.12 × 32 GB = 3.84
    expect(rows(e)).toEqual([
      ['PostgreSQL Flexible B_Standard_B1ms', 730, 0.017, 12.41],
      ['PostgreSQL Flexible storage', 32, 0.12, 3.84],
    ]);
    const gp = azure('azure.postgresql-flexible', { sku: 'Standard_D2ds_v5', storageGb: 128 });
    // GP_Standard_D2ds_v5 is listed in westus only: 0.203 × 730 = 148.19 (noted); 0.12 × 128 = 15.36
    expect(rows(gp)).toEqual([
      ['PostgreSQL Flexible GP_Standard_D2ds_v5', 730, 0.203, 148.19],
      ['PostgreSQL Flexible storage', 128, 0.12, 15.36],
    ]);
    expect(gp.lines[0]).toMatchObject({ region: 'westus' });
    expect(gp.lines[0]?.note).toBe('list price of westus; the book has none for eastus');
  });

  it('MySQL flexible server (rows of westus)', () => {
    const e = azure('azure.mysql-flexible', { sku: 'Standard_B1ms', storageGb: 32 });
    // 0.022 × 730 = 16.06; 0.138 × 32 GB = 4.416 → 4.42
    expect(rows(e)).toEqual([
      ['MySQL Flexible B_Standard_B1ms', 730, 0.022, 16.06],
      ['MySQL Flexible storage', 32, 0.138, 4.42],
    ]);
    expect(reasons(azure('azure.mysql-flexible', { sku: 'Standard_D2ds_v4' }))).toEqual([
      'Compute (Standard_D2ds_v4): the price book has no Azure list price for “MySQL Flexible GP_Standard_D2ds_v4”',
    ]);
  });

  it('Blob storage: Hot LRS stored GB and writes; other tiers unpriced', () => {
    const e = azure('azure.storage-account', { replication: 'LRS' });
    // 0.0208 × 100 GB = 2.08; 100,000 writes = 10 × 0.055 = 0.55
    expect(rows(e)).toEqual([
      ['Blob Storage Hot LRS (first 50 TB)', 100, 0.0208, 2.08],
      ['Blob Storage Hot LRS write operations', 10, 0.055, 0.55],
    ]);
    const zrs = azure('azure.storage-account', { replication: 'ZRS' }, { storageGb: 1000 });
    // 0.026 × 1,000 GB = 26.00
    expect(rows(zrs)).toEqual([['Blob Storage Hot ZRS (first 50 TB)', 1000, 0.026, 26]]);
    expect(reasons(azure('azure.storage-account', { accessTier: 'Cool' }))).toEqual([
      'Blob storage (Standard Cool ZRS): the price book has Standard Hot LRS and ZRS only',
    ]);
  });

  it('Key Vault: operations; Premium adds its HSM keys', () => {
    // 100,000 operations = 10 × 0.03 = 0.30
    expect(rows(azure('azure.key-vault'))).toEqual([
      ['Key Vault software-protected key operations (RSA 2048)', 10, 0.03, 0.3],
    ]);
    // + 2 HSM keys × 1.00
    expect(rows(azure('azure.key-vault', { sku: 'premium' }, { hsmKeys: 2 }))).toEqual([
      ['Key Vault software-protected key operations (RSA 2048)', 10, 0.03, 0.3],
      ['Key Vault HSM-protected key (RSA 2048, Premium)', 2, 1, 2],
    ]);
    expect(rows(azure('azure.key-vault-secret'))).toEqual([
      ['Key Vault secrets operations', 10, 0.03, 0.3],
    ]);
  });

  it('Service Bus: the Standard base charge, operations beyond the 13M it includes', () => {
    const light = azure('azure.service-bus-queue');
    // 0.01344 × 730 = 9.8112 → 9.81; 1M operations are within the 13M: 0 × 0.80
    expect(rows(light)).toEqual([
      ['Service Bus Standard base charge', 730, 0.01344, 9.81],
      ['Service Bus Standard operations (13M–100M)', 0, 0.8, 0],
    ]);
    const busy = azure('azure.service-bus-topic', {}, { requests: 20e6 });
    // (20M − 13M) = 7 × 0.80 = 5.60
    expect(rows(busy)[1]).toEqual(['Service Bus Standard operations (13M–100M)', 7, 0.8, 5.6]);
    // Basic: 1M × 0.05
    expect(rows(azure('azure.service-bus-queue', { sku: 'Basic' }))).toEqual([
      ['Service Bus Basic operations', 1, 0.05, 0.05],
    ]);
    expect(reasons(azure('azure.service-bus-queue', { sku: 'Premium' }))).toEqual([
      'Service Bus Premium messaging-unit hours are not in the price book',
    ]);
  });

  it('Functions on the Consumption plan: executions and GB-seconds', () => {
    const e = azure('azure.function-app', { sku: 'Y1' });
    // 1M × 0.20 = 0.20; 1M × 0.2 s × 128/1024 GB = 25,000 GB-s × 0.000016 = 0.40
    expect(rows(e)).toEqual([
      ['Functions Consumption executions', 1, 0.2, 0.2],
      ['Functions Consumption execution time', 25_000, 0.000016, 0.4],
    ]);
    expect(e.assumptions.map((a) => a.key)).toEqual(['requests', 'durationMs', 'memoryMb']);
    expect(reasons(azure('azure.function-app', { sku: 'P1v3' }))).toEqual([
      'App Service plan P1v3 hours are not in the price book',
    ]);
  });

  it('NAT gateway: the hour, data, its public IP and egress', () => {
    const e = azure('azure.nat-gateway');
    // 0.045 × 730 = 32.85; 0.045 × 100 GB = 4.50; IP 0.005 × 730 = 3.65; egress 0.08 × 100 GB = 8.00
    expect(rows(e)).toEqual([
      ['NAT gateway', 730, 0.045, 32.85],
      ['NAT gateway data processed', 100, 0.045, 4.5],
      ['Public IP (static, Standard)', 730, 0.005, 3.65],
      ['Internet egress, routing preference Internet (100 GB – 10 TB)', 100, 0.08, 8],
    ]);
    expect(e.monthlyTotal).toBe(49);
  });

  it('load balancer: one rule, data processed, and when public its IP and egress', () => {
    const e = azure('azure.load-balancer', { public: false });
    // 0.01 × 730 = 7.30; 0.005 × 100 GB = 0.50
    expect(rows(e)).toEqual([
      ['Standard Load Balancer rule', 730, 0.01, 7.3],
      ['Standard Load Balancer data processed', 100, 0.005, 0.5],
    ]);
    // public (the default): 7.30 + 0.50 + IP 3.65 + egress 8.00 = 19.45
    expect(azure('azure.load-balancer').monthlyTotal).toBe(19.45);
  });

  it('DNS zone; gateways price their public IP and say the rest is unpriced', () => {
    expect(rows(azure('azure.dns-zone'))).toEqual([['DNS zone (first 25)', 1, 0.5, 0.5]]);
    const bastion = azure('azure.bastion');
    expect(rows(bastion)).toEqual([['Public IP (static, Standard)', 730, 0.005, 3.65]]);
    expect(reasons(bastion)).toEqual(['Bastion host hours are not in the price book']);
  });
});
