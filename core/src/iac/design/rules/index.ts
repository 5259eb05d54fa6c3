import { addressLists } from './address-lists';
import { aksNodeSize } from './aks-node-size';
import { alertDelivery } from './alert-delivery';
import { alarmWindows } from './alarm-windows';
import { awsEbsVolume } from './aws-ebs-volume';
import { awsEfsMountZones } from './aws-efs-mount-zones';
import { bigQueryKeyLocation } from './bigquery-key-location';
import { awsEfsThroughput } from './aws-efs-throughput';
import { awsElastiCacheVersion } from './aws-elasticache-version';
import { awsRdsStorage } from './aws-rds-storage';
import { awsScheduleExpression } from './aws-schedule-expression';
import { awsSesMailFrom } from './aws-ses-mail-from';
import { azureContainerAppPort } from './azure-container-app-port';
import { azureDnsResolverProperties, azureDnsResolverSubnets } from './azure-dns-resolver';
import { azureMongoTier } from './azure-mongo-tier';
import { azurePostgresStorage } from './azure-postgres-storage';
import { azureSqlSize } from './azure-sql-size';
import { azureSqlAuditing } from './azure-sql-auditing';
import { azureStorageRedundancy } from './azure-storage-redundancy';
import { kubernetesWorkloadNames } from './kubernetes-workload-names';
import { cloudRunSize } from './cloud-run-size';
import { fargateTaskSize } from './fargate-task-size';
import { filestoreCapacity } from './filestore-capacity';
import { gcpZones } from './gcp-zone-rule';
import { gcpDnsCertificate } from './gcp-dns-certificate';
import { gcpAlertAligner } from './gcp-alert-aligner';
import { lambdaQueueTimeout } from './lambda-queue-timeout';
import { ociDynamicGroupGrant } from './oci-dynamic-group-grant';
import { ociDatabasePassword } from './oci-database-password';
import { ociQueueConsumer } from './oci-queue-consumer';
import { ociFlexShapes } from './oci-flex-shapes';
import { ociOpenSearchNodes } from './oci-opensearch-nodes';
import { ociHealthCheckTiming } from './oci-health-check-timing';
import { ociVpnTargets } from './oci-vpn-targets';
import { reachabilityEgress } from './reachability-egress';
import { reachabilityGateways } from './reachability-gateways';
import { reachabilityPorts } from './reachability-ports';
import { reachabilityPrivateData } from './reachability-private-data';
import { reachabilityPublicEntry } from './reachability-public-entry';
import type { TDesignRule, TPropertyRule } from './rule';
import { scalingBounds } from './scaling-bounds';
import { spannerCapacity } from './spanner-capacity';
import { awsFirehosePrefixes } from './aws-firehose-prefixes';
import { awsKeyspacesSchema } from './aws-keyspaces-schema';
import { awsHealthCheckInterval } from './aws-health-check-interval';
import { awsAppRunnerSize } from './aws-app-runner-size';
import { awsWebSocketApi } from './aws-websocket-api';
import { awsContainerPlaceholderPort } from './aws-container-placeholder-port';
import { awsSnsFifoQueue } from './aws-sns-fifo-queue';
import { awsVpnTargets } from './aws-vpn-targets';
import { awsLbCertificate } from './aws-lb-certificate';
import { gcpVpnTargets } from './gcp-vpn-targets';
import { gcpDeliveryTargets } from './gcp-delivery-targets';
import { gcpUptimeTargets } from './gcp-uptime-targets';
import { gcpQueueFunctions } from './gcp-queue-functions';
import { messageSenders } from './message-senders';
import { azureFirewallReaders } from './azure-firewall-readers';

/** Cross-field rules on one component's properties: the cloud refuses these (errors). */
export const PROPERTY_RULES: readonly TPropertyRule[] = [
  scalingBounds,
  fargateTaskSize,
  awsRdsStorage,
  awsEbsVolume,
  awsEfsThroughput,
  awsElastiCacheVersion,
  awsScheduleExpression,
  awsSesMailFrom,
  alarmWindows,
  azureStorageRedundancy,
  azureSqlSize,
  azurePostgresStorage,
  azureMongoTier,
  azureContainerAppPort,
  aksNodeSize,
  kubernetesWorkloadNames,
  cloudRunSize,
  filestoreCapacity,
  ociFlexShapes,
  ociOpenSearchNodes,
  ociHealthCheckTiming,
  addressLists,
  spannerCapacity,
  // Keyspaces schema, Firehose prefixes.
  awsKeyspacesSchema,
  awsFirehosePrefixes,
  // Route 53 health check interval, App Runner instance sizes.
  awsHealthCheckInterval,
  awsAppRunnerSize,
  awsWebSocketApi,
  azureDnsResolverProperties,
];

/** Cross-field rules that look at more than one component or at the region (errors). */
export const CROSS_FIELD_DESIGN_RULES: readonly TDesignRule[] = [
  gcpZones,
  lambdaQueueTimeout,
  bigQueryKeyLocation,
  gcpDnsCertificate,
  gcpAlertAligner,
  azureDnsResolverSubnets,
  awsLbCertificate,
];

/** Reachability, as an architect checks it: what to add so the system serves (warnings). */
export const REACHABILITY_RULES: readonly TDesignRule[] = [
  reachabilityPublicEntry,
  reachabilityEgress,
  reachabilityGateways,
  reachabilityPorts,
  reachabilityPrivateData,
  alertDelivery,
  ociDynamicGroupGrant,
  ociDatabasePassword,
  ociQueueConsumer,
  ociVpnTargets,
  awsContainerPlaceholderPort,
  awsSnsFifoQueue,
  awsVpnTargets,
  awsEfsMountZones,
  gcpVpnTargets,
  gcpDeliveryTargets,
  gcpUptimeTargets,
  gcpQueueFunctions,
  azureSqlAuditing,
  messageSenders,
  azureFirewallReaders,
];
