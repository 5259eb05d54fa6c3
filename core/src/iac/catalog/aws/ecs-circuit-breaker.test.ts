import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedSchemaDir } from '@stratum/cli/checks/shared-schemas';
import { REPO_ROOT, checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An ECS service deploys with the circuit breaker on and rollback: without it, a deployment
 * whose tasks never become healthy (a bad image, a crash at start) launched them over and over
 * and never went back to the last image that worked.
 */
const design = smallDesign({
  cloud: 'aws',
  components: [{ id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' }],
});

describe('aws: ECS deployment circuit breaker', () => {
  it('fails a deployment that never becomes healthy and rolls it back', () => {
    expect(resourceBlock(mainTf(design), 'aws_ecs_service', 'api')).toMatch(
      /\n {2}deployment_circuit_breaker \{\n {4}enable\s+= true\n {4}rollback\s+= true\n {2}\}/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });

  const schemaDir = sharedSchemaDir(REPO_ROOT);
  it.runIf(schemaDir !== undefined)('names the block as the pinned aws provider does', () => {
    type TDump = {
      resources: Record<
        string,
        { b: Record<string, { max?: number; a: Record<string, unknown> }> }
      >;
    };
    const dump = JSON.parse(
      readFileSync(join(schemaDir!, 'terraform', 'aws.json'), 'utf8'),
    ) as TDump;
    const breaker = dump.resources['aws_ecs_service']!.b['deployment_circuit_breaker']!;
    expect(breaker.max).toBe(1);
    expect(breaker.a).toEqual({ enable: ['R', 'bool'], rollback: ['R', 'bool'] });
  });
});
