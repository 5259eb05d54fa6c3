// Regenerates oci-schema.json: the schema of only the OCI resource and data source types that
// Stratum emits, taken from `../shared/iac-schemas/terraform/oci.json` (oracle/oci 7.4.0,
// `terraform providers schema -json`). No npm package carries OCI schemas, so this small
// extract is committed. Run: npx tsx --conditions=source cli/src/checks/extract-oci-schema.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OCI } from '@stratum/core/iac/catalog/oci/index';
import { sharedSchemaDir, sharedSchemas } from './shared-schemas';

export const OCI_DATA_SOURCES = [
  'oci_identity_availability_domains',
  'oci_core_images',
  'oci_objectstorage_namespace',
  'oci_containerengine_node_pool_option',
  'oci_containerengine_cluster_option',
  'oci_core_services',
  'oci_waf_protection_capabilities',
];

const here = dirname(fileURLToPath(import.meta.url));
const dir = sharedSchemaDir(join(here, '..', '..', '..'));
if (!dir) throw new Error('../shared/iac-schemas not found');
const source = sharedSchemas(dir);
const meta = JSON.parse(readFileSync(join(dir, 'terraform', 'oci.json'), 'utf8')) as {
  version: string;
  source: unknown;
};
const types = [...new Set(OCI.services.flatMap((s) => s.emits.terraform))].sort();
const out = {
  $comment:
    'Extract of oracle/oci 7.4.0 `terraform providers schema -json` (via cueniform/raw-terraform-registry-providers-schemata, MPL-2.0 provider output) for the types Stratum emits; a: 1 required / 0 optional, b: blocks (min 1 = required), r: readable attributes. Regenerate with extract-oci-schema.ts.',
  provider: 'oracle/oci',
  version: meta.version,
  source: meta.source,
  resources: Object.fromEntries(types.map((t) => [t, source.lookup(t, false)])),
  dataSources: Object.fromEntries(OCI_DATA_SOURCES.map((t) => [t, source.lookup(t, true)])),
};
writeFileSync(join(here, 'oci-schema.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`oci-schema.json: ${types.length} resources, ${OCI_DATA_SOURCES.length} data sources`);
