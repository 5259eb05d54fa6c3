import type { ComponentPricer } from '../pricer';
import { free, notInBook, priced, type TPricingTable } from './types';

/**
 * AWS services priced from the book: EC2 (instances and gp3 root volumes), Auto Scaling, EKS,
 * RDS for PostgreSQL and MySQL, EBS, ALB/NLB, NAT gateways, Route 53 zones, Lambda, S3, SQS and
 * KMS, with internet egress on the components traffic leaves through.
 */
const EGRESS_TIERS = [{ sku: 'Data transfer out to internet (first 10 TB)', upTo: 10_240 }];
const PUBLIC_IPV4 = 'AWS bills public IPv4 addresses by the hour; that price is not in the book';

function egress(p: ComponentPricer): void {
  const gb = p.usage('egressGb');
  p.tiered('Internet egress', 'network.egress', EGRESS_TIERS, gb, { usage: true });
}

function rootVolumes(p: ComponentPricer, count: number, isUsage: boolean): void {
  const gb = p.num('diskSize');
  const label =
    count === 1 ? `Root volume (gp3, ${gb} GB)` : `Root volumes (gp3, ${count} × ${gb} GB)`;
  p.add(label, 'storage.block', 'EBS gp3', gb * count, { usage: isUsage });
}

function loadBalancer(kind: 'ALB' | 'NLB') {
  return priced((p) => {
    const name = kind === 'ALB' ? 'Application Load Balancer' : 'Network Load Balancer';
    p.hourly('Load balancer', 'network.load-balancer', name);
    const lcu = p.usage('lcu');
    const unit = kind === 'ALB' ? 'ALB capacity unit (LCU)' : 'NLB capacity unit (NLCU)';
    p.add(`Capacity units (${lcu})`, 'network.load-balancer', unit, lcu, { usage: true });
    if (p.bool('public')) {
      egress(p);
      p.missing(`Public IPv4 addresses (one per zone): ${PUBLIC_IPV4}`);
    }
  });
}

function rds(family: 'database.postgresql' | 'database.mysql') {
  return priced((p) => {
    const cls = p.str('instanceClass');
    const multi = p.bool('multiAz');
    p.hourly(
      `Instance (${cls}, ${multi ? 'Multi-AZ' : 'Single-AZ'})`,
      family,
      `${cls} (${multi ? 'multi-az' : 'single-az'})`,
    );
    const gb = p.num('storage');
    p.add(
      `Storage (gp3, ${gb} GB)`,
      'database.storage',
      multi ? 'RDS gp2 storage' : 'RDS gp2 storage (Single-AZ)',
      gb,
      {
        note: 'RDS lists gp3 storage at the gp2 rate up to 3,000 IOPS and 125 MiB/s, which the design does not raise',
      },
    );
  });
}

