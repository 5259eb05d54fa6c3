import {
  awsEncryptedAtRest,
  ec2Imdsv2,
  efsTlsOnly,
  s3PublicAccessBlock,
  s3TlsOnly,
} from './rules/baseline';
import {
  eksControlPlaneLogging,
  eksNodeDataAccess,
  eksPrivateEndpoint,
  eksSecretsEncryption,
} from './rules/aws-eks';
import { albDropInvalidHeaders } from './rules/aws-alb';
import { vpnStrongTunnels } from './rules/aws-vpn';
import { awsApiGatewayAuthenticated } from './rules/aws-api-gateway';
import {
  keyVaultNetworkDeny,
  keyVaultSecretRbacPropagation,
  privateEndpointPublicAccess,
  storageNoSharedKey,
} from './rules/azure-data';
import { frontDoorOriginLocked } from './rules/azure-front-door';
import { gcpComputeOsLogin } from './rules/gcp-compute';
import { ociDynamicGroupScoped } from './rules/identity';
import { ociApiGatewayAuthenticated } from './rules/oci-api-gateway';
import { ociVolumeTransitEncryption } from './rules/oci-volumes';
import { ociBucketCustomerKey } from './rules/oci-object-storage';
import { aksKubeletNoDataRoles, aksPrivateApi, gkeAuthorizedNetworks } from './rules/kubernetes';
import { albHttpsOnly, gcpLbHttpsOnly, nlbTlsPolicy, ociLbHttpsOnly } from './rules/listeners';
import {
  dataTierNoOpenEgress,
  ociNsgNoVcnWideIngress,
  ociSecurityListNoVcnWideIngress,
  ociSubnetOwnSecurityList,
} from './rules/network';
import { noSecretInState, rdsManagedPassword } from './rules/secrets';
import type { TPolicyRule } from './types';

/** Every policy rule; adding one is a rule in a `rules/` file and a line here. */
export const POLICY_RULES: readonly TPolicyRule[] = [
  aksPrivateApi,
  gkeAuthorizedNetworks,
  aksKubeletNoDataRoles,
  ociSubnetOwnSecurityList,
  ociSecurityListNoVcnWideIngress,
  ociNsgNoVcnWideIngress,
  storageNoSharedKey,
  keyVaultNetworkDeny,
  albHttpsOnly,
  nlbTlsPolicy,
  ociLbHttpsOnly,
  gcpLbHttpsOnly,
  gcpComputeOsLogin,
  ociDynamicGroupScoped,
  ociApiGatewayAuthenticated,
  ociVolumeTransitEncryption,
  ociBucketCustomerKey,
  awsApiGatewayAuthenticated,
  dataTierNoOpenEgress,
  rdsManagedPassword,
  noSecretInState,
  keyVaultSecretRbacPropagation,
  privateEndpointPublicAccess,
  frontDoorOriginLocked,
  s3PublicAccessBlock,
  s3TlsOnly,
  efsTlsOnly,
  ec2Imdsv2,
  awsEncryptedAtRest,
  eksPrivateEndpoint,
  eksSecretsEncryption,
  eksControlPlaneLogging,
  eksNodeDataAccess,
  albDropInvalidHeaders,
  vpnStrongTunnels,
];

export const POLICY_RULE_IDS: readonly string[] = POLICY_RULES.map((r) => r.id);

export const findRule = (id: string): TPolicyRule | undefined =>
  POLICY_RULES.find((r) => r.id === id);
