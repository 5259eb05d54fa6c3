import { describe, expect, it } from 'vitest';
import { findService } from '../../iac/catalog/registry';
import { localName } from '../../iac/design/resolve';
import { ZDesignV2 } from '../../iac/design/schema-v2';
import type { TConvertFile } from '../types';
import { orderAsWritten } from './connection-order';
import type { TConnectable, TConnectionChoice } from './connections';
import { terraformToDesign } from './import';
import { builtView } from './probe';
import { buildDesign } from './probe-design';

const REGION = 'uk-london-1';

/** An OCI dynamic group granted a queue and a bucket, its connections in the order given. */
function workers(order: readonly string[]) {
  const connections = order.map((to) => ({ from: 'workers', to, type: 'data' as const }));
  const components = [
    { id: 'workers', service: 'oci.dynamic-group', name: 'workers' },
    { id: 'jobs', service: 'oci.queue', name: 'jobs' },
    { id: 'curated', service: 'oci.object-storage', name: 'curated' },
  ];
  const design = ZDesignV2.parse({
    v: 2,
    name: 'lake',
    provider: 'oci',
    region: REGION,
    environments: [{ name: 'dev' }],
    components: components.map((c) => ({ ...c, properties: {} })),
    connections,
  });
  const built = buildDesign(design)!;
  // The components as the importer sees them: the views of what the engine wrote.
  const read: TConnectable[] = components.map((c) => ({
    id: c.id,
    local: localName(c.id),
    service: findService(c.service)!,
    view: builtView(built, c.id),
    name: c.name,
    properties: {},
    placed: false,
  }));
  const statements = built.resources.find((r) => r.type === 'oci_identity_policy');
  return { connections, read, statements: JSON.stringify(statements?.body['statements']) };
}

const targets = (cs: readonly TConnectionChoice[]) => cs.map((c) => c.to);

describe('connections read back in the order the engine wrote them', () => {
  it('orders a dynamic group’s grants as its policy’s statements are', () => {
    for (const order of [
      ['jobs', 'curated'],
      ['curated', 'jobs'],
    ]) {
      const { connections, read, statements } = workers(order);
      // The policy lists the queue's statement first exactly when its connection comes first.
      expect(statements.indexOf('queues') < statements.indexOf('objects')).toBe(
        order[0] === 'jobs',
      );
      // Found in the other order (the bucket by its reference, the queue as a grant after it).
      const found = [...connections].reverse();
      expect(targets(orderAsWritten(found, read, REGION))).toEqual(order);
      expect(targets(orderAsWritten(connections, read, REGION))).toEqual(order);
    }
  });
});

/** A function reading two queues, its environment map and its policy's statements in `order`. */
function readingQueues(order: readonly string[]): TConvertFile[] {
  const queue = (q: string) =>
    [
      `resource "aws_sqs_queue" "${q}" {`,
      `  name                    = "${q}"`,
      '  sqs_managed_sse_enabled = true',
      '}',
    ].join('\n');
  const statement = (q: string) =>
    [
      '      {',
      '        Effect   = "Allow"',
      '        Action   = ["sqs:SendMessage", "sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"]',
      `        Resource = [aws_sqs_queue.${q}.arn]`,
      '      },',
    ].join('\n');
  const main = [
    'provider "aws" {',
    '  region = "eu-west-1"',
    '}',
    // The queues and their triggers in one order, whatever the lists': the connections are
    // found in this one.
    ...[...order].sort().map(queue),
    ...[...order]
      .sort()
      .map((q) =>
        [
          `resource "aws_lambda_event_source_mapping" "worker_${q}" {`,
          `  event_source_arn = aws_sqs_queue.${q}.arn`,
          '  function_name    = aws_lambda_function.worker.arn',
          '  batch_size       = 10',
          '}',
        ].join('\n'),
      ),
    'resource "aws_iam_role" "worker" {',
    '  name = "worker-role"',
    '  assume_role_policy = jsonencode({',
    '    Version   = "2012-10-17"',
    '    Statement = [{ Effect = "Allow", Principal = { Service = "lambda.amazonaws.com" }, Action = "sts:AssumeRole" }]',
    '  })',
    '}',
    'resource "aws_iam_role_policy" "worker_data" {',
    '  name = "data-access"',
    '  role = aws_iam_role.worker.id',
    '  policy = jsonencode({',
    '    Version   = "2012-10-17"',
    '    Statement = [',
    ...order.map(statement),
    '    ]',
    '  })',
    '}',
    'resource "aws_lambda_function" "worker" {',
    '  function_name = "worker"',
    '  role          = aws_iam_role.worker.arn',
    '  runtime       = "nodejs22.x"',
    '  handler       = "index.handler"',
    '  filename      = "worker.zip"',
    '  environment {',
    '    variables = {',
    ...order.map((q) => `      ${q.toUpperCase()}_QUEUE_URL = aws_sqs_queue.${q}.url`),
    '    }',
    '  }',
    '}',
  ].join('\n');
  return [{ path: 'main.tf', content: main }];
}

describe('connections read back in the order a map or a policy document lists them', () => {
  it('orders a function’s data connections as its environment variables and statements are', () => {
    for (const order of [
      ['zeta', 'alpha'],
      ['alpha', 'zeta'],
    ]) {
      const design = terraformToDesign(readingQueues(order)).design!;
      const read = design.connections.filter((c) => c.from === 'worker' && c.type === 'data');
      expect(targets(read)).toEqual(order);
    }
  });

  it('follows the environment map where the policy lists a database’s secret after the stores', () => {
    for (const order of [
      ['ledger', 'uploads'],
      ['uploads', 'ledger'],
    ]) {
      const connections = order.map((to) => ({ from: 'api', to, type: 'data' as const }));
      const components = [
        { id: 'api', service: 'aws.lambda', name: 'api' },
        { id: 'ledger', service: 'aws.rds-postgresql', name: 'ledger', group: 'data-a' },
        { id: 'uploads', service: 'aws.s3', name: 'uploads' },
      ];
      const design = ZDesignV2.parse({
        v: 2,
        name: 'orders',
        provider: 'aws',
        region: 'eu-west-1',
        environments: [{ name: 'dev' }],
        groups: [
          { id: 'vpc', service: 'aws.vpc', name: 'main' },
          ...['a', 'b'].map((z, i) => ({
            id: `data-${z}`,
            service: 'aws.subnet',
            name: `data-${z}`,
            parent: 'vpc',
            properties: { cidr: `10.0.${i + 1}.0/24`, zone: String(i) },
          })),
        ],
        components: components.map((c) => ({ ...c, properties: {} })),
        connections: [{ from: 'ledger', to: 'data-b', type: 'placement' }, ...connections],
      });
      const built = buildDesign(design)!;
      const read: TConnectable[] = components.map((c) => ({
        id: c.id,
        local: localName(c.id),
        service: findService(c.service)!,
        view: builtView(built, c.id),
        name: c.name,
        properties: {},
        placed: c.id === 'ledger',
      }));
      // The policy writes the bucket's statement first whatever the order; the map does not.
      const found = [...connections].reverse();
      expect(targets(orderAsWritten(found, read, 'eu-west-1'))).toEqual(order);
    }
  });
});
