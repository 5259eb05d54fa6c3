import { HOURS_PER_MONTH } from '../book';
import type { PricingContext, TPricer } from './context';
import { asNumber, asString } from './values';

const VM_NOTE = 'Linux on-demand rate; licensed images (Windows, RHEL…) cost more';

/** EBS storage (and gp3 IOPS above the 3,000 included) for one volume. */
function ebsVolume(
  ctx: PricingContext,
  type: string,
  sizeGb: number,
  label: string,
  iops: number | null,
  count = 1,
  note?: string,
): void {
  const what = count === 1 ? `${type}, ${sizeGb} GB` : `${count} × ${type}, ${sizeGb} GB`;
  ctx.price('storage.block', `EBS ${type}`, sizeGb * count, `${label} (${what})`, {
    ...(note && { note }),
  });
  if (type === 'gp3' && iops !== null && iops > 3000) {
    ctx.price(
      'storage.block',
      'EBS gp3 provisioned IOPS (over 3000)',
      (iops - 3000) * count,
      `${label} IOPS over 3,000`,
    );
  }
  if ((type === 'io1' || type === 'io2') && iops !== null && iops > 0) {
    ctx.cannot(`provisioned IOPS of ${type} volumes are not in the price book`);
  }
}

const STOPPED_NOTE = 'stopped: no compute hours while it stays stopped, its volumes are billed';

const awsInstance: TPricer = (ctx) => {
  const type = ctx.str('instance_type');
  if (!type) {
    ctx.cannot('the instance type is not known until apply (set instance_type to price it)');
  } else {
    const notes = [VM_NOTE];
    const tenancy = ctx.str('tenancy');
    if (tenancy && tenancy !== 'default')
      notes.push(`${tenancy} tenancy costs more than the shared rate shown`);
    // A stopped instance (as a state records it) is not billed for compute; its volumes are.
    const isStopped = ctx.str('instance_state') === 'stopped';
    if (isStopped) notes.push(STOPPED_NOTE);
    ctx.price('compute.vm', type, isStopped ? 0 : HOURS_PER_MONTH, `Instance (${type})`, {
      note: notes.join('; '),
    });
  }
  const root = ctx.blocks('root_block_device')[0];
  const rootSize = asNumber(root?.volume_size);
  const rootType = asString(root?.volume_type) ?? 'gp2';
  if (rootSize !== null && rootSize > 0) {
    ebsVolume(ctx, rootType, rootSize, 'Root volume', asNumber(root?.iops));
  } else {
    const size = ctx.usage('rootVolumeGb');
    ebsVolume(ctx, rootType, size, 'Root volume', null, 1, 'size from the usage assumption');
  }
  for (const disk of ctx.blocks('ebs_block_device')) {
    const size = asNumber(disk.volume_size);
    const name = asString(disk.device_name) ?? 'EBS volume';
    if (size === null) ctx.cannot(`the size of ${name} is not known until apply`);
    else ebsVolume(ctx, asString(disk.volume_type) ?? 'gp2', size, name, asNumber(disk.iops));
  }
};

const awsEbsVolume: TPricer = (ctx) => {
  const size = ctx.num('size');
  if (size === null) {
    ctx.cannot('the volume size is not known until apply (set size to price it)');
    return;
  }
  const type = ctx.str('type');
  ebsVolume(
    ctx,
    type ?? 'gp2',
    size,
    'Volume',
    ctx.num('iops'),
    1,
    type ? undefined : 'type not set: gp2 assumed',
  );
  const throughput = ctx.num('throughput');
  if (type === 'gp3' && throughput !== null && throughput > 125) {
    ctx.cannot('gp3 throughput above 125 MB/s is not in the price book');
  }
};

const RDS_FAMILY = { postgres: 'database.postgresql', mysql: 'database.mysql' } as const;

