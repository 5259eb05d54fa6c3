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
 * The workloads on an EKS cluster are told where its stores are, with the names and values a
 * function connected to the same stores gets (decision 0033), through one output.
 */
describe('aws: connection settings of an EKS cluster', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'k8s', service: 'aws.eks', name: 'k8s', group: 'sn-0' },
      { id: 'lone', service: 'aws.eks', name: 'lone', group: 'sn-0' },
      { id: 'orders', service: 'aws.rds-postgresql', name: 'orders', group: 'sn-0' },
      { id: 'jobs', service: 'aws.sqs', name: 'jobs' },
      { id: 'fn', service: 'aws.lambda', name: 'fn' },
    ],
    connections: [
      { from: 'k8s', to: 'sn-1', type: 'placement' },
      { from: 'lone', to: 'sn-1', type: 'placement' },
      { from: 'orders', to: 'sn-1', type: 'placement' },
      ...['k8s', 'fn'].flatMap((from) =>
        ['orders', 'jobs'].map((to) => ({ from, to, type: 'data' })),
      ),
    ],
  });
  const files = terraformFiles(design, 'standard');
  const file = (path: string) => files.find((f) => f.path === path)!.content;

  it('is one object output with the names and values the function gets', () => {
    const output = outputBlock(file('outputs.tf'), 'k8s_settings');
    // By name, whatever order the connections were drawn in.
    expect(outputSettings(output)).toEqual([
      'JOBS_QUEUE_URL=aws_sqs_queue.jobs.url',
      'ORDERS_HOST=aws_db_instance.orders.address',
      'ORDERS_PORT=aws_db_instance.orders.port',
      // The secret by its ARN: never a password in an output.
      'ORDERS_SECRET_ARN=aws_db_instance.orders.master_user_secret[0].secret_arn',
    ]);
    expect(output).not.toContain('sensitive');
    const lambda = resourceBlock(file('main.tf'), 'aws_lambda_function', 'fn');
    expect(outputSettings(lambda.replace(/^ {6}/gm, '    ')).sort()).toEqual(
      outputSettings(output),
    );
  });

  it('writes no output for a cluster without data connections', () => {
    expect(file('outputs.tf')).not.toContain('output "lone_settings"');
  });

  it('gives the README the command that makes the ConfigMap, for that cluster only', () => {
    const readme = file('README.md');
    expect(readme).toContain('## Connection settings');
    // Both clusters are in "Cluster access"; only the one with settings is in this section.
    const section = readme.slice(readme.indexOf('## Connection settings'));
    expect(section).toContain('- `k8s` (EKS cluster)\n');
    expect(section).not.toContain('`lone`');
    expect(readme).toContain(
      `terraform output -json k8s_settings | jq -r 'to_entries[] | "\\(.key)=\\(.value)"' | kubectl create configmap k8s-settings --from-env-file=/dev/stdin --dry-run=client -o yaml | kubectl apply -f -`,
    );
  });

  it('passes the schema check, in one module and across modules', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
    const modules = terraformFiles(design, 'modules');
    expect(modules.find((f) => f.path === 'outputs.tf')!.content).toContain(
      'value       = module.kubernetes.k8s_settings',
    );
    expect(await checkOutput(modules, sharedOrBundledSchemas())).toEqual([]);
  });
});
