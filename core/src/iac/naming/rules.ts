import { RESOURCE_RULES } from './resource-rules';

/**
 * Real naming rules of the resource types Stratum names. Sources: AWS, Azure ("Naming rules and
 * restrictions for Azure resources"), Google Cloud (RFC 1035 names) and OCI documentation.
 */
export interface TNameRule {
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** One allowed character (regex class body without brackets). */
  readonly chars: string;
  readonly case?: 'lower';
  /** Must start with a letter (else letter or digit). */
  readonly startsWithLetter?: boolean;
  /** Must end with a letter or digit. */
  readonly endsAlnum?: boolean;
  /** Unique across the whole cloud (DNS name), not only the account. */
  readonly isGlobal?: boolean;
  readonly noDoubleHyphen?: boolean;
}

const rfc1035: TNameRule = {
  label: 'RFC 1035 name (1-63 lowercase letters, digits, hyphens; starts with a letter)',
  min: 1,
  max: 63,
  chars: 'a-z0-9-',
  case: 'lower',
  startsWithLetter: true,
  endsAlnum: true,
};

export const NAME_RULES: Readonly<Record<string, TNameRule>> = {
  'aws-tag': { label: 'AWS Name tag', min: 1, max: 255, chars: 'A-Za-z0-9 ._:/=+@-' },
  'aws-s3-bucket': {
    label: 'S3 bucket (3-63 lowercase letters, digits, hyphens, dots; global)',
    min: 3,
    max: 63,
    chars: 'a-z0-9.-',
    case: 'lower',
    endsAlnum: true,
    isGlobal: true,
  },
  'aws-rds': {
    label: 'RDS identifier (1-63 lowercase letters, digits, hyphens; starts with a letter)',
    min: 1,
    max: 63,
    chars: 'a-z0-9-',
    case: 'lower',
    startsWithLetter: true,
    endsAlnum: true,
    noDoubleHyphen: true,
  },
  'aws-elasticache': {
    label: 'ElastiCache cluster id (1-40 lowercase letters, digits, hyphens)',
    min: 1,
    max: 40,
    chars: 'a-z0-9-',
    case: 'lower',
    startsWithLetter: true,
    endsAlnum: true,
    noDoubleHyphen: true,
  },
  'aws-lb': {
    label: 'Load balancer / target group (1-32 letters, digits, hyphens)',
    min: 1,
    max: 32,
    chars: 'A-Za-z0-9-',
    endsAlnum: true,
  },
  'aws-generic': {
    label: 'AWS name (1-64 letters, digits, - and _)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9_-',
  },
  'aws-msk': {
    label: 'MSK cluster (1-64 letters, digits, hyphens; starts with a letter)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9-',
    startsWithLetter: true,
  },
  'aws-opensearch': {
    label: 'OpenSearch domain (3-28 lowercase letters, digits, hyphens; starts with a letter)',
    min: 3,
    max: 28,
    chars: 'a-z0-9-',
    case: 'lower',
    startsWithLetter: true,
  },
  'aws-ecr': {
    label: 'ECR repository (2-256 lowercase letters, digits, - _ . /)',
    min: 2,
    max: 256,
    chars: 'a-z0-9._/-',
    case: 'lower',
  },
  'aws-dns': { label: 'DNS zone name', min: 1, max: 253, chars: 'a-z0-9.-', case: 'lower' },
  'azure-rg': { label: 'Resource group (1-90)', min: 1, max: 90, chars: 'A-Za-z0-9._()-' },
  // A nested deployment (Microsoft.Resources/deployments): 1-64 of these characters.
  'azure-deployment': { label: 'Deployment (1-64)', min: 1, max: 64, chars: 'A-Za-z0-9._()-' },
  'azure-generic': {
    label: 'Azure name (1-80 letters, digits, - _ .)',
    min: 1,
    max: 80,
    chars: 'A-Za-z0-9._-',
    endsAlnum: true,
  },
  'azure-vm-linux': {
    label: 'Linux VM (1-64 letters, digits, hyphens)',
    min: 1,
    max: 64,
    chars: 'A-Za-z0-9-',
    endsAlnum: true,
  },
  'azure-storage': {
    label: 'Storage account (3-24 lowercase letters and digits; global)',
    min: 3,
    max: 24,
    chars: 'a-z0-9',
    case: 'lower',
    isGlobal: true,
  },
  'azure-keyvault': {
    label: 'Key Vault (3-24 letters, digits, hyphens; starts with a letter; global)',
    min: 3,
    max: 24,
    chars: 'A-Za-z0-9-',
    startsWithLetter: true,
    endsAlnum: true,
    isGlobal: true,
    noDoubleHyphen: true,
  },
  'azure-postgres': {
    label: 'PostgreSQL server (3-63 lowercase letters, digits, hyphens; global)',
    min: 3,
    max: 63,
    chars: 'a-z0-9-',
    case: 'lower',
    endsAlnum: true,
    isGlobal: true,
  },
  'azure-aks': {
    label: 'AKS cluster (1-63 letters, digits, - _)',
    min: 1,
    max: 63,
    chars: 'A-Za-z0-9_-',
    endsAlnum: true,
  },
  'azure-law': {
    label: 'Log Analytics workspace (4-63 letters, digits, hyphens)',
    min: 4,
    max: 63,
    chars: 'A-Za-z0-9-',
    endsAlnum: true,
  },
  'azure-servicebus': {
    label: 'Service Bus namespace (6-50 letters, digits, hyphens; starts with a letter; global)',
    min: 6,
    max: 50,
    chars: 'A-Za-z0-9-',
    startsWithLetter: true,
    endsAlnum: true,
    isGlobal: true,
  },
  // Azure (stratum azure catalog): "Naming rules and restrictions for Azure resources".
  'azure-mysql': {
    label: 'MySQL server (3-63 lowercase letters, digits, hyphens; global)',
    min: 3,
    max: 63,
    chars: 'a-z0-9-',
    case: 'lower',
    endsAlnum: true,
    isGlobal: true,
  },
  'azure-sql': {
    label: 'SQL server (1-63 lowercase letters, digits, hyphens; global)',
    min: 1,
    max: 63,
    chars: 'a-z0-9-',
    case: 'lower',
    endsAlnum: true,
    isGlobal: true,
  },
  'azure-cosmos': {
    label: 'Cosmos DB account (3-44 lowercase letters, digits, hyphens; global)',
    min: 3,
    max: 44,
    chars: 'a-z0-9-',
    case: 'lower',
    endsAlnum: true,
    isGlobal: true,
  },
  'azure-redis': {
    label: 'Managed Redis (1-60 letters, digits, hyphens; global)',
    min: 1,
    max: 60,
    chars: 'A-Za-z0-9-',
    endsAlnum: true,
    isGlobal: true,
    noDoubleHyphen: true,
  },
  'azure-acr': {
    label: 'Container registry (5-50 letters and digits; global)',
    min: 5,
    max: 50,
    chars: 'a-z0-9',
    case: 'lower',
    isGlobal: true,
  },
  'azure-afd-waf': {
    label: 'Front Door WAF policy (1-128 letters and digits; starts with a letter)',
    min: 1,
    max: 128,
    chars: 'A-Za-z0-9',
    startsWithLetter: true,
  },
  'azure-search': {
    label: 'AI Search service (2-60 lowercase letters, digits, hyphens; global)',
    min: 2,
    max: 60,
    chars: 'a-z0-9-',
    case: 'lower',
    endsAlnum: true,
    isGlobal: true,
    noDoubleHyphen: true,
  },
  'azure-app': {
    label: 'Function / web app (2-60 letters, digits, hyphens; global)',
    min: 2,
    max: 60,
    chars: 'A-Za-z0-9-',
    endsAlnum: true,
    isGlobal: true,
  },
  'azure-container-app': {
    label: 'Container app (2-32 lowercase letters, digits, hyphens; starts with a letter)',
    min: 2,
    max: 32,
    chars: 'a-z0-9-',
    case: 'lower',
    startsWithLetter: true,
    endsAlnum: true,
    noDoubleHyphen: true,
  },
  'azure-afd-endpoint': {
    label: 'Front Door endpoint (1-46 letters, digits, hyphens; global)',
    min: 1,
    max: 46,
    chars: 'A-Za-z0-9-',
    endsAlnum: true,
    isGlobal: true,
  },
  'azure-apim': {
    label: 'API Management (1-50 letters, digits, hyphens; starts with a letter; global)',
    min: 1,
    max: 50,
    chars: 'A-Za-z0-9-',
    startsWithLetter: true,
    endsAlnum: true,
    isGlobal: true,
  },
  'azure-eventgrid': {
    label: 'Event Grid topic (3-50 letters, digits, hyphens)',
    min: 3,
    max: 50,
    chars: 'A-Za-z0-9-',
  },
  'azure-kv-secret': {
    label: 'Key Vault secret (1-127 letters, digits, hyphens)',
    min: 1,
    max: 127,
    chars: 'A-Za-z0-9-',
  },
  'azure-identity': {
    label: 'Managed identity (3-128 letters, digits, - _; starts with a letter or digit)',
    min: 3,
    max: 128,
    chars: 'A-Za-z0-9_-',
  },
  'gcp-rfc1035': rfc1035,
  'gcp-bigquery': {
    label: 'BigQuery dataset (1-1024 letters, digits, underscores)',
    min: 1,
    max: 1024,
    chars: 'A-Za-z0-9_',
  },
  'gcp-psc': {
    label:
      'Private Service Connect endpoint (1-20 lowercase letters and digits; starts with a letter)',
    min: 1,
    max: 20,
    chars: 'a-z0-9',
    case: 'lower',
    startsWithLetter: true,
  },
  'gcp-service-account': {
    label: 'Service account id (6-30 lowercase letters, digits, hyphens)',
    min: 6,
    max: 30,
    chars: 'a-z0-9-',
    case: 'lower',
    startsWithLetter: true,
    endsAlnum: true,
  },
  'gcp-bucket': {
    label: 'Cloud Storage bucket (3-63 lowercase letters, digits, - _ .; global)',
    min: 3,
    max: 63,
    chars: 'a-z0-9._-',
    case: 'lower',
    endsAlnum: true,
    isGlobal: true,
  },
  'gcp-sql': { ...rfc1035, label: 'Cloud SQL instance (RFC 1035, max 98)', max: 98 },
  'gcp-pubsub': {
    label: 'Pub/Sub topic (3-255 letters, digits, - _ . ~ + %; starts with a letter)',
    min: 3,
    max: 255,
    chars: 'A-Za-z0-9._~+%-',
    startsWithLetter: true,
  },
  // Google Cloud, from each resource's API reference.
  'gcp-redis': { ...rfc1035, label: 'Memorystore for Redis instance (RFC 1035, max 40)', max: 40 },
  'gcp-firestore': {
    ...rfc1035,
    label: 'Firestore database id (4-63 lowercase letters, digits, hyphens)',
    min: 4,
  },
  'gcp-kms': {
    label: 'Cloud KMS key ring / key (1-63 letters, digits, - _)',
    min: 1,
    max: 63,
    chars: 'A-Za-z0-9_-',
  },
  'gcp-log-bucket': {
    label: 'Cloud Logging bucket id (1-100 letters, digits, - _ .)',
    min: 1,
    max: 100,
    chars: 'A-Za-z0-9._-',
    startsWithLetter: true,
  },
  'gcp-display': {
    label: 'Cloud Monitoring display name (1-512)',
    min: 1,
    max: 512,
    chars: 'A-Za-z0-9 ._:()-',
  },
  'oci-display': { label: 'OCI display name (1-255)', min: 1, max: 255, chars: 'A-Za-z0-9 ._-' },
  'oci-name': {
    label: 'OCI name (1-255 letters, digits, ., _ and -)',
    min: 1,
    max: 255,
    chars: 'A-Za-z0-9._-',
  },
  'oci-adb': {
    label: 'Autonomous Database name (1-30 letters and digits; starts with a letter)',
    min: 1,
    max: 30,
    chars: 'A-Za-z0-9',
    startsWithLetter: true,
  },
  'oci-bastion': {
    label: 'Bastion name (1-255 letters and digits)',
    min: 1,
    max: 255,
    chars: 'A-Za-z0-9',
  },
  'oci-topic': {
    label: 'Notifications topic (1-256 letters, digits, - _; starts with a letter)',
    min: 1,
    max: 256,
    chars: 'A-Za-z0-9_-',
    startsWithLetter: true,
  },
  'oci-bucket': {
    label: 'Object Storage bucket (1-256 letters, digits, - _ .)',
    min: 1,
    max: 256,
    chars: 'A-Za-z0-9._-',
  },
  'oci-dns-label': {
    label: 'VCN/subnet DNS label (1-15 lowercase letters and digits; starts with a letter)',
    min: 1,
    max: 15,
    chars: 'a-z0-9',
    case: 'lower',
    startsWithLetter: true,
  },
  // OCI: Container Registry, Functions, NoSQL, IAM (dynamic groups and policies).
  'oci-ocir-repo': {
    label: 'OCIR repository (1-255 lowercase letters, digits, - _ . /)',
    min: 1,
    max: 255,
    chars: 'a-z0-9._/-',
    case: 'lower',
    endsAlnum: true,
  },
  'oci-function': {
    label: 'Functions application/function (1-255 letters, digits, - _; starts with a letter)',
    min: 1,
    max: 255,
    chars: 'A-Za-z0-9_-',
    startsWithLetter: true,
  },
  'oci-nosql-table': {
    label: 'NoSQL table (1-256 letters, digits, _; starts with a letter)',
    min: 1,
    max: 256,
    chars: 'A-Za-z0-9_',
    startsWithLetter: true,
  },
  // Email Delivery DKIM selector: unique in its domain, lowercase letters, digits, hyphens.
  'oci-dkim-selector': {
    label: 'DKIM selector (1-63 lowercase letters, digits, -)',
    min: 1,
    max: 63,
    chars: 'a-z0-9-',
    case: 'lower',
    endsAlnum: true,
  },
  'oci-iam': {
    label: 'IAM dynamic group / policy (1-100 letters, digits, - _ .)',
    min: 1,
    max: 100,
    chars: 'A-Za-z0-9._-',
  },
  ...RESOURCE_RULES,
  // Matching rules address tags as tag.<namespace>.<key>, so a namespace has no periods.
  // https://docs.oracle.com/iaas/Content/Tagging/Tasks/managingtagsandtagnamespaces.htm
  'oci-tag-namespace': {
    label: 'Tag namespace (1-100 letters, digits, - _)',
    min: 1,
    max: 100,
    chars: 'A-Za-z0-9_-',
  },
};

export function ruleFor(id: string): TNameRule {
  const rule = NAME_RULES[id];
  if (!rule) throw new Error(`unknown naming rule ${id}`);
  return rule;
}
