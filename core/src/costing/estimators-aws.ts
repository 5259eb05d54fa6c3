import type { TEstimator } from './estimator';

const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
const str = (v: unknown) => String(v);

function rds(engine: 'postgresql' | 'mysql'): TEstimator {
  return (p, e) => {
    const az = p.multiAz === true ? 'multi-az' : 'single-az';
    e.addHourly(`Instance (${az})`, `aws.rds-${engine}.${az}`, str(p.instanceClass));
    e.miss(`Storage (gp3, ${num(p.storage, 20)} GB): no RDS gp3 list price in the price table`);
  };
}

/** AWS services with fixed monthly charges; the others are usage-based or not in the table. */
export const AWS_ESTIMATORS: Record<string, TEstimator> = {
  'aws.ec2': (p, e) => {
    e.addHourly('Instance', 'aws.vm', str(p.instanceType));
    e.add('Root volume (GB)', 'aws.ebs', 'gp3', num(p.diskSize, 20));
  },
  'aws.autoscaling-group': (p, e) => {
    const n = num(p.desired, 1);
    e.addHourly(`Instances (${n} desired)`, 'aws.vm', str(p.instanceType), n);
    e.add(`Root volumes (${n} × GB)`, 'aws.ebs', 'gp3', num(p.diskSize, 20) * n);
  },
  'aws.eks': (p, e) => {
    e.addHourly('Control plane', 'aws.eks', 'standard support');
    const n = num(p.nodeDesired, 1);
    e.addHourly(`Nodes (${n} desired)`, 'aws.vm', str(p.nodeInstanceType), n);
    e.miss('Node disks: size not set by the design');
  },
  'aws.rds-postgresql': rds('postgresql'),
  'aws.rds-mysql': rds('mysql'),
  'aws.ebs': (p, e) => {
    e.add('Volume (GB)', 'aws.ebs', str(p.type), num(p.size, 100));
    if (p.type === 'io2') e.miss('Provisioned IOPS of io2: not priced');
  },
  'aws.alb': (_p, e) => e.addHourly('Load balancer', 'aws.alb', 'ALB'),
  'aws.nlb': (_p, e) => e.addHourly('Load balancer', 'aws.nlb', 'NLB'),
  'aws.nat-gateway': (_p, e) => e.addHourly('NAT gateway', 'aws.nat', 'NAT gateway'),
  'aws.route53-zone': (_p, e) => e.add('Hosted zone', 'aws.route53', 'hosted zone', 1),
  'aws.kms': (_p, e) => e.add('Key', 'aws.kms', 'customer managed key', 1),
};
