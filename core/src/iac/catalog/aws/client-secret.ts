import type { TNode, TTfBuildContext } from '../service';
import { ref, type TTfRef, type TTfValue } from '../../ir/terraform-ir';

/**
 * Stores whose clients sign in with a credential the design holds as a variable (ElastiCache's
 * auth token, Amazon MQ's user password): the store writes it to a Secrets Manager secret of its
 * own, and each client is told its ARN (connection-env.ts) and may read it (iam.ts), as RDS
 * clients read the managed password.
 */
const CLIENT_SECRET_STORES: ReadonlySet<string> = new Set([
  'aws_elasticache_replication_group',
  'aws_mq_broker',
]);

/** The broker user Amazon MQ brokers are made with; their clients sign in as it. */
export const BROKER_USERNAME = 'mqadmin';

export const hasClientSecret = (node: TNode): boolean =>
  CLIENT_SECRET_STORES.has(node.service.emits.terraform[0] ?? '');

export const clientSecretArn = (ctx: TTfBuildContext, store: TNode): TTfRef =>
  ref(ctx.address(store, 'aws_secretsmanager_secret', '_auth'), 'arn');

/**
 * The store's secret, when it has data clients. Write-only: the secret's copy never enters the
 * state; `source` (the attribute holding the credential) changing writes it again. Deleted at
 * once on destroy: it is a copy of the variable, and a secret in its recovery window keeps its
 * name, so re-creating the environment within 30 days failed ("a secret with this name is already
 * scheduled for deletion", Secrets Manager DeleteSecret).
 */
export function writeClientSecret(
  ctx: TTfBuildContext,
  value: TTfValue,
  description: string,
  source: string,
): void {
  if (ctx.incoming('data').length === 0) return;
  const local = `${ctx.node.local}_auth`;
  const secret = ctx.resource('aws_secretsmanager_secret', local, {
    name: ctx.name('auth'),
    description,
    recovery_window_in_days: 0,
    tags: ctx.tags(),
  });
  ctx.resource(
    'aws_secretsmanager_secret_version',
    local,
    { secret_id: ref(secret.address, 'id'), secret_string_wo: value, secret_string_wo_version: 1 },
    undefined,
    { lifecycle: { replaceTriggeredBy: [source] } },
  );
}
