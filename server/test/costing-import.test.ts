import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TPriceDiffResponse,
  TPriceImport,
  TPriceListsResponse,
} from '@stratum/core/contract/admin/price-imports';
import { BookService, readSeedBook } from '../src/features/costing/book-service';
import { withPriceTables } from '../src/features/costing/import/tables';
import { parseAllowRules } from '../src/lib/egress';
import { PRICE_BOOK_FILE } from '../src/paths';
import { bearer, json, startTestServer, type TestServer } from './harness';
import { signUpAs, type Account } from './staff';

/**
 * The importers of issue 13 item 2 through HTTP, on small files made by hand in each
 * provider's real format (server/src/features/costing/import/fixtures). The book in force is
 * read as the estimator reads it: a BookService over the seed and the database.
 */
const FIXTURES = new URL('../src/features/costing/import/fixtures/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

let server: TestServer;
let admin: Account;
let upstream: Server;
let upstreamUrl: string;

async function resetImports(): Promise<void> {
  const db = withPriceTables(server.db);
  await db.deleteFrom('price_book_rows').execute();
  await db.deleteFrom('price_imports').execute();
}

/** A fresh view of the book in force (no cache), as the estimator's routes see it. */
const bookInForce = () => new BookService(readSeedBook(PRICE_BOOK_FILE), server.db).current();

function start(account: Account, body: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/admin/price-imports',
    headers: bearer(account.token),
    payload: body,
  });
}

function upload(account: Account, id: string, file: Buffer | string) {
  return server.app.inject({
    method: 'PUT',
    url: `/api/admin/price-imports/${id}/file`,
    headers: { ...bearer(account.token), 'content-type': 'application/octet-stream' },
    payload: file,
  });
}

/** Creates an import and sends the file: the answer of the upload. */
async function importFile(format: string, fileName: string, file: Buffer | string) {
  const created = await start(admin, { format, fileName, byteSize: Buffer.byteLength(file) });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = json<{ data: TPriceImport }>(created).data;
  return { id, response: await upload(admin, id, file) };
}

async function importOk(
  format: string,
  fileName: string,
  file: Buffer | string,
): Promise<TPriceImport> {
  const { response } = await importFile(format, fileName, file);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: TPriceImport }>(response).data;
}

/** A minimal AWS offer file (JSON) of EC2 Linux instances in us-east-1. */
function ec2Offer(instances: Record<string, string>, publicationDate = '2026-08-10T00:00:00Z') {
  const products: Record<string, unknown> = {};
  const onDemand: Record<string, unknown> = {};
  for (const [type, usd] of Object.entries(instances)) {
    const sku = `SKU${type.replace(/\W/g, '').toUpperCase()}`;
    products[sku] = {
      sku,
      productFamily: 'Compute Instance',
      attributes: {
        servicecode: 'AmazonEC2',
        location: 'US East (N. Virginia)',
        locationType: 'AWS Region',
        instanceType: type,
        tenancy: 'Shared',
        operatingSystem: 'Linux',
        preInstalledSw: 'NA',
        capacitystatus: 'Used',
        operation: 'RunInstances',
        regionCode: 'us-east-1',
      },
    };
    onDemand[sku] = {
      [`${sku}.JRTCKXETXF`]: {
        offerTermCode: 'JRTCKXETXF',
        sku,
        effectiveDate: publicationDate,
        priceDimensions: {
          [`${sku}.JRTCKXETXF.6YS6EN2CT7`]: {
            unit: 'Hrs',
            beginRange: '0',
            endRange: 'Inf',
            pricePerUnit: { USD: usd },
          },
        },
      },
    };
  }
  return JSON.stringify({
    formatVersion: 'v1.0',
    offerCode: 'AmazonEC2',
    version: publicationDate.replace(/\D/g, '').slice(0, 14),
    publicationDate,
    products,
    terms: { OnDemand: onDemand },
  });
}

