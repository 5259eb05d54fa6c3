import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Kafka clients of a stream pool sign in as an IAM user whose group the reader gives a policy:
 * the README says how, and a pool whose clients create topics needs `manage streams` too.
 */
const files = (components: Record<string, unknown>[]) =>
  terraformFiles(smallDesign({ cloud: 'oci', components }));
const readmeOf = (f: ReturnType<typeof files>) => f.find((x) => x.path === 'README.md')!.content;
const section = (readme: string) => {
  const start = readme.indexOf('## Kafka clients');
  return start < 0 ? '' : readme.slice(start, readme.indexOf('\n## ', start + 1));
};

describe('oci: the README for Kafka clients', () => {
  const withTopics = files([
    { id: 'events', service: 'oci.streaming-kafka', name: 'events', group: 'sn-0' },
  ]);

  it('says how clients sign in, naming outputs that exist', () => {
    const text = section(readmeOf(withTopics));
    expect(text).toContain('`<tenancy name>/<user name>/<stream pool OCID>`');
    const outputs = [...text.matchAll(/terraform output -raw (\w+)/g)].map((m) => m[1]);
    expect(outputs).toEqual(['events_bootstrap_servers', 'events_stream_pool_id']);
    const all = withTopics.map((f) => f.content).join('\n');
    for (const name of outputs) expect(all).toContain(`output "${name}" {`);
  });

  it('asks for manage streams where clients create topics', () => {
    expect(section(readmeOf(withTopics))).toContain(
      'Allow group <kafka-clients> to manage streams in compartment id <compartment OCID>',
    );
  });

  it('asks for no more than stream-family use for a stream created here', () => {
    const f = files([
      { id: 'readings', service: 'oci.streaming', name: 'readings', group: 'sn-0' },
    ]);
    const text = section(readmeOf(f));
    expect(text).toContain(
      'Allow group <kafka-clients> to use stream-family in compartment id <compartment OCID>',
    );
    expect(text).not.toContain('manage streams');
    expect(f.map((x) => x.content).join('\n')).toContain('output "readings_stream_pool_id" {');
  });

  it('is absent without a stream pool', () => {
    expect(readmeOf(files([]))).not.toContain('## Kafka clients');
  });
});
