import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedSchemaDir } from '@stratum/cli/checks/shared-schemas';
import { REPO_ROOT, checkOutput } from '@stratum/cli/testing/fixtures';
import { allServices } from '../registry';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** ECS reads container definitions as JSON: every environment value must be a JSON string. */
describe('aws: environment of ECS container definitions', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'app', service: 'aws.ecs-fargate', name: 'app', group: 'sn-0' },
      { id: 'orders', service: 'aws.rds-postgresql', name: 'orders', group: 'sn-0' },
      { id: 'docs', service: 'aws.documentdb', name: 'docs', group: 'sn-0' },
      { id: 'jobs', service: 'aws.sqs', name: 'jobs' },
    ],
    connections: [
      { from: 'app', to: 'orders', type: 'data' },
      { from: 'app', to: 'docs', type: 'data' },
      { from: 'app', to: 'jobs', type: 'data' },
    ],
  });
  const definition = resourceBlock(mainTf(design), 'aws_ecs_task_definition', 'app');

  it('writes database ports as strings', () => {
    expect(definition).toMatch(/value = tostring\(aws_db_instance\.orders\.port\)/);
    expect(definition).toMatch(/value = tostring\(aws_docdb_cluster\.docs\.port\)/);
    expect(definition).not.toMatch(/value = [^\n]*\.port\n/);
  });

  it('leaves string attributes as they are', () => {
    expect(definition).toMatch(/value = aws_db_instance\.orders\.address\n/);
    expect(definition).toMatch(/value = aws_sqs_queue\.jobs\.url\n/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

/** A service behind an Application and a Network Load Balancer. */
describe('aws: an ECS service behind load balancers', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'app', service: 'aws.ecs-fargate', name: 'app', group: 'sn-0' },
      {
        id: 'alb',
        service: 'aws.alb',
        name: 'www',
        group: 'sn-0',
        properties: { certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/web' },
      },
      { id: 'nlb', service: 'aws.nlb', name: 'tcp', group: 'sn-0', properties: { public: false } },
    ],
    connections: [
      { from: 'alb', to: 'sn-1', type: 'placement' },
      { from: 'nlb', to: 'sn-1', type: 'placement' },
      { from: 'alb', to: 'app', type: 'traffic' },
      { from: 'nlb', to: 'app', type: 'traffic' },
    ],
  });

  it('is created once the listeners tie its target groups to their load balancers', () => {
    // Else: "The target group … does not have an associated load balancer" on the first apply.
    expect(resourceBlock(mainTf(design), 'aws_ecs_service', 'app')).toMatch(
      /depends_on\s+= \[aws_iam_role_policy_attachment\.app_execution_1, aws_lb_listener\.alb, aws_lb_listener\.nlb\]/,
    );
  });

  it('passes the schema check, in one root and in modules', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
    expect(await checkOutput(terraformFiles(design, 'modules'))).toEqual([]);
  });
});

const schemaDir = sharedSchemaDir(REPO_ROOT);

/** Every store ECS can be told about, against the attribute types of the pinned aws provider. */
describe.runIf(schemaDir !== undefined)('aws: ECS environment values of every store', () => {
  // Read when a test runs: vitest collects a skipped suite too, and a clone has no ../shared.
  type TDump = { resources: Record<string, { a: Record<string, [string, unknown]> }> };
  let dump: TDump | undefined;
  const pinned = (): TDump =>
    (dump ??= JSON.parse(readFileSync(join(schemaDir!, 'terraform', 'aws.json'), 'utf8')) as TDump);
  // Not stores, or not buildable from one connection (a load balancer needs targets, a delivery
  // stream a bucket, a cluster two zones, a generic resource its type).
  const SKIPPED = new Set([
    'network',
    'nat-gateway',
    'load-balancer',
    'network-load-balancer',
    'cdn',
    'kubernetes',
    'resource',
    'log-router',
  ]);
  const stores = allServices().filter(
    (s) => s.cloud === 'aws' && ['none', 'subnet'].includes(s.placement) && !SKIPPED.has(s.kind),
  );

  it.each(stores)('$id', (store) => {
    const definition = resourceBlock(
      mainTf(
        smallDesign({
          cloud: 'aws',
          components: [
            { id: 'app', service: 'aws.ecs-fargate', name: 'app', group: 'sn-0' },
            {
              id: 'store',
              service: store.id,
              name: 'store',
              ...(store.placement === 'subnet' ? { group: 'sn-0' } : {}),
            },
          ],
          connections: [{ from: 'app', to: 'store', type: 'data' }],
        }),
      ),
      'aws_ecs_task_definition',
      'app',
    );
    for (const [, type, attr] of definition.matchAll(/value = (aws_\w+)\.\w+\.(\w+)\n/g))
      expect(pinned().resources[type!]?.a[attr!]?.[1], `${type}.${attr}`).toBe('string');
  });
});
