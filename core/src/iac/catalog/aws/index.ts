import type { TCloudProfile } from '../cloud';
import { genericResource } from '../generic/generic';
import { block, obj, tfVar } from '../../ir/terraform-ir';
import { awsApiGateway } from './api';
import { awsBackup } from './backup';
import { awsDocumentDb } from './document-db';
import { awsMqRabbit } from './message-broker';
import { awsStepFunctions } from './orchestration';
import { awsCognito } from './users';
import { awsSes } from './email';
import { awsWebSocketApi } from './websocket';
import { awsEventBridgeScheduler } from './scheduler';
import { awsKinesis, awsMskServerless, awsOpenSearch, awsRedshift } from './analytics';
import { awsInstanceConnectEndpoint, awsVpcEndpoint, awsWaf } from './private-access';
import { awsAutoScaling, awsEc2 } from './compute';
import { awsEcr, awsEcsFargate } from './containers';
import { awsEks } from './eks';
import {
  awsDynamoDb,
  awsElastiCache,
  awsRdsMysql,
  awsRdsPostgres,
  awsRdsSqlServer,
} from './databases';
import { awsAlb, awsCloudFront, awsNlb, awsRoute53 } from './edge';
import { awsVpn } from './vpn';
import { awsLambda } from './functions';
import { awsDsql } from './dsql';
import { awsFirehose } from './firehose';
import { awsKeyspaces } from './keyspaces';
import { awsRoute53HealthCheck } from './health-check';
import { awsAppRunner } from './app-runner';
import { awsEventBridge, awsSns, awsSqs } from './messaging';
import { awsAlarm, awsLogGroup } from './monitoring';
import { awsInternetGateway, awsNatGateway, awsSecurityGroup, awsSubnet, awsVpc } from './network';
import { awsIamRole, awsKms, awsSecretsManager } from './security';
import { AWS_REGIONS } from './sizes';
import { awsEbs, awsEfs, awsS3 } from './storage';

/** Amazon Web Services: hashicorp/aws pinned to the version the schema data describes. */
export const AWS: TCloudProfile = {
  cloud: 'aws',
  label: 'Amazon Web Services',
  regions: AWS_REGIONS,
  terraform: {
    name: 'aws',
    source: 'hashicorp/aws',
    version: '6.19.0',
    tagsAttribute: 'tags',
    providerConfig: (ctx) => ({
      region: tfVar('region'),
      default_tags: block({
        tags: obj({ ...ctx.tags, environment: tfVar('environment'), managed_by: 'stratum' }),
      }),
    }),
  },
  services: [
    awsVpc,
    awsSubnet,
    awsSecurityGroup,
    awsInternetGateway,
    awsNatGateway,
    awsAlb,
    awsNlb,
    awsRoute53,
    awsCloudFront,
    awsVpn,
    awsEc2,
    awsAutoScaling,
    awsEks,
    awsEcsFargate,
    awsEcr,
    awsLambda,
    awsS3,
    awsEfs,
    awsEbs,
    awsRdsPostgres,
    awsRdsMysql,
    awsRdsSqlServer,
    awsDynamoDb,
    awsElastiCache,
    awsKms,
    awsSecretsManager,
    awsIamRole,
    awsSqs,
    awsSns,
    awsEventBridge,
    awsLogGroup,
    awsAlarm,
    awsApiGateway,
    awsKinesis,
    awsMskServerless,
    awsOpenSearch,
    awsRedshift,
    awsWaf,
    awsVpcEndpoint,
    awsInstanceConnectEndpoint,
    genericResource('aws'),
    awsStepFunctions,
    awsCognito,
    awsDocumentDb,
    awsBackup,
    awsMqRabbit,
    awsEventBridgeScheduler,
    awsSes,
    // Closing kinds AWS lacked: wide-column, log-router, distributed-sql.
    awsKeyspaces,
    awsFirehose,
    awsDsql,
    // Closing kinds AWS lacked: health-check, web-app.
    awsRoute53HealthCheck,
    awsAppRunner,
    // WebSocket APIs close the realtime kind.
    awsWebSocketApi,
  ],
};
