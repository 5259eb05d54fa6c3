import type { TCloudProfile } from '../cloud';
import { obj, tfVar } from '../../ir/terraform-ir';
import { gcpCloudRun, gcpGke, gcpInstance } from './compute';
import { gcpBucket, gcpCloudSqlPostgres, gcpPubSub, gcpSecret } from './data';
import { gcpFirewall, gcpNetwork, gcpSubnet } from './network';

export const GCP_REGIONS = [
  'us-central1',
  'us-east1',
  'us-east4',
  'us-west1',
  'us-west2',
  'northamerica-northeast1',
  'southamerica-east1',
  'europe-west1',
  'europe-west2',
  'europe-west3',
  'europe-west4',
  'europe-west9',
  'europe-north1',
  'asia-south1',
  'asia-northeast1',
  'asia-northeast3',
  'asia-southeast1',
  'australia-southeast1',
] as const;

/** Google Cloud: hashicorp/google pinned to the version the schema data describes. */
export const GCP: TCloudProfile = {
  cloud: 'gcp',
  label: 'Google Cloud',
  regions: GCP_REGIONS,
  terraform: {
    name: 'google',
    source: 'hashicorp/google',
    version: '7.9.0',
    tagsAttribute: 'labels',
    providerConfig: (ctx) => ({
      project: ctx.variable({
        name: 'project_id',
        type: 'string',
        description: 'Google Cloud project id.',
      }),
      region: tfVar('region'),
      default_labels: obj({ managed_by: 'stratum' }),
    }),
  },
  services: [
    gcpNetwork,
    gcpSubnet,
    gcpFirewall,
    gcpInstance,
    gcpGke,
    gcpCloudRun,
    gcpBucket,
    gcpCloudSqlPostgres,
    gcpPubSub,
    gcpSecret,
  ],
};
