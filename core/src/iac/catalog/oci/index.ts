import { ociAutonomousDataWarehouse, ociStreaming } from './analytics';
import { ociBastion, ociObjectStoragePrivateEndpoint } from './access';
import { ociVolumeBackup } from './backup';
import { ociWaf } from './waf';
import { ociOpenSearch } from './search';
import { ociAutonomousJson } from './document-db';
import { ociApmDomain } from './apm';
import { ociIdentityDomain } from './identity-domain';
import { ociStreamingKafka } from './kafka';
import { ociHealthCheck } from './health-check';
import { ociEmailDelivery } from './email';
import { ociServiceConnector } from './connector';
import type { TCloudProfile } from '../cloud';
import { genericResource } from '../generic/generic';
import { tfVar } from '../../ir/terraform-ir';
import { ociInstance, ociInstancePool, ociOke } from './compute';
import {
  ociBlockVolume,
  ociContainerInstance,
  ociContainerRegistry,
  ociFunction,
} from './containers';
import { ociCache, ociFileStorage, ociMysql, ociNosql, ociPostgres } from './data';
import { ociBucket } from './object-storage';
import { ociNsg, ociSubnet, ociVcn } from './network';
import { ociInternetGateway, ociNatGateway } from './gateways';
import { ociLoadBalancer, ociNetworkLoadBalancer } from './load-balancers';
import { ociDnsZone } from './dns-zone';
import { ociVpn } from './vpn';
import { ociApiGateway } from './api-gateway';
import { ociAlarm, ociEventsRule, ociLogGroup, ociQueue, ociTopic } from './platform';
import { ociSecret, ociVault } from './security';
import { ociIdentity } from './dynamic-group';

export const OCI_REGIONS = [
  'us-ashburn-1',
  'us-phoenix-1',
  'us-chicago-1',
  'us-sanjose-1',
  'ca-toronto-1',
  'ca-montreal-1',
  'sa-saopaulo-1',
  'uk-london-1',
  'eu-frankfurt-1',
  'eu-amsterdam-1',
  'eu-paris-1',
  'eu-stockholm-1',
  'eu-zurich-1',
  'ap-mumbai-1',
  'ap-tokyo-1',
  'ap-seoul-1',
  'ap-singapore-1',
  'ap-sydney-1',
] as const;

/** Oracle Cloud Infrastructure: oracle/oci pinned to the version the schema data describes. */
export const OCI: TCloudProfile = {
  cloud: 'oci',
  label: 'Oracle Cloud Infrastructure',
  regions: OCI_REGIONS,
  terraform: {
    name: 'oci',
    source: 'oracle/oci',
    version: '7.4.0',
    tagsAttribute: 'freeform_tags',
    // Credentials come from ~/.oci/config or OCI_CLI_* variables, never from the code.
    providerConfig: () => ({ region: tfVar('region') }),
    setup: (ctx) => {
      ctx.variable({ name: 'tenancy_ocid', type: 'string', description: 'OCID of the tenancy.' });
      ctx.variable({
        name: 'compartment_ocid',
        type: 'string',
        description: 'OCID of the compartment to deploy into.',
      });
    },
  },
  services: [
    ociVcn,
    ociSubnet,
    ociNsg,
    ociInternetGateway,
    ociNatGateway,
    ociLoadBalancer,
    ociNetworkLoadBalancer,
    ociDnsZone,
    ociVpn,
    ociInstance,
    ociInstancePool,
    ociOke,
    ociContainerInstance,
    ociContainerRegistry,
    ociFunction,
    ociBucket,
    ociFileStorage,
    ociBlockVolume,
    ociPostgres,
    ociMysql,
    ociNosql,
    ociCache,
    ociVault,
    ociSecret,
    ociIdentity,
    ociQueue,
    ociTopic,
    ociEventsRule,
    ociLogGroup,
    ociAlarm,
    ociApiGateway,
    ociStreaming,
    ociAutonomousDataWarehouse,
    ociBastion,
    ociObjectStoragePrivateEndpoint,
    genericResource('oci'),
    ociVolumeBackup,
    ociWaf,
    ociOpenSearch,
    ociAutonomousJson,
    ociApmDomain,
    ociIdentityDomain,
    ociStreamingKafka,
    ociHealthCheck,
    ociEmailDelivery,
    ociServiceConnector,
  ],
};
