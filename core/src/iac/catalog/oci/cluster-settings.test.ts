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
 * The workloads on an OKE cluster are told where its stores are, with the names and values a
 * function connected to the same stores gets (decision 0033), through one output.
 */
describe('oci: connection settings of an OKE cluster', () => {
  const design = smallDesign({
    cloud: 'oci',
    components: [
      { id: 'oke', service: 'oci.oke', name: 'apps', group: 'sn-0' },
      { id: 'lone', service: 'oci.oke', name: 'lone', group: 'sn-0' },
      { id: 'orders', service: 'oci.postgresql', name: 'orders', group: 'sn-1' },
      { id: 'uploads', service: 'oci.object-storage', name: 'uploads' },
      { id: 'fn', service: 'oci.function', name: 'fn', group: 'sn-0' },
    ],
    connections: ['oke', 'fn'].flatMap((from) =>
      ['orders', 'uploads'].map((to) => ({ from, to, type: 'data' })),
    ),
  });
  const files = terraformFiles(design, 'standard');
  const file = (path: string) => files.find((f) => f.path === path)!.content;

  it('is one object output with the names and values the function gets', () => {
    const output = outputBlock(file('outputs.tf'), 'oke_settings');
    expect(outputSettings(output)).toEqual([
      'ORDERS_HOST=oci_psql_db_system.orders.network_details[0].primary_db_endpoint_private_ip',
      'ORDERS_PORT="5432"',
      'ORDERS_USER=oci_psql_db_system.orders.credentials[0].username',
      'UPLOADS_BUCKET=oci_objectstorage_bucket.uploads.name',
    ]);
    expect(output).not.toContain('sensitive');
    const fn = resourceBlock(file('main.tf'), 'oci_functions_function', 'fn');
    const config = /^ {2}config = \{\n([\s\S]*?)\n {2}\}/m.exec(fn)![1]!;
    expect(outputSettings(config)).toEqual(outputSettings(output));
  });

  it('writes no output for a cluster without data connections', () => {
    expect(file('outputs.tf')).not.toContain('output "lone_settings"');
  });

  it('gives the README the command that makes the ConfigMap, for that cluster only', () => {
    // Its section: the load balancers' section names every cluster.
    const readme = file('README.md').slice(file('README.md').indexOf('## Connection settings'));
    expect(readme).toContain('- `apps` (OKE cluster)\n');
    expect(readme).not.toContain('`lone`');
    expect(readme).toContain(
      `terraform output -json oke_settings | jq -r 'to_entries[] | "\\(.key)=\\(.value)"' | kubectl create configmap apps-settings --from-env-file=/dev/stdin --dry-run=client -o yaml | kubectl apply -f -`,
    );
  });

  it('passes the schema check, in one module and across modules', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
    expect(await checkOutput(terraformFiles(design, 'modules'), sharedOrBundledSchemas())).toEqual(
      [],
    );
  });
});