beforeAll(async () => {
  // 127.0.0.0/8 is opened for the URL import's local upstream; the app's own port stays refused.
  server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.0/8').rules });
  admin = await signUpAs(server, 'admin');
  await resetImports();
  upstream = createServer((request, response) => {
    if (request.url === '/offers/AmazonEC2/us-east-1/index.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(ec2Offer({ 'c7i.large': '0.0893' }, '2026-08-20T00:00:00Z'));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // The test database is shared by every file of a run: leave the book as the seed.
  await resetImports();
  await new Promise((resolve) => upstream.close(resolve));
  await server.close();
});

describe('who may import price lists', () => {
  it('answers 403 to a user and to a helper (staff without system.manage), 401 signed out', async () => {
    const user = await signUpAs(server, 'user');
    const helper = await signUpAs(server, 'helper');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const account of [user, helper]) {
      const headers = bearer(account.token);
      for (const [method, url] of [
        ['GET', '/api/admin/price-lists'],
        ['GET', '/api/admin/price-imports'],
        ['GET', `/api/admin/price-imports/${id}`],
        ['GET', `/api/admin/price-imports/${id}/diff`],
      ] as const) {
        const res = await server.app.inject({ method, url, headers });
        expect(res.statusCode, `${account.role} ${url}`).toBe(403);
        expect(json(res).code).toBe('auth/forbidden');
      }
      const created = await start(account, { format: 'aws-offer-json', fileName: 'x.json' });
      expect(created.statusCode).toBe(403);
      const sent = await upload(account, id, fixture('aws-ec2-offer.json'));
      expect(sent.statusCode).toBe(403);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/admin/price-lists' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('AWS Price List bulk offer file', () => {
  let first: TPriceImport;

  it('imports the JSON offer file: m7i.large at the new price, with the import as source', async () => {
    const before = await bookInForce();
    expect(before.find('aws', 'compute.vm', 'm7i.large', 'us-east-1')?.item.price).toBe(0.1008);

    first = await importOk(
      'aws-offer-json',
      'AmazonEC2-us-east-1.json',
      fixture('aws-ec2-offer.json'),
    );
    // 5 products: m7i.large us-east-1 0.1008 → 0.105 (changed), t3.micro 0.0104 and EBS gp3
    // 0.08 (unchanged), m7i.large in ap-northeast-1 (added: the seed has no Tokyo row), the
    // Windows m7i.large skipped. The Reserved term is not read.
    expect(first).toMatchObject({
      status: 'completed',
      cloud: 'aws',
      asOf: '2026-08-01',
      title: 'AmazonEC2 20260801000000',
      recordsRead: 5,
      rowsKept: 4,
      bytesRead: fixture('aws-ec2-offer.json').length,
      summary: { added: 1, changed: 1, unchanged: 2, removed: 0, skipped: 1 },
      skippedReasons: [{ reason: 'EC2: not Linux', count: 1 }],
      isApplied: true,
      isCurrent: true,
    });

    const book = await bookInForce();
    expect(book.version).not.toBe(before.version);
    const m7i = book.find('aws', 'compute.vm', 'm7i.large', 'us-east-1');
    expect(m7i?.fallback).toBe(false);
    expect(m7i?.item).toMatchObject({
      price: 0.105,
      unit: 'hour',
      asOf: '2026-08-01',
      source: `import:${first.id}`,
    });
    // What the estimator shows for one m7i.large: 0.105 × 730 h = 76.65 a month.
    expect(Math.round((m7i?.item.price ?? 0) * 730 * 100) / 100).toBe(76.65);
    expect(book.sources.get(`import:${first.id}`)?.repository).toBe('AmazonEC2-us-east-1.json');
    expect(book.find('aws', 'compute.vm', 'm7i.large', 'ap-northeast-1')?.item.price).toBe(0.1302);
    // Keys the file does not have keep the seed's row.
    expect(book.find('aws', 'compute.vm', 'm7i.large', 'eu-west-1')?.item.source).toBe('coroot');
    expect(book.find('aws', 'compute.vm', 'c7i.large', 'us-east-1')?.item.source).toBe(
      'karpenter-aws',
    );
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await bookInForce();
    const again = await importOk(
      'aws-offer-json',
      'AmazonEC2-us-east-1.json',
      fixture('aws-ec2-offer.json'),
    );
    expect(again.summary).toEqual({ added: 0, changed: 0, unchanged: 4, removed: 0, skipped: 1 });
    expect(again.isApplied).toBe(false);
    const after = await bookInForce();
    expect(after.version).toBe(before.version);
    expect(after.find('aws', 'compute.vm', 'm7i.large', 'us-east-1')?.item.source).toBe(
      `import:${first.id}`,
    );
  });

  it('shows what the import changed against the version before it', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/admin/price-imports/${first.id}/diff`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const diff = json<TPriceDiffResponse>(res).data;
    expect(diff.previous).toBeNull();
    expect(diff.total).toBe(2);
    expect(diff.items).toEqual([
      expect.objectContaining({
        kind: 'added',
        sku: 'm7i.large',
        region: 'ap-northeast-1',
        oldPrice: null,
        newPrice: 0.1302,
      }),
      expect.objectContaining({
        kind: 'changed',
        sku: 'm7i.large',
        region: 'us-east-1',
        oldPrice: 0.1008,
        oldSource: 'karpenter-aws',
        newPrice: 0.105,
        newSource: `import:${first.id}`,
      }),
    ]);
  });

  it('replaces what the previous import said for the families and regions a new one covers', async () => {
    // A later EC2 file for us-east-1 with only t3.micro (0.0104 → 0.0105): m7i.large there is
    // no longer imported and falls back to the seed's 0.1008; Tokyo (not covered) stays.
    const second = await importOk(
      'aws-offer-json',
      'AmazonEC2-us-east-1-2.json',
      ec2Offer({ 't3.micro': '0.0105' }),
    );
    expect(second.summary).toEqual({ added: 0, changed: 1, unchanged: 0, removed: 1, skipped: 0 });
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/admin/price-imports/${second.id}/diff?kind=removed`,
      headers: bearer(admin.token),
    });
    const diff = json<TPriceDiffResponse>(res).data;
    expect(diff.previous?.id).toBe(first.id);
    expect(diff.items.map((c) => [c.sku, c.oldPrice, c.newPrice, c.newSource])).toEqual([
      ['m7i.large', 0.105, 0.1008, 'karpenter-aws'],
    ]);
    const book = await bookInForce();
    expect(book.find('aws', 'compute.vm', 'm7i.large', 'us-east-1')?.item.price).toBe(0.1008);
    expect(book.find('aws', 'compute.vm', 't3.micro', 'us-east-1')?.item.price).toBe(0.0105);
    expect(book.find('aws', 'compute.vm', 'm7i.large', 'ap-northeast-1')?.item.price).toBe(0.1302);
  });

  it('imports the CSV form (RDS): engine and deployment in the SKU, Oracle skipped', async () => {
    const csv = await importOk('aws-offer-csv', 'AmazonRDS.csv', fixture('aws-rds-offer.csv'));
    // PostgreSQL db.t3.micro single-AZ 0.018 → 0.019; MySQL multi-AZ 0.034 and gp2 storage
    // (single-AZ) 0.115 as in the seed; the Oracle row skipped; the Reserved row not read.
    expect(csv).toMatchObject({
      status: 'completed',
      asOf: '2026-08-02',
      title: 'AmazonRDS 20260802000000',
      recordsRead: 4,
      summary: { added: 0, changed: 1, unchanged: 2, removed: 0, skipped: 1 },
    });
    const book = await bookInForce();
    expect(
      book.find('aws', 'database.postgresql', 'db.t3.micro (single-az)', 'us-east-1')?.item,
    ).toMatchObject({
      price: 0.019,
      source: `import:${csv.id}`,
    });
    expect(
      book.find('aws', 'database.storage', 'RDS gp2 storage (Single-AZ)', 'us-east-1')?.item.asOf,
    ).toBe('2026-08-02');
  });

  it('reads an offer file from a URL through the egress policy, and refuses what the policy refuses', async () => {
    const refused = await start(admin, {
      format: 'aws-offer-json',
      url: 'http://169.254.169.254/latest/offer.json',
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'costing/import_invalid' });
    expect(json<{ message: string }>(refused).message).toMatch(/may not fetch 169\.254\.169\.254/);

    const created = await start(admin, {
      format: 'aws-offer-json',
      url: `${upstreamUrl}/offers/AmazonEC2/us-east-1/index.json`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, fileName } = json<{ data: TPriceImport }>(created).data;
    expect(fileName).toBe('index.json');
    let row: TPriceImport | undefined;
    for (let i = 0; i < 100; i += 1) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/admin/price-imports/${id}`,
        headers: bearer(admin.token),
      });
      row = json<{ data: TPriceImport }>(res).data;
      if (row.status === 'completed' || row.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(row).toMatchObject({ status: 'completed', asOf: '2026-08-20', summary: { changed: 1 } });
    expect(
      (await bookInForce()).find('aws', 'compute.vm', 'c7i.large', 'us-east-1')?.item.price,
    ).toBe(0.0893);
  });
});

describe('Azure, GCP and OCI price lists', () => {
  it('imports an Azure Retail Prices page: Linux pay-as-you-go, tiers by tierMinimumUnits', async () => {
    const azure = await importOk(
      'azure-retail-json',
      'retail-prices-page-1.json',
      fixture('azure-retail-page.json'),
    );
    // D2s v5 eastus 0.096 → 0.099 (Linux; the Windows meter and the Reservation skipped);
    // P10 disk in westeurope added (19.71 per disk-month, "1/Month"); Functions executions:
    // the paid tier (from 100,000 units of 10) at 0.000002 per 10 = 0.2 per 1M, as the seed.
    expect(azure.summary).toEqual({ added: 1, changed: 1, unchanged: 1, removed: 0, skipped: 2 });
    const book = await bookInForce();
    expect(book.find('azure', 'compute.vm', 'Standard_D2s_v5', 'eastus')?.item.price).toBe(0.099);
    expect(
      book.find('azure', 'storage.block', 'Managed disk Premium SSD P10 (128 GiB)', 'westeurope')
        ?.item,
    ).toMatchObject({
      price: 19.71,
      unit: 'disk-month',
    });
    expect(
      book.find('azure', 'serverless.function', 'Functions Consumption executions', 'eastus')?.item
        .price,
    ).toBe(0.2);
  });

  it('imports GCP Billing Catalog SKUs: machine types from the per-vCPU and per-GiB rates', async () => {
    const gcp = await importOk(
      'gcp-billing-json',
      'compute-engine-skus.json',
      fixture('gcp-billing-skus.json'),
    );
    // N2 core 0.031611/vCPU-h and RAM 0.004237/GiB-h price the book's 9 N2 shapes in
    // us-central1; pd-balanced in 2 regions; the spot core and the 1-year commitment skipped.
    expect(gcp).toMatchObject({
      status: 'completed',
      asOf: '2026-08-03',
      rowsKept: 11,
      summary: { skipped: 2 },
    });
    const book = await bookInForce();
    // n2-standard-2 = 2 × 0.031611 + 8 × 0.004237 = 0.063222 + 0.033896 = 0.097118 (the seed's).
    const n2 = book.find('gcp', 'compute.vm', 'n2-standard-2', 'us-central1')?.item;
    expect(n2).toMatchObject({ price: 0.097118, derived: true });
    expect(
      book.find('gcp', 'storage.block', 'Persistent Disk pd-balanced', 'europe-west1')?.item.price,
    ).toBe(0.11);
  });

  it("imports Cyclenerd's pricing.yml", async () => {
    const yml = await importOk('gcp-pricing-yml', 'pricing.yml', fixture('gcp-pricing.yml'));
    // about.timestamp 1785643200 = 2026-08-02T04:00:00Z
    expect(yml).toMatchObject({ status: 'completed', asOf: '2026-08-02' });
    const book = await bookInForce();
    expect(book.find('gcp', 'compute.vm', 'e2-standard-2', 'us-central1')?.item).toMatchObject({
      price: 0.07,
      source: `import:${yml.id}`,
    });
  });

  it('imports the OCI products list and marks OCI priced', async () => {
    expect((await bookInForce()).clouds.oci.priced).toBe(false);
    const oci = await importOk(
      'oci-products-json',
      'oci-products.json',
      fixture('oci-products.json'),
    );
    expect(oci.summary).toEqual({ added: 3, changed: 0, unchanged: 0, removed: 0, skipped: 1 });
    const lists = await server.app.inject({
      method: 'GET',
      url: '/api/admin/price-lists',
      headers: bearer(admin.token),
    });
    const ociList = json<TPriceListsResponse>(lists).data.clouds.find((c) => c.cloud === 'oci');
    expect(ociList).toMatchObject({
      priced: true,
      rows: 3,
      importedRows: 3,
      current: { id: oci.id },
    });
    const book = await bookInForce();
    expect(book.clouds.oci.priced).toBe(true);
    expect(
      book.find('oci', 'compute.vm', 'Compute - Standard - E4 - OCPU (B93113)', 'us-ashburn-1')
        ?.item.price,
    ).toBe(0.025);
  });
});

describe('a malformed file', () => {
  const cases = [
    ['aws-offer-json', 'aws-offer-truncated.json', /ends in the middle of a value \(at byte \d+\)/],
    ['aws-offer-csv', 'aws-offer-no-header.csv', /no header row starting with SKU/],
    [
      'azure-retail-json',
      'azure-retail-no-price.json',
      /Items\[3\] of page 1 \(meterId [\w-]+\) has no retailPrice/,
    ],
    [
      'gcp-billing-json',
      'gcp-billing-broken.json',
      /Not valid JSON at byte \d+: unexpected string "oops"/,
    ],
    ['oci-products-json', 'oci-products-broken.json', /Not valid JSON at byte \d+/],
  ] as const;

  it.each(cases)(
    '%s %s: a clear 400, nothing imported, the book unchanged',
    async (format, file, message) => {
      const before = await bookInForce();
      const { id, response } = await importFile(format, file, fixture(file));
      expect(response.statusCode).toBe(400);
      const error = json<{ code: string; message: string }>(response);
      expect(error.code).toBe('costing/import_invalid');
      expect(error.message).toMatch(message);
      const db = withPriceTables(server.db);
      const row = await db
        .selectFrom('price_imports')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', error: error.message, book_revision: null });
      const staged = await db
        .selectFrom('price_import_rows')
        .select('sku')
        .where('import_id', '=', id)
        .execute();
      expect(staged).toEqual([]);
      expect((await bookInForce()).version).toBe(before.version);
    },
  );

  it('the truncated AWS file had read prices before it broke: none of them reached the book', async () => {
    // Its first 6,000 bytes hold the m7i.large product and on-demand term (0.105).
    const book = await bookInForce();
    expect(book.find('aws', 'compute.vm', 'm7i.large', 'us-east-1')?.item.price).toBe(0.1008);
  });
});

describe('one import at a time per cloud', () => {
  it('answers 409 costing/import_running while another import of the cloud is open', async () => {
    const a = await start(admin, { format: 'azure-retail-json', fileName: 'a.json' });
    expect(a.statusCode).toBe(200);
    const b = await start(admin, { format: 'azure-retail-json', fileName: 'b.json' });
    expect(b.statusCode).toBe(409);
    expect(json(b)).toMatchObject({ code: 'costing/import_running' });
    // Another cloud is not held up.
    const other = await importOk(
      'oci-products-json',
      'oci-products.json',
      fixture('oci-products.json'),
    );
    expect(other.summary.unchanged).toBe(3);
    const done = await upload(
      admin,
      json<{ data: TPriceImport }>(a).data.id,
      fixture('azure-retail-page.json'),
    );
    expect(json<{ data: TPriceImport }>(done).data.summary).toMatchObject({
      added: 0,
      changed: 0,
      unchanged: 3,
    });
    // A finished import takes no second file.
    const again = await upload(
      admin,
      json<{ data: TPriceImport }>(a).data.id,
      fixture('azure-retail-page.json'),
    );
    expect(again.statusCode).toBe(400);
  });

  it('lists the versions newest first', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/admin/price-imports?cloud=aws',
      headers: bearer(admin.token),
    });
    const page = json<{ data: { items: TPriceImport[]; total: number } }>(res).data;
    expect(page.items[0]?.fileName).toBe('aws-offer-no-header.csv');
    expect(page.items.filter((i) => i.isCurrent)).toHaveLength(1);
  });
});
