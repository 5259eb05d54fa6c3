import { describe, expect, it } from 'vitest';
import { generate, prepareDesign } from '../generate';

/** Behaviour of the workflow, backup and broker services a reviewer would check first. */
const mainTf = (design: object, layout = 'single'): string => {
  const r = generate(design, { format: 'terraform', layout });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files
    .filter((f) => f.path.endsWith('.tf') || f.path.endsWith('.tfvars'))
    .map((f) => f.content)
    .join('\n');
};

const subnet = (id: string, cidr: string, zone: string) => ({
  id,
  service: 'aws.subnet',
  name: id,
  parent: 'vpc',
  properties: { cidr, zone },
});
const awsNetwork = [
  { id: 'vpc', service: 'aws.vpc', name: 'main', properties: { cidr: '10.0.0.0/16' } },
  subnet('a', '10.0.1.0/24', '0'),
  subnet('b', '10.0.2.0/24', '1'),
];
const aws = { v: 2, name: 'demo', provider: 'aws', region: 'eu-west-1' } as const;

describe('workflows, backups and brokers', () => {
  it('lets a state machine invoke exactly the functions it is connected to', () => {
    const tf = mainTf({
      ...aws,
      components: [
        { id: 'flow', service: 'aws.step-functions', name: 'flow' },
        { id: 'one', service: 'aws.lambda', name: 'one' },
        { id: 'two', service: 'aws.lambda', name: 'two' },
        { id: 'other', service: 'aws.lambda', name: 'other' },
      ],
      connections: [
        { from: 'flow', to: 'one', type: 'traffic' },
        { from: 'flow', to: 'two', type: 'traffic' },
      ],
    });
    const invoke = /Action\s+= "lambda:InvokeFunction"\s+Resource\s+= \[([^\]]*)\]/.exec(tf)?.[1];
    expect(invoke).toContain('aws_lambda_function.one.arn');
    expect(invoke).toContain('aws_lambda_function.two.arn');
    expect(invoke).not.toContain('other');
    expect(tf).toMatch(/StartAt\s+= "one"/);
    expect(tf).toMatch(/Next\s+= "two"/);
  });

  it('refuses a document database whose subnets are all in one zone', () => {
    const r = prepareDesign({
      ...aws,
      groups: [awsNetwork[0], awsNetwork[1]],
      components: [{ id: 'docs', service: 'aws.documentdb', name: 'docs', group: 'a' }],
    });
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toContain(
      'document database needs subnets in two availability zones in its network',
    );
  });

  it('gives a single-instance broker one subnet and a cluster one subnet per zone', () => {
    const tf = mainTf(
      {
        ...aws,
        environments: [
          { name: 'dev', overrides: { mq: { mode: 'SINGLE_INSTANCE' } } },
          { name: 'prod' },
        ],
        groups: awsNetwork,
        components: [{ id: 'mq', service: 'aws.mq-rabbitmq', name: 'events', group: 'a' }],
        connections: [{ from: 'mq', to: 'b', type: 'placement' }],
      },
      'standard',
    );
    expect(tf).toContain(
      'subnet_ids                 = slice([aws_subnet.a.id, aws_subnet.b.id], 0, var.mq_subnet_count)',
    );
    expect(tf).toMatch(/mq_subnet_count\s+= 1/);
    expect(tf).toMatch(/mq_subnet_count\s+= 2/);
  });

  it('never enforces a vault minimum longer than the shortest backup rule (GCP)', () => {
    const design = (overrides: Record<string, number>) => ({
      v: 2,
      name: 'demo',
      provider: 'gcp',
      region: 'europe-west1',
      environments: [{ name: 'dev', overrides: { bkp: overrides } }, { name: 'prod' }],
      components: [{ id: 'bkp', service: 'gcp.backup-dr', name: 'vms' }],
    });
    // Same in every environment: the shorter retention, as a literal.
    expect(mainTf(design({ dailyDays: 35 }))).toContain(
      `backup_minimum_enforced_retention_duration = "${35 * 86_400}s"`,
    );
    // Different per environment: the shorter of the two, computed per environment.
    expect(mainTf(design({ dailyDays: 7, monthlyDays: 30 }))).toContain(
      'backup_minimum_enforced_retention_duration = "${min(var.bkp_daily_days_seconds, var.bkp_monthly_days_seconds)}s"',
    );
  });
});
