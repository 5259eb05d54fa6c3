import type { TNameRule } from './rules';

/**
 * Naming rules of the companion and primary resource types that the service-level rules in
 * rules.ts do not cover. Sources: each resource's API reference (AWS API "Name" constraints,
 * Google Cloud API field docs, "Naming rules and restrictions for Azure resources", OCI API).
 */
const rfc1035 = (label: string, max: number): TNameRule => ({
  label: `${label} (RFC 1035, 1-${max} lowercase letters, digits, hyphens; starts with a letter)`,
  min: 1,
  max,
  chars: 'a-z0-9-',
  case: 'lower',
  startsWithLetter: true,
  endsAlnum: true,
});

export const RESOURCE_RULES: Readonly<Record<string, TNameRule>> = {
  // AWS
  'aws-apigw': { label: 'API Gateway name (1-128)', min: 1, max: 128, chars: 'A-Za-z0-9 ._:/=+@-' },
  'aws-event-bus': {
    label: 'EventBridge bus (1-256 letters, digits, . _ - /)',
    min: 1,
    max: 256,
    chars: 'A-Za-z0-9._/-',
  },
  'aws-event-rule': {
    label: 'EventBridge rule (1-64 letters, digits, . _ -)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9._-',
  },
  'aws-log-group': {
    label: 'CloudWatch log group (1-512 letters, digits, . _ - / #)',
    min: 1,
    max: 512,
    chars: 'A-Za-z0-9._/#-',
  },
  'aws-rds-snapshot': {
    label: 'RDS snapshot identifier (1-255 letters, digits, hyphens; starts with a letter)',
    min: 1,
    max: 255,
    chars: 'A-Za-z0-9-',
    startsWithLetter: true,
    endsAlnum: true,
    noDoubleHyphen: true,
  },
  'aws-subnet-group': {
    label: 'DB/cache subnet group (1-255 lowercase letters, digits, hyphens)',
    min: 1,
    max: 255,
    chars: 'a-z0-9-',
    case: 'lower',
  },
  'aws-dynamodb': {
    label: 'DynamoDB table (3-255 letters, digits, . _ -)',
    min: 3,
    max: 255,
    chars: 'A-Za-z0-9._-',
  },
  'aws-ecs': {
    label: 'ECS name (1-255 letters, digits, - _)',
    min: 1,
    max: 255,
    chars: 'A-Za-z0-9_-',
  },
  'aws-eks': {
    label: 'EKS cluster (1-100 letters, digits, - _; starts with a letter or digit)',
    min: 1,
    max: 100,
    chars: 'A-Za-z0-9_-',
  },
  'aws-eks-nodegroup': {
    label: 'EKS node group (1-63 letters, digits, - _)',
    min: 1,
    max: 63,
    chars: 'A-Za-z0-9_-',
  },
  'aws-iam-role': {
    label: 'IAM role (1-64 letters, digits, + = , . @ _ -)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9+=,.@_-',
  },
  'aws-iam-name': {
    label: 'IAM instance profile / policy (1-128 letters, digits, + = , . @ _ -)',
    min: 1,
    max: 128,
    chars: 'A-Za-z0-9+=,.@_-',
  },
  // The whole name counts, `alias/` included.
  'aws-kms-alias': {
    label: 'KMS alias (alias/ + letters, digits, / _ -; 256 in all)',
    min: 1,
    max: 256,
    chars: 'A-Za-z0-9/_-',
  },
  'aws-lambda': {
    label: 'Lambda function (1-64 letters, digits, - _)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9_-',
  },
  'aws-launch-template': {
    label: 'Launch template (3-128 letters, digits, ( ) . / _ -)',
    min: 3,
    max: 128,
    chars: 'A-Za-z0-9()./_-',
  },
  'aws-secret': {
    label: 'Secrets Manager secret (1-512 letters, digits, / _ + = . @ -)',
    min: 1,
    max: 512,
    chars: 'A-Za-z0-9/_+=.@-',
  },
  // `.fifo` counts in the limit: the type's field keeps it as a suffix.
  'aws-sns': {
    label: 'SNS topic (1-256 letters, digits, - _)',
    min: 1,
    max: 256,
    chars: 'A-Za-z0-9_-',
  },
  'aws-sqs': {
    label: 'SQS queue (1-80 letters, digits, - _)',
    min: 1,
    max: 80,
    chars: 'A-Za-z0-9_-',
  },
  // CreateSchedule / CreateScheduleGroup: [0-9a-zA-Z-_.]+, 1-64.
  'aws-scheduler': {
    label: 'EventBridge Scheduler schedule / group (1-64 letters, digits, . _ -)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9._-',
  },
  // CreateConfigurationSet: up to 64 letters, digits, _ and -.
  'aws-ses': {
    label: 'SES configuration set (1-64 letters, digits, _ -)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9_-',
  },
  // Step Functions: letters, digits, - and _ keep the name usable in CloudWatch Logs (CreateStateMachine).
  'aws-sfn': {
    label: 'Step Functions state machine (1-80 letters, digits, - _)',
    min: 1,
    max: 80,
    chars: 'A-Za-z0-9_-',
  },
  // CreateUserPool / CreateUserPoolClient: [\w\s+=,.@-]+, 1-128.
  'aws-cognito': {
    label: 'Cognito user pool / client (1-128 letters, digits, spaces, + = , . @ _ -)',
    min: 1,
    max: 128,
    chars: 'A-Za-z0-9 +=,.@_-',
  },
  // Backup vault names allow 2-50 letters, digits, - _; plans and selections also allow '.'.
  'aws-backup': {
    label: 'AWS Backup vault / plan / selection (2-50 letters, digits, - _)',
    min: 2,
    max: 50,
    chars: 'A-Za-z0-9_-',
  },
  // CreateBroker: 1-50 letters, digits, - and _ (no spaces or other special characters).
  'aws-mq': {
    label: 'Amazon MQ broker (1-50 letters, digits, - _)',
    min: 1,
    max: 50,
    chars: 'A-Za-z0-9_-',
  },
  // Keyspaces keyspace and table names: 1-48 letters, digits, _ ([a-zA-Z0-9][a-zA-Z0-9_]{0,47}).
  'aws-keyspaces': {
    label: 'Keyspaces keyspace / table (1-48 letters, digits, _)',
    min: 1,
    max: 48,
    chars: 'A-Za-z0-9_',
  },
  // CreateDeliveryStream: 1-64 letters, digits, . _ -.
  'aws-firehose': {
    label: 'Firehose stream (1-64 letters, digits, . _ -)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9._-',
  },
  // PutSubscriptionFilter: 1-512 characters except : and *.
  'aws-log-subscription': {
    label: 'CloudWatch Logs subscription filter (1-512 letters, digits, . _ - / #)',
    min: 1,
    max: 512,
    chars: 'A-Za-z0-9._/#-',
  },
  // CreateService / CreateVpcConnector: [A-Za-z0-9][A-Za-z0-9-_]{3,39}.
  'aws-apprunner': {
    label:
      'App Runner service / VPC connector (4-40 letters, digits, - _; starts with a letter or digit)',
    min: 4,
    max: 40,
    chars: 'A-Za-z0-9_-',
  },
  // CreateAutoScalingConfiguration: [A-Za-z0-9][A-Za-z0-9\-_]{3,31}.
  'aws-apprunner-scaling': {
    label:
      'App Runner auto scaling configuration (4-32 letters, digits, - _; starts with a letter or digit)',
    min: 4,
    max: 32,
    chars: 'A-Za-z0-9_-',
  },
  // Google Cloud
  // Workflows: starts with a letter, letters, digits, - and _, ends with a letter or digit.
  'gcp-workflow': {
    label: 'Workflow (1-64 letters, digits, - _; starts with a letter)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9_-',
    startsWithLetter: true,
    endsAlnum: true,
  },
  'gcp-gke': rfc1035('GKE cluster / node pool', 40),
  // Spanner: instance ids 2-64 ([a-z][-a-z0-9]*[a-z0-9]), display names 4-30 characters,
  // database ids 2-30 ([a-z][a-z0-9_-]*[a-z0-9]; CreateInstance / CreateDatabase).
  'gcp-spanner': { ...rfc1035('Spanner instance', 64), min: 2 },
  // Bigtable: instance ids 6-33, cluster ids 6-30 ([a-z][-a-z0-9]*[a-z0-9]); table ids 1-50
  // letters, digits, - _ . (CreateInstance / CreateTable).
  'gcp-bigtable': { ...rfc1035('Bigtable instance', 33), min: 6 },
  'gcp-bigtable-cluster': { ...rfc1035('Bigtable cluster', 30), min: 6 },
  'gcp-bigtable-table': {
    label: 'Bigtable table id (1-50 letters, digits, - _ .)',
    min: 1,
    max: 50,
    chars: 'A-Za-z0-9._-',
  },
  // Cloud Tasks queue ids: 1-100 letters, digits, hyphens (CreateQueue).
  'gcp-tasks': {
    label: 'Cloud Tasks queue (1-100 letters, digits, hyphens)',
    min: 1,
    max: 100,
    chars: 'A-Za-z0-9-',
  },
  // Cloud Scheduler job ids: 1-500 letters, digits, - _ (CreateJob).
  'gcp-scheduler': {
    label: 'Cloud Scheduler job (1-500 letters, digits, - _)',
    min: 1,
    max: 500,
    chars: 'A-Za-z0-9_-',
  },
  'gcp-display-30': {
    label: 'Spanner / Bigtable instance display name (4-30 characters)',
    min: 4,
    max: 30,
    chars: 'A-Za-z0-9 ._:()-',
  },
  'gcp-spanner-db': {
    label: 'Spanner database id (2-30 lowercase letters, digits, - _; starts with a letter)',
    min: 2,
    max: 30,
    chars: 'a-z0-9_-',
    case: 'lower',
    startsWithLetter: true,
    endsAlnum: true,
  },
  'gcp-cloud-run': rfc1035('Cloud Run service', 49),
  // Instances get a 4-character suffix: the API allows 58 for the base name.
  'gcp-mig-base': rfc1035('Instance group base instance name', 58),
  // Longer prefixes get a shortened random suffix (provider docs): keep the full one.
  'gcp-template-prefix': {
    label: 'Instance template name prefix (1-37 lowercase letters, digits, hyphens)',
    min: 1,
    max: 37,
    chars: 'a-z0-9-',
    case: 'lower',
    startsWithLetter: true,
  },
  'gcp-secret': {
    label: 'Secret Manager secret id (1-255 letters, digits, - _)',
    min: 1,
    max: 255,
    chars: 'A-Za-z0-9_-',
  },
  'gcp-sink': {
    label: 'Logging sink (1-100 letters, digits, - _ .)',
    min: 1,
    max: 100,
    chars: 'A-Za-z0-9._-',
  },
  // Azure
  'azure-vnet': {
    label: 'Virtual network / private endpoint (2-64 letters, digits, - _ .)',
    min: 2,
    max: 64,
    chars: 'A-Za-z0-9._-',
    endsAlnum: true,
  },
  'azure-monitor': {
    label: 'Action group / alert / autoscale setting (1-260)',
    min: 1,
    max: 260,
    chars: 'A-Za-z0-9 ._()-',
  },
  'azure-plan': {
    label: 'App Service plan (1-60 letters, digits, hyphens)',
    min: 1,
    max: 60,
    chars: 'A-Za-z0-9-',
  },
  'azure-cae': {
    label: 'Container Apps environment (2-60 lowercase letters, digits, hyphens)',
    min: 2,
    max: 60,
    chars: 'a-z0-9-',
    case: 'lower',
    startsWithLetter: true,
    endsAlnum: true,
  },
  'azure-frontdoor': {
    label: 'Front Door profile (1-260 letters, digits, hyphens)',
    min: 1,
    max: 260,
    chars: 'A-Za-z0-9-',
    endsAlnum: true,
  },
  'azure-storage-child': {
    label: 'Blob container / file share (3-63 lowercase letters, digits, hyphens)',
    min: 3,
    max: 63,
    chars: 'a-z0-9-',
    case: 'lower',
    endsAlnum: true,
    noDoubleHyphen: true,
  },
  // Cosmos DB for MongoDB vCore: 3-40 lowercase letters, digits, hyphens; no hyphen first or last.
  'azure-mongo': {
    label: 'MongoDB vCore cluster (3-40 lowercase letters, digits, hyphens; global)',
    min: 3,
    max: 40,
    chars: 'a-z0-9-',
    case: 'lower',
    startsWithLetter: true,
    endsAlnum: true,
    isGlobal: true,
  },
  // Recovery Services vault: 2-50 letters, digits, hyphens; starts with a letter.
  'azure-backup-vault': {
    label: 'Recovery Services vault (2-50 letters, digits, hyphens; starts with a letter)',
    min: 2,
    max: 50,
    chars: 'A-Za-z0-9-',
    startsWithLetter: true,
  },
  // Data Explorer cluster: 4-22 lowercase letters and digits, starts with a letter (DNS name).
  'azure-kusto': {
    label:
      'Data Explorer cluster (4-22 lowercase letters and digits; starts with a letter; global)',
    min: 4,
    max: 22,
    chars: 'a-z0-9',
    case: 'lower',
    startsWithLetter: true,
    isGlobal: true,
  },
  // DNS Private Resolver, its endpoints, forwarding rulesets, rules and ruleset links ("Naming
  // rules and restrictions for Azure resources", Microsoft.Network): 1-80 letters, digits,
  // underscores, hyphens, starting with a letter or digit; kept to end with one too.
  'azure-dns-resolver': {
    label: 'DNS Private Resolver (1-80 letters, digits, hyphens, underscores)',
    min: 1,
    max: 80,
    chars: 'A-Za-z0-9_-',
    endsAlnum: true,
  },
  // Web PubSub: 3-63 letters, digits, hyphens; starts with a letter, ends with a letter or digit.
  'azure-web-pubsub': {
    label: 'Web PubSub (3-63 letters, digits, hyphens; starts with a letter; global)',
    min: 3,
    max: 63,
    chars: 'A-Za-z0-9-',
    startsWithLetter: true,
    endsAlnum: true,
    isGlobal: true,
    noDoubleHyphen: true,
  },
  'dns-zone': {
    label: 'DNS zone (1-253 lowercase letters, digits, dots, hyphens)',
    min: 1,
    max: 253,
    chars: 'a-z0-9.-',
    case: 'lower',
    endsAlnum: true,
  },
  // OCI
  'oci-secret': {
    label: 'Vault secret (1-255 letters, digits, - _ .)',
    min: 1,
    max: 255,
    chars: 'A-Za-z0-9._-',
  },
};
