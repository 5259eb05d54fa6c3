import type { TCloudProfile } from '../cloud';
import { genericResource } from '../generic/generic';
import { obj, tfVar } from '../../ir/terraform-ir';
import { gcpBigQuery, gcpManagedKafka } from './analytics';
import { gcpBackupDr } from './backup';
import { gcpCloudScheduler, gcpCloudTasks } from './jobs';
import { gcpIdentityPlatform } from './identity';
import { quotaProjectConfig } from './quota-project';
import { gcpUptimeCheck } from './uptime';
import { gcpBigtable, gcpFirestoreMongo, gcpSpanner } from './databases';
import { gcpWorkflows } from './orchestration';
import { gcpCloudArmor, gcpIapTunnel, gcpPrivateServiceConnect } from './protection';
import { gcpInstance, gcpManagedInstanceGroup } from './compute';
import { gcpCloudRun, gcpGke } from './containers';
import {
  gcpBucket,
  gcpCloudSqlMysql,
  gcpCloudSqlPostgres,
  gcpCloudSqlSqlServer,
  gcpFilestore,
  gcpFirestore,
  gcpMemorystore,
  gcpPersistentDisk,
} from './data';
import { gcpHttpLoadBalancer, gcpNetworkLoadBalancer } from './edge';
import { gcpCloudDns } from './cloud-dns';
import { gcpCloudCdn } from './cloud-cdn';
import { gcpHaVpn } from './ha-vpn';
import { gcpCloudNat, gcpFirewall, gcpInternetRoute, gcpNetwork, gcpSubnet } from './network';
import { gcpArtifactRegistry, gcpCloudFunction } from './platform';
import { gcpEventarcBus, gcpPubSubQueue, gcpPubSubTopic } from './messaging';
import { gcpKms, gcpSecret, gcpServiceAccount } from './security';
import { gcpAlertPolicy, gcpLogBucket } from './monitoring';

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

/**
 * Google Cloud: hashicorp/google pinned to the version the schema data describes. No
 * `api-gateway` service: API Gateway's Terraform resources exist only in google-beta.
 */
export const GCP: TCloudProfile = {
  cloud: 'gcp',
  label: 'Google Cloud',
  regions: GCP_REGIONS,
  terraform: {
    name: 'google',
    source: 'hashicorp/google',
    version: '7.9.0',
    tagsAttribute: 'labels',
    providerConfig: (ctx) => {
      const project = ctx.variable({
        name: 'project_id',
        type: 'string',
        description: 'Google Cloud project id.',
      });
      return {
        project,
        region: tfVar('region'),
        ...quotaProjectConfig(ctx.types, project),
        default_labels: obj({ managed_by: 'stratum' }),
      };
    },
  },
  services: [
    gcpNetwork,
    gcpSubnet,
    gcpFirewall,
    gcpInternetRoute,
    gcpCloudNat,
    gcpHttpLoadBalancer,
    gcpNetworkLoadBalancer,
    gcpCloudDns,
    gcpCloudCdn,
    gcpHaVpn,
    gcpInstance,
    gcpManagedInstanceGroup,
    gcpGke,
    gcpCloudRun,
    gcpArtifactRegistry,
    gcpCloudFunction,
    gcpBucket,
    gcpFilestore,
    gcpPersistentDisk,
    gcpCloudSqlPostgres,
    gcpCloudSqlMysql,
    gcpCloudSqlSqlServer,
    gcpFirestore,
    gcpMemorystore,
    gcpKms,
    gcpSecret,
    gcpServiceAccount,
    gcpPubSubQueue,
    gcpPubSubTopic,
    gcpEventarcBus,
    gcpLogBucket,
    gcpAlertPolicy,
    gcpBigQuery,
    gcpManagedKafka,
    gcpCloudArmor,
    gcpIapTunnel,
    gcpPrivateServiceConnect,
    genericResource('gcp'),
    gcpWorkflows,
    gcpBackupDr,
    gcpFirestoreMongo,
    gcpSpanner,
    gcpBigtable,
    gcpCloudTasks,
    gcpCloudScheduler,
    gcpUptimeCheck,
    gcpIdentityPlatform,
  ],
};