const awsDbInstance: TPricer = (ctx) => {
  const engine = ctx.str('engine');
  const cls = ctx.str('instance_class');
  const family = engine === 'postgres' || engine === 'mysql' ? RDS_FAMILY[engine] : null;
  const isMultiAz = ctx.bool('multi_az') === true;
  const deployment = isMultiAz ? 'multi-az' : 'single-az';
  if (!engine) ctx.cannot('the database engine is not known (set engine to price it)');
  else if (!family) ctx.cannot(`RDS ${engine} is not in the price book (PostgreSQL and MySQL are)`);
  else if (!cls) ctx.cannot('the instance class is not known until apply');
  else {
    ctx.price(
      family,
      `${cls} (${deployment})`,
      HOURS_PER_MONTH,
      `Database instance (${cls}, ${deployment})`,
    );
  }
  const storage = ctx.num('allocated_storage');
  const storageType = ctx.str('storage_type') ?? (ctx.num('iops') ? 'io1' : 'gp2');
  if (storage === null || storage <= 0) {
    ctx.cannot('the allocated storage is not known until apply');
  } else if (storageType !== 'gp2') {
    ctx.cannot(`RDS ${storageType} storage is not in the price book (gp2 is)`);
  } else {
    ctx.price(
      'database.storage',
      isMultiAz ? 'RDS gp2 storage' : 'RDS gp2 storage (Single-AZ)',
      storage,
      `Storage (gp2, ${storage} GB${isMultiAz ? ', Multi-AZ' : ''})`,
    );
  }
};

const awsLb: TPricer = (ctx) => {
  const type = ctx.str('load_balancer_type') ?? 'application';
  if (type === 'application') {
    ctx.price(
      'network.load-balancer',
      'Application Load Balancer',
      HOURS_PER_MONTH,
      'Application load balancer',
    );
    const lcu = ctx.usage('lcu');
    ctx.price('network.load-balancer', 'ALB capacity unit (LCU)', lcu, 'Capacity units', {
      usageBased: true,
    });
  } else if (type === 'network') {
    ctx.price(
      'network.load-balancer',
      'Network Load Balancer',
      HOURS_PER_MONTH,
      'Network load balancer',
    );
    const lcu = ctx.usage('lcu');
    ctx.price('network.load-balancer', 'NLB capacity unit (NLCU)', lcu, 'Capacity units', {
      usageBased: true,
    });
  } else {
    ctx.cannot(`${type} load balancers are not in the price book`);
  }
};

const awsNatGateway: TPricer = (ctx) => {
  ctx.price('network.nat-gateway', 'NAT gateway', HOURS_PER_MONTH, 'NAT gateway');
  const gb = ctx.usage('dataProcessedGb');
  ctx.price('network.nat-gateway', 'NAT gateway data processed', gb, 'Data processed', {
    usageBased: true,
  });
};

const awsEksCluster: TPricer = (ctx) => {
  ctx.price(
    'kubernetes.control-plane',
    'EKS cluster (standard support)',
    HOURS_PER_MONTH,
    'Control plane',
    {
      note: 'standard support; a Kubernetes version in extended support costs $0.60 an hour',
    },
  );
};

const awsEksNodeGroup: TPricer = (ctx) => {
  const scaling = ctx.blocks('scaling_config')[0];
  const configured = asNumber(scaling?.desired_size) ?? asNumber(scaling?.min_size);
  const types = ctx.strings('instance_types');
  const hasTemplate = ctx.blocks('launch_template').length > 0;
  const type = types[0] ?? (hasTemplate ? null : 't3.medium');
  if (configured === null) {
    ctx.cannot('the node count is not known (scaling_config.desired_size)');
    return;
  }
  const nodes = ctx.usage('nodes', configured);
  if (ctx.str('capacity_type') === 'SPOT') {
    ctx.cannot('Spot prices are not in the price book');
  } else if (!type) {
    ctx.cannot('the instance type is set in the launch template, which the plan does not show');
  } else {
    ctx.price('compute.vm', type, HOURS_PER_MONTH * nodes, `Nodes (${nodes} × ${type})`, {
      note: types.length === 0 ? 't3.medium: EKS’s default instance type' : VM_NOTE,
    });
  }
  if (!hasTemplate) {
    const disk = ctx.num('disk_size') ?? 20;
    ebsVolume(ctx, 'gp2', disk, 'Node volumes', null, nodes, 'gp2 assumed');
  }
};

/**
 * An Auto Scaling group: its desired (else minimum) capacity × the instance type of its launch
 * template or launch configuration, found through the plan's references or the state's ids.
 */
