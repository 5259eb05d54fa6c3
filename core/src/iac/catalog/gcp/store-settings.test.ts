import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Spanner client opens a database of an instance, a Bigtable client a table of an instance, a
 * MongoDB driver a connection string: a workload is told each. Before, it got the instance (or
 * the Firestore database's name) alone and could not open what the design connected it to.
 */
describe('gcp: clients of Spanner, Bigtable and Firestore with MongoDB compatibility', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
      { id: 'fn', service: 'gcp.cloud-function', name: 'fn' },
      { id: 'ledger', service: 'gcp.spanner', name: 'ledger', properties: { database: 'orders' } },
      { id: 'clicks', service: 'gcp.bigtable', name: 'clicks', properties: { table: 'sessions' } },
      { id: 'catalog', service: 'gcp.firestore-mongodb', name: 'catalog' },
    ],
    connections: ['api', 'fn'].flatMap((from) =>
      ['ledger', 'clicks', 'catalog'].map((to) => ({ from, to, type: 'data' })),
    ),
  });
  const hcl = mainTf(design);

  it('tells a Cloud Run service the database, the table and the connection string', () => {
    const run = resourceBlock(hcl, 'google_cloud_run_v2_service', 'api');
    const env = [...run.matchAll(/env \{\s*name\s+= "(\w+)"\s*value = ([^\n]+)/g)].map(
      ([, name, value]) => `${name}=${value}`,
    );
    expect(env).toEqual([
      'CATALOG_DATABASE=google_firestore_database.catalog.name',
      'CATALOG_MONGODB_URI="mongodb://${google_firestore_database.catalog.uid}.${google_firestore_database.catalog.location_id}.firestore.goog:443/${google_firestore_database.catalog.name}?loadBalanced=true&tls=true&retryWrites=false&authMechanism=MONGODB-OIDC&authMechanismProperties=ENVIRONMENT:gcp,TOKEN_RESOURCE:FIRESTORE"',
      'CLICKS_INSTANCE=google_bigtable_instance.clicks.name',
      'CLICKS_TABLE=google_bigtable_table.clicks.name',
      'LEDGER_DATABASE=google_spanner_database.ledger.name',
      'LEDGER_INSTANCE=google_spanner_instance.ledger.name',
    ]);
  });

  it('tells a function the same', () => {
    const fn = resourceBlock(hcl, 'google_cloudfunctions2_function', 'fn');
    expect(fn).toMatch(/LEDGER_DATABASE\s+= google_spanner_database\.ledger\.name/);
    expect(fn).toMatch(/CLICKS_TABLE\s+= google_bigtable_table\.clicks\.name/);
    expect(fn).toMatch(
      /CATALOG_MONGODB_URI\s+= "mongodb:\/\/\$\{google_firestore_database\.catalog\.uid\}/,
    );
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

/**
 * A workflow client starts executions on the workflow's full name: it had the invoker role and
 * was told nothing of which workflow.
 */
describe('gcp: clients of Workflows', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
      { id: 'vm', service: 'gcp.compute-instance', name: 'vm', group: 'sn-0' },
      { id: 'flow', service: 'gcp.workflows', name: 'flow' },
    ],
    connections: ['api', 'vm'].map((from) => ({ from, to: 'flow', type: 'data' })),
  });
  const hcl = mainTf(design);

  it('tells a Cloud Run service and a VM the workflow they start', () => {
    const run = resourceBlock(hcl, 'google_cloud_run_v2_service', 'api');
    expect(run).toMatch(/name\s+= "FLOW_WORKFLOW"\s+value = google_workflows_workflow\.flow\.id/);
    const vm = resourceBlock(hcl, 'google_compute_instance', 'vm');
    expect(vm).toMatch(/FLOW_WORKFLOW\s+= google_workflows_workflow\.flow\.id/);
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
