import type { TTfBuildContext } from '../service';
import { settingNamer } from '../setting-names';
import { call, isTagged, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { dataTargets, isManagedPasswordDb, masterSecretArn } from './data-targets';
import { BROKER_USERNAME, clientSecretArn } from './client-secret';
import { primaryRef } from './shared';
import { callbackUrl } from './websocket-connections';
import { efsMountPath } from './efs-mounts';
import { dsqlRoleName } from './dsql';

/** The settings a compute node gets for the stores it uses: environment variables, as text. */

/** Environment variables a compute node gets for each store it reads or writes. */
export function connectionEnv(ctx: TTfBuildContext): Record<string, TTfValue> {
  const env: Record<string, TTfValue> = {};
  const targets = dataTargets(ctx);
  const name = settingNamer(targets.map((e) => e.node));
  for (const edge of targets) {
    const t = edge.node;
    const p = (attr: string) => primaryRef(ctx, t, attr);
    switch (t.service.kind) {
      case 'nosql':
        env[name(t, 'TABLE')] = p('name');
        break;
      case 'object-storage':
        env[name(t, 'BUCKET')] = p('id');
        break;
      case 'queue':
        env[name(t, 'QUEUE_URL')] = p('url');
        break;
      case 'topic':
      case 'secret':
        env[name(t, 'ARN')] = p('arn');
        break;
      case 'event-bus':
        env[name(t, 'BUS')] = p('name');
        break;
      case 'postgresql':
      case 'mysql':
      case 'sqlserver':
        env[name(t, 'HOST')] = p('address');
        env[name(t, 'PORT')] = p('port');
        if (isManagedPasswordDb(t)) env[name(t, 'SECRET_ARN')] = masterSecretArn(ctx, t);
        break;
      case 'cache':
        env[name(t, 'HOST')] = p('primary_endpoint_address');
        env[name(t, 'PORT')] = p('port');
        env[name(t, 'AUTH_SECRET_ARN')] = clientSecretArn(ctx, t);
        break;
      case 'file-storage': {
        env[name(t, 'DNS')] = p('dns_name');
        // Where the compute has it mounted, when it does (efs-mounts.ts).
        const path = efsMountPath(ctx, t);
        if (path !== undefined) env[name(t, 'PATH')] = path;
        break;
      }
      case 'document-db':
        env[name(t, 'HOST')] = p('endpoint');
        env[name(t, 'PORT')] = p('port');
        env[name(t, 'SECRET_ARN')] = p('master_user_secret[0].secret_arn');
        break;
      case 'data-warehouse':
        env[name(t, 'HOST')] = p('dns_name');
        env[name(t, 'PORT')] = p('port');
        env[name(t, 'SECRET_ARN')] = p('master_password_secret_arn');
        break;
      case 'workflow':
        env[name(t, 'ARN')] = p('arn');
        break;
      case 'user-directory':
        env[name(t, 'USER_POOL_ID')] = p('id');
        break;
      case 'email':
        env[name(t, 'DOMAIN')] = p('email_identity');
        env[name(t, 'CONFIGURATION_SET')] = ref(
          ctx.address(t, 'aws_sesv2_configuration_set'),
          'configuration_set_name',
        );
        break;
      case 'message-broker':
        env[name(t, 'AMQPS_ENDPOINT')] = p('instances[0].endpoints[0]');
        env[name(t, 'USERNAME')] = BROKER_USERNAME;
        env[name(t, 'PASSWORD_SECRET_ARN')] = clientSecretArn(ctx, t);
        break;
      case 'wide-column':
        env[name(t, 'KEYSPACE')] = p('name');
        env[name(t, 'TABLE')] = ref(ctx.address(t, 'aws_keyspaces_table'), 'table_name');
        break;
      case 'distributed-sql':
        env[name(t, 'HOST')] = tpl(p('identifier'), '.dsql.', ref('var.region'), '.on.aws');
        env[name(t, 'USER')] = dsqlRoleName(ctx.node);
        break;
      case 'realtime':
        env[name(t, 'CALLBACK_URL')] = callbackUrl(ctx, t);
        break;
      case 'stream':
        env[name(t, 'STREAM_NAME')] = p('name');
        break;
      case 'kafka':
        // MSK Serverless authenticates with IAM only: the SASL/IAM listeners.
        env[name(t, 'BOOTSTRAP_SERVERS')] = p('bootstrap_brokers_sasl_iam');
        break;
      case 'search':
        env[name(t, 'ENDPOINT')] = tpl('https://', p('endpoint'));
        break;
      case 'function':
        env[name(t, 'FUNCTION_NAME')] = p('function_name');
        break;
      case 'log-group':
        env[name(t, 'LOG_GROUP')] = p('name');
        break;
      case 'log-router':
        env[name(t, 'DELIVERY_STREAM')] = p('name');
        break;
      case 'kms':
        env[name(t, 'KEY_ARN')] = p('arn');
        break;
      // An ECR repository is pulled by the platform (the task or service image), not by code.
    }
  }
  return env;
}

/** Attributes of connection settings that are numbers (RDS, DocumentDB and Redshift `port`). */
const NUMBER_ATTRIBUTES = new Set(['port']);

/**
 * A setting as text, for a JSON document: `jsonencode` writes a number as a JSON number, and
 * ECS takes only strings as container environment values (RegisterTaskDefinition,
 * `KeyValuePair`). Environment maps (Lambda, App Runner) and SSM values convert by themselves.
 */
export function settingText(value: TTfValue): TTfValue {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isTagged(value) && value.$ === 'ref' && NUMBER_ATTRIBUTES.has(value.attr.split('.').pop()!))
    return call('tostring', value);
  return value;
}