export const AWS_PRICING: TPricingTable = {
  'aws.vpc': free('VPCs have no charge'),
  'aws.subnet': free('Subnets have no charge'),
  'aws.security-group': free('Security groups have no charge'),
  'aws.internet-gateway': free(
    'Internet gateways have no charge (egress is priced where it leaves)',
  ),
  'aws.iam-role': free('IAM roles have no charge'),
  'aws.instance-connect-endpoint': free('EC2 Instance Connect Endpoints have no charge'),
  'aws.nat-gateway': priced((p) => {
    p.hourly('NAT gateway', 'network.nat-gateway', 'NAT gateway');
    const gb = p.usage('dataProcessedGb');
    p.add('Data processed', 'network.nat-gateway', 'NAT gateway data processed', gb, {
      usage: true,
    });
    egress(p);
    p.missing(`Public IPv4 address (Elastic IP): ${PUBLIC_IPV4}`);
  }),
  'aws.alb': loadBalancer('ALB'),
  'aws.nlb': loadBalancer('NLB'),
  'aws.route53-zone': priced((p) => {
    p.add('Hosted zone', 'dns.zone', 'Route 53 hosted zone (first 25)', 1);
    p.missing('DNS queries (billed per million) are not in the price book');
  }),
  'aws.ec2': priced((p) => {
    const type = p.str('instanceType');
    p.hourly(`Instance (${type})`, 'compute.vm', type);
    rootVolumes(p, 1, false);
    if (p.bool('publicIp')) {
      egress(p);
      p.missing(`Public IPv4 address (Elastic IP): ${PUBLIC_IPV4}`);
    }
  }),
  'aws.autoscaling-group': priced((p) => {
    const type = p.str('instanceType');
    const n = p.usage('instances', p.num('desired'));
    p.hourly(`Instances (${n} × ${type})`, 'compute.vm', type, n, { usage: true });
    rootVolumes(p, n, true);
  }),
  'aws.eks': priced((p) => {
    p.hourly(
      'Control plane (standard support)',
      'kubernetes.control-plane',
      'EKS cluster (standard support)',
      1,
      { note: 'a Kubernetes version past standard support bills the extended-support row' },
    );
    const type = p.str('nodeInstanceType');
    const n = p.usage('nodes', p.num('nodeDesired'));
    p.hourly(`Nodes (${n} × ${type})`, 'compute.vm', type, n, { usage: true });
    p.missing(
      'Node root volumes: EKS chooses their type and size (20 GiB by default), which the design does not fix',
    );
  }),
  'aws.rds-postgresql': rds('database.postgresql'),
  'aws.rds-mysql': rds('database.mysql'),
  'aws.ebs': priced((p) => {
    const type = p.str('type');
    const gb = p.num('size');
    p.add(`Volume (${type}, ${gb} GB)`, 'storage.block', `EBS ${type}`, gb);
    if (type === 'io2') p.missing('Provisioned IOPS of the io2 volume are not in the price book');
  }),
  'aws.lambda': priced((p) => {
    const requests = p.usage('requests');
    const ms = p.usage('durationMs');
    const mb = p.num('memory');
    p.add('Requests', 'serverless.function', 'Lambda requests', requests / 1e6, { usage: true });
    const arm = p.str('architecture') === 'arm64';
    const tier = arm
      ? { sku: 'Lambda duration arm64 (first 7.5B GB-s)', upTo: 7.5e9 }
      : { sku: 'Lambda duration x86 (first 6B GB-s)', upTo: 6e9 };
    const gbSeconds = requests * (ms / 1000) * (mb / 1024);
    p.tiered(`Duration (${mb} MB)`, 'serverless.function', [tier], gbSeconds, { usage: true });
  }),
  'aws.s3': priced((p) => {
    const gb = p.usage('storageGb');
    const tiers = [{ sku: 'S3 Standard storage (first 50 TB)', upTo: 51_200 }];
    p.tiered('Storage (Standard)', 'storage.object', tiers, gb, {
      usage: true,
      ...(p.bool('versioning') && { note: 'versioning keeps old versions: count them as stored' }),
    });
    const writes = p.usage('writeRequests');
    p.add('Write requests', 'storage.object', 'S3 Standard PUT/COPY/POST/LIST', writes / 1000, {
      usage: true,
    });
    p.missing('Read requests (GET, SELECT) and data retrieval are not in the price book');
  }),
  'aws.sqs': priced((p) => {
    const requests = p.usage('requests');
    const sku = p.bool('fifo') ? 'SQS FIFO requests' : 'SQS standard requests';
    p.add('Requests', 'messaging.queue', sku, requests / 1e6, { usage: true });
  }),
  'aws.kms': priced((p) => {
    p.add('Customer managed key', 'security.kms', 'KMS customer managed key', 1);
    const ops = p.usage('operations', undefined, 'API requests');
    p.add('Requests', 'security.kms', 'KMS requests (symmetric)', ops / 1e4, { usage: true });
  }),
  'aws.vpc-endpoint': priced((p) => {
    const service = p.str('service');
    if (service === 's3' || service === 'dynamodb')
      p.noCharge('Gateway endpoints (S3, DynamoDB) have no charge');
    else p.missing('Interface endpoint hours and data processed are not in the price book');
  }),
  'aws.cloudfront': notInBook('CloudFront data transfer and request prices'),
  'aws.vpn': notInBook('Site-to-Site VPN connection hours'),
  'aws.ecs-fargate': notInBook('Fargate vCPU and memory hours'),
  'aws.ecr': notInBook('ECR storage prices'),
  'aws.efs': notInBook('EFS storage and throughput prices'),
  'aws.rds-sqlserver': notInBook('RDS for SQL Server (licence included) instance hours'),
  'aws.dynamodb': notInBook('DynamoDB request and storage prices'),
  'aws.elasticache': notInBook('ElastiCache node hours'),
  'aws.secrets-manager': notInBook('Secrets Manager secret and API prices'),
  'aws.sns': notInBook('SNS publish and delivery prices'),
  'aws.eventbridge': notInBook('EventBridge event prices'),
  'aws.cloudwatch-log-group': notInBook('CloudWatch Logs ingestion and storage prices'),
  'aws.cloudwatch-alarm': notInBook('CloudWatch alarm prices'),
  'aws.api-gateway': notInBook('API Gateway request prices'),
  'aws.kinesis': notInBook('Kinesis Data Streams shard and stream hours'),
  'aws.msk-serverless': notInBook('MSK Serverless cluster and partition hours'),
  'aws.opensearch': notInBook('OpenSearch Service instance and storage prices'),
  'aws.redshift': notInBook('Redshift node hours'),
  'aws.waf': notInBook('AWS WAF web ACL, rule and request prices'),
  'aws.step-functions': notInBook('Step Functions state-transition prices'),
  'aws.cognito': notInBook('Cognito monthly active user prices'),
  'aws.documentdb': notInBook('DocumentDB instance, storage and I/O prices'),
  'aws.backup': notInBook('AWS Backup storage prices'),
  'aws.mq-rabbitmq': notInBook('Amazon MQ broker hours'),
  'aws.eventbridge-scheduler': notInBook('EventBridge Scheduler invocation prices'),
  'aws.ses': notInBook('SES e-mail prices'),
  'aws.keyspaces': notInBook('Keyspaces request and storage prices'),
  'aws.firehose': notInBook('Data Firehose ingestion prices'),
  'aws.dsql': notInBook('Aurora DSQL processing-unit and storage prices'),
  'aws.route53-health-check': notInBook('Route 53 health check prices'),
  'aws.app-runner': notInBook('App Runner vCPU and memory prices'),
  'aws.websocket-api': notInBook('API Gateway WebSocket message and connection prices'),
};