const awsAutoscalingGroup: TPricer = (ctx) => {
  const configured = ctx.num('desired_capacity') ?? ctx.num('min_size');
  if (configured === null) {
    ctx.cannot('the group size is not known (desired_capacity or min_size)');
    return;
  }
  if (ctx.blocks('mixed_instances_policy').length > 0) {
    ctx.cannot('mixed instances policies (several types, Spot) are not priced');
    return;
  }
  const template = ctx.referenced('launch_template') ?? ctx.referenced('launch_configuration');
  const values = template?.after ?? template?.before ?? null;
  const type = asString(values?.instance_type);
  const instances = ctx.usage('nodes', configured, 'Instances running (desired capacity)');
  if (!type) {
    ctx.cannot(
      template
        ? `the instance type of ${template.address} is not known until apply`
        : 'the launch template or configuration is not in the file (its instance type prices the group)',
    );
    return;
  }
  ctx.price('compute.vm', type, HOURS_PER_MONTH * instances, `Instances (${instances} × ${type})`, {
    note: VM_NOTE,
  });
};

const awsLambda: TPricer = (ctx) => {
  const memoryMb = ctx.num('memory_size') ?? 128;
  const isArm = ctx.strings('architectures').includes('arm64');
  const requests = ctx.usage('requests');
  const ms = ctx.usage('durationMs');
  ctx.price('serverless.function', 'Lambda requests', requests / 1e6, 'Requests', {
    usageBased: true,
  });
  const gbSeconds = requests * (ms / 1000) * (memoryMb / 1024);
  ctx.price(
    'serverless.function',
    isArm ? 'Lambda duration arm64 (first 7.5B GB-s)' : 'Lambda duration x86 (first 6B GB-s)',
    gbSeconds,
    `Duration (${memoryMb} MB, ${isArm ? 'arm64' : 'x86'})`,
    { usageBased: true },
  );
};

const awsS3Bucket: TPricer = (ctx) => {
  const gb = ctx.usage('storageGb');
  ctx.price('storage.object', 'S3 Standard storage (first 50 TB)', gb, 'Standard storage', {
    usageBased: true,
  });
  const puts = ctx.usage('writeRequests');
  ctx.price(
    'storage.object',
    'S3 Standard PUT/COPY/POST/LIST',
    puts / 1000,
    'PUT, COPY, POST, LIST requests',
    {
      usageBased: true,
    },
  );
  ctx.cannot('read requests (GET, SELECT) and data retrieval are not in the price book');
};

const awsSqsQueue: TPricer = (ctx) => {
  const isFifo = ctx.bool('fifo_queue') === true;
  const requests = ctx.usage('requests');
  ctx.price(
    'messaging.queue',
    isFifo ? 'SQS FIFO requests' : 'SQS standard requests',
    requests / 1e6,
    isFifo ? 'FIFO requests' : 'Requests',
    { usageBased: true },
  );
};

const awsRoute53Zone: TPricer = (ctx) => {
  ctx.price('dns.zone', 'Route 53 hosted zone (first 25)', 1, 'Hosted zone', { isGlobal: true });
};

const awsKmsKey: TPricer = (ctx) => {
  ctx.price('security.kms', 'KMS customer managed key', 1, 'Customer managed key');
  const spec = ctx.str('customer_master_key_spec') ?? 'SYMMETRIC_DEFAULT';
  const requests = ctx.usage('operations', undefined, 'API requests');
  if (spec === 'SYMMETRIC_DEFAULT') {
    ctx.price('security.kms', 'KMS requests (symmetric)', requests / 1e4, 'Requests', {
      usageBased: true,
    });
  } else {
    ctx.cannot(`requests to ${spec} keys are not in the price book`);
  }
};

export const AWS_PRICERS: Readonly<Record<string, TPricer>> = {
  aws_instance: awsInstance,
  aws_autoscaling_group: awsAutoscalingGroup,
  aws_ebs_volume: awsEbsVolume,
  aws_db_instance: awsDbInstance,
  aws_lb: awsLb,
  aws_alb: awsLb,
  aws_nat_gateway: awsNatGateway,
  aws_eks_cluster: awsEksCluster,
  aws_eks_node_group: awsEksNodeGroup,
  aws_lambda_function: awsLambda,
  aws_s3_bucket: awsS3Bucket,
  aws_sqs_queue: awsSqsQueue,
  aws_route53_zone: awsRoute53Zone,
  aws_kms_key: awsKmsKey,
};
