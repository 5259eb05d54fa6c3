import type { TNode, TTfBuildContext } from '../service';
import { block, ref, tfVar, type TTfRef, type TTfValue } from '../../ir/terraform-ir';

/**
 * A Cloud SQL user's password, kept for the instance's clients in a Secret Manager secret of its
 * own: the user takes it write-only from a variable, so nothing else in the code held it and a
 * connected workload had a host but no way to sign in.
 */
export const sqlPasswordSecretRef = (ctx: TTfBuildContext, db: TNode, attr: string): TTfRef =>
  ref(ctx.address(db, 'google_secret_manager_secret', '_password'), attr);

/**
 * The secret, when something has a data connection to the instance. Write-only from the same
 * variable as the user: raise both versions together to rotate it.
 */
export function sqlPasswordSecret(ctx: TTfBuildContext, password: TTfValue): void {
  if (ctx.incoming('data').length === 0) return;
  const local = `${ctx.node.local}_password`;
  const secret = ctx.resource('google_secret_manager_secret', local, {
    secret_id: ctx.name('password', 'gcp-rfc1035'),
    labels: ctx.tags(),
    replication: block({
      user_managed: block({ replicas: block({ location: tfVar('region') }) }),
    }),
  });
  ctx.resource('google_secret_manager_secret_version', local, {
    secret: ref(secret.address, 'id'),
    secret_data_wo: password,
    secret_data_wo_version: 1,
  });
}
