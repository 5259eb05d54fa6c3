import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A workflow connected to another workflow runs it, as it calls a function. Before, the
 * connection was dropped without a word: no step, no role; and the Workflow Executions API, which
 * every execution is started through, was not in the README's list of APIs to enable.
 */
describe('gcp: a workflow runs the workflows it connects to', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'order', service: 'gcp.workflows', name: 'order' },
      { id: 'ship', service: 'gcp.workflows', name: 'ship' },
      { id: 'worker', service: 'gcp.cloud-function', name: 'worker' },
    ],
    connections: [
      { from: 'order', to: 'worker', type: 'traffic' },
      { from: 'order', to: 'ship', type: 'traffic' },
      { from: 'order', to: 'ship', type: 'data' },
    ],
  });
  const hcl = mainTf(design);
  const order = resourceBlock(hcl, 'google_workflows_workflow', 'order');

  it('runs the child after the calls before it, with their result, and returns its result', () => {
    const run = order.slice(order.indexOf('run_ship = {'));
    expect(run).toMatch(
      /call = "googleapis\.workflowexecutions\.v1\.projects\.locations\.workflows\.executions\.run"/,
    );
    expect(run).toMatch(/workflow_id\s+= google_workflows_workflow\.ship\.name/);
    expect(run).toMatch(/location\s+= var\.region/);
    expect(run).toMatch(/argument\s+= "\$\$\{default\(worker_result\.body, \\"\\"\)\}"/);
    expect(run).toMatch(/result = "ship_result"/);
    expect(order.indexOf('call_worker')).toBeLessThan(order.indexOf('run_ship'));
    expect(order).toMatch(/return = "\$\$\{ship_result\}"/);
  });

  it('may start executions, granted once for the traffic and the data connection', () => {
    const grant = resourceBlock(hcl, 'google_project_iam_member', 'order_workflows_invoker');
    expect(grant).toMatch(/role\s+= "roles\/workflows\.invoker"/);
    expect(grant).toContain('google_service_account.order.email');
    expect(hcl.match(/"order_workflows_invoker"/g)).toHaveLength(1);
  });

  it('has the README enable the Workflow Executions API', () => {
    const readme = terraformFiles(design).find((f) => f.path === 'README.md')?.content ?? '';
    expect(readme).toMatch(/^ {2}workflowexecutions\.googleapis\.com/m);
  });

  it('leaves a workflow that runs no other unchanged', () => {
    const ship = resourceBlock(hcl, 'google_workflows_workflow', 'ship');
    expect(ship).not.toContain('workflowexecutions');
    expect(ship).toMatch(/return = "\$\$\{input\}"/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
