import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import {
  outputBlock,
  outputSettings,
  resourceBlock,
  smallDesign,
  terraformFiles,
} from '../../testing/small-design';

/**
 * The workloads on a GKE cluster are told where its stores are, with the names and values a
 * function connected to the same stores gets (decision 0033), through one output.
 */
describe('gcp: connection settings of a GKE cluster', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      {
        id: 'gke',
        service: 'gcp.gke',
        name: 'apps',
        group: 'sn-0',
        properties: { namespace: 'shop' },
      },
      { id: 'lone', service: 'gcp.gke', name: 'lone', group: 'sn-1' },
      { id: 'images', service: 'gcp.artifact-registry', name: 'images' },
      { id: 'orders-db', service: 'gcp.cloud-sql-postgres', name: 'orders', group: 'sn-1' },
      { id: 'uploads', service: 'gcp.cloud-storage', name: 'uploads' },
      { id: 'fn', service: 'gcp.cloud-function', name: 'fn' },
    ],
    connections: [
      ...['gke', 'fn'].flatMap((from) =>
        ['uploads', 'orders-db'].map((to) => ({ from, to, type: 'data' })),
      ),
      // A repository is pulled by the nodes: it carries no setting.
      { from: 'lone', to: 'images', type: 'data' },
    ],
  });
  const files = terraformFiles(design, 'standard');
  const file = (path: string) => files.find((f) => f.path === path)!.content;

  it('is one object output with the names and values the function gets', () => {
    const output = outputBlock(file('outputs.tf'), 'gke_settings');
    expect(outputSettings(output)).toEqual([
      'ORDERS_DB_CONNECTION_NAME=google_sql_database_instance.orders_db.connection_name',
      'ORDERS_DB_DATABASE=google_sql_database.orders_db.name',
      'ORDERS_DB_HOST=google_sql_database_instance.orders_db.private_ip_address',
      'ORDERS_DB_PASSWORD_SECRET=google_secret_manager_secret.orders_db_password.id',
      'ORDERS_DB_USER=google_sql_user.orders_db.name',
      'UPLOADS_BUCKET=google_storage_bucket.uploads.name',
    ]);
    expect(output).not.toContain('sensitive');
    const fn = resourceBlock(file('main.tf'), 'google_cloudfunctions2_function', 'fn');
    const env = /environment_variables = \{\n([\s\S]*?)\n\s*\}/.exec(fn)![1]!;
    expect(outputSettings(env.replace(/^ +/gm, '    '))).toEqual(outputSettings(output));
  });

  it('writes no output for a cluster whose connections carry no setting', () => {
    expect(file('outputs.tf')).not.toContain('output "lone_settings"');
  });

  it("gives the README the command that makes the ConfigMap in the workloads' namespace", () => {
    const readme = file('README.md');
    const settings = readme.slice(readme.indexOf('## Connection settings'));
    expect(settings).toContain('- `apps` (GKE cluster)\n');
    expect(settings).not.toContain('`lone`');
    expect(readme).toContain(
      `terraform output -json gke_settings | jq -r 'to_entries[] | "\\(.key)=\\(.value)"' | kubectl create configmap apps-settings --namespace shop --from-env-file=/dev/stdin --dry-run=client -o yaml | kubectl apply -f -`,
    );
  });

  it('passes the schema check, in one module and across modules', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
    expect(await checkOutput(terraformFiles(design, 'modules'), sharedOrBundledSchemas())).toEqual(
      [],
    );
  });
});
