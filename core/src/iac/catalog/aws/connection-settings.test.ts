import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { allServices } from '../registry';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A workload with a data connection to a store is told where it is, whatever the store: the
 * role may use it, so the code must be able to name it. An ECR repository is the exception: the
 * platform pulls its image, no code reads it.
 */
const NOT_READ_BY_CODE = new Set(['aws.ecr']);
/** Stores that need more than the connection to build. */
const EXTRA: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  'aws.firehose': [{ from: 'store', to: 'archive', type: 'data' }],
};

describe('aws: every store a workload reads is named in its settings', () => {
  const stores = allServices().filter(
    (s) =>
      s.cloud === 'aws' &&
      (s.dataActions ?? []).length > 0 &&
      s.id !== 'aws.resource' &&
      !NOT_READ_BY_CODE.has(s.id),
  );

  it.each(stores)('$id', (store) => {
    const hcl = mainTf(
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
          ...(EXTRA[store.id] ? [{ id: 'archive', service: 'aws.s3', name: 'archive' }] : []),
        ],
        connections: [{ from: 'app', to: 'store', type: 'data' }, ...(EXTRA[store.id] ?? [])],
      }),
    );
    const definition = resourceBlock(hcl, 'aws_ecs_task_definition', 'app');
    expect(definition).toMatch(/name\s+= "STORE_[A-Z_]+"\n\s+value = \S*\.store\b/);
  });
});

/** Kinesis: ECS, Lambda and App Runner are told the stream's name, as they are a queue's URL. */
describe('aws: workloads writing to a Kinesis stream', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' },
      { id: 'fn', service: 'aws.lambda', name: 'fn' },
      { id: 'admin', service: 'aws.app-runner', name: 'admin' },
      { id: 'clicks', service: 'aws.kinesis', name: 'clicks' },
    ],
    connections: ['api', 'fn', 'admin'].map((from) => ({ from, to: 'clicks', type: 'data' })),
  });
  const hcl = mainTf(design);

  it('gives each CLICKS_STREAM_NAME', () => {
    expect(resourceBlock(hcl, 'aws_ecs_task_definition', 'api')).toMatch(
      /name\s+= "CLICKS_STREAM_NAME"\n\s+value = aws_kinesis_stream\.clicks\.name\n/,
    );
    expect(resourceBlock(hcl, 'aws_lambda_function', 'fn')).toMatch(
      /CLICKS_STREAM_NAME = aws_kinesis_stream\.clicks\.name\n/,
    );
    expect(resourceBlock(hcl, 'aws_apprunner_service', 'admin')).toMatch(
      /CLICKS_STREAM_NAME = aws_kinesis_stream\.clicks\.name\n/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design), sharedOrBundledSchemas())).toEqual([]);
  });
});
