import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../testing/small-design';

/**
 * A per-environment property a builder maps to another value (a Kafka cluster's memory from its
 * vCPUs) becomes a variable named for that value; its description named the property instead,
 * so `kafka_memory_bytes` read "vcpus per environment".
 */
describe('terraform: a variable of a mapped property says what it holds', () => {
  it('names the value and the property it comes from', () => {
    const design = {
      ...smallDesign({
        cloud: 'gcp',
        components: [{ id: 'kafka', service: 'gcp.managed-kafka', name: 'events', group: 'sn-0' }],
      }),
      environments: [{ name: 'dev' }, { name: 'prod', overrides: { kafka: { vcpus: 6 } } }],
    };
    const variables = terraformFiles(design, 'standard').find((f) => f.path === 'variables.tf')!;
    expect(variables.content).toContain(
      'variable "kafka_memory_bytes" {\n  type        = number\n  description = "Managed Service for Apache Kafka events: memoryBytes (from vcpus) per environment."',
    );
  });
});
