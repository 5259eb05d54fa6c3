#!/usr/bin/env node
// Builds the project's own seed price book, pricing-data/price-book.json, from the dated
// price catalog beside the project (../shared/pricing/{aws,azure,gcp,oci}.json, schema
// "stratum-price-catalog/1"). Every row keeps its SKU, region, unit, price, as-of date and where it
// came from (source id, path and locator); the sources keep repository, commit, licence and date.
// Run it again when that catalog changes: `node scripts/build-price-book.mjs [dir]`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const from = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'pricing'));
const out = path.join(root, 'pricing-data', 'price-book.json');

const clouds = {};
const sources = new Map();
const items = [];
for (const cloud of ['aws', 'azure', 'gcp', 'oci']) {
  const catalog = JSON.parse(readFileSync(path.join(from, `${cloud}.json`), 'utf8'));
  if (catalog.schema !== 'stratum-price-catalog/1') throw new Error(`${cloud}: unknown schema`);
  const priced = catalog.items.length > 0;
  clouds[cloud] = {
    priced,
    currency: catalog.currency,
    regions: catalog.regions,
    asOf: catalog.prices_as_of,
    coverage: catalog.coverage,
  };
  for (const s of catalog.sources) {
    sources.set(s.id, {
      id: s.id,
      repository: s.repository,
      commit: s.commit,
      path: s.path,
      licence: s.licence,
      date: s.date,
      what: s.what,
    });
  }
  for (const i of catalog.items) {
    // [cloud, service, sku, region, unit, price, asOf, source, locator, attrs|null, note|null, derived]
    items.push([
      cloud,
      i.service,
      i.sku,
      i.region,
      i.unit,
      i.price,
      i.as_of,
      i.source_ref.source,
      `${i.source_ref.path} ${i.source_ref.locator}`,
      i.attrs ?? null,
      i.note ?? null,
      i.derived === true ? 1 : 0,
    ]);
  }
}
const newest = items
  .map((i) => i[6])
  .sort()
  .at(-1);
const book = {
  schema: 'stratum-price-book/1',
  version: `seed-${newest}`,
  currency: 'USD',
  hoursPerMonth: 730,
  builtFrom: 'stratum-price-catalog/1 (../shared/pricing), by scripts/build-price-book.mjs',
  clouds,
  sources: [...sources.values()],
  columns: [
    'cloud',
    'service',
    'sku',
    'region',
    'unit',
    'price',
    'asOf',
    'source',
    'locator',
    'attrs',
    'note',
    'derived',
  ],
  items,
};
// One item per line: a reviewable diff when prices change.
const lines = JSON.stringify({ ...book, items: [] }, null, 2).replace(
  '"items": []',
  `"items": [\n${items.map((i) => `    ${JSON.stringify(i)}`).join(',\n')}\n  ]`,
);
writeFileSync(out, `${lines}\n`);
console.log(`${items.length} prices → ${path.relative(root, out)} (${book.version})`);
