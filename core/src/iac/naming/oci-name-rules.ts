import type { TNameRule } from './rules';

/** Oracle Cloud naming rules, from the OCI API and service documentation. */
export const OCI_NAME_RULES: Readonly<Record<string, TNameRule>> = {
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
  // Matching rules address tags as tag.<namespace>.<key>, so a namespace has no periods.
  // https://docs.oracle.com/iaas/Content/Tagging/Tasks/managingtagsandtagnamespaces.htm
  'oci-tag-namespace': {
    label: 'Tag namespace (1-100 letters, digits, - _)',
    min: 1,
    max: 100,
    chars: 'A-Za-z0-9_-',
  },
};
