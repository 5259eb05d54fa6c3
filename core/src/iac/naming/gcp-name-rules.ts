import type { TNameRule } from './rules';

const rfc1035: TNameRule = {
  label: 'RFC 1035 name (1-63 lowercase letters, digits, hyphens; starts with a letter)',
  min: 1,
  max: 63,
  chars: 'a-z0-9-',
  case: 'lower',
  startsWithLetter: true,
  endsAlnum: true,
};

/** Google Cloud naming rules: RFC 1035 names and each resource's API reference. */
export const GCP_NAME_RULES: Readonly<Record<string, TNameRule>> = {
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
};
