import { defineService, type TTfBuildContext } from '../service';
import { boolProp } from '../properties';
import { block, ref, tfVar, tpl, type TTfRef } from '../../ir/terraform-ir';

/** Google Cloud databases beyond Cloud SQL: Firestore with MongoDB compatibility. */

/**
 * A Cloud KMS key the node has a data connection to, with the grant that lets the service's
 * agent (`service-<number>@<agent>`) use it; the resource that encrypts with it depends on
 * the grant, so the first apply does not fail on a missing permission.
 */
export function cmekOf(
  ctx: TTfBuildContext,
  agent: string,
): { keyId: TTfRef; grant: string } | undefined {
  const key = ctx.outgoing('data').find((e) => e.node.service.kind === 'kms');
  if (!key) return undefined;
  const keyId = ref(ctx.address(key.node, 'google_kms_crypto_key'), 'id');
  const grant = ctx.resource('google_kms_crypto_key_iam_member', `${ctx.node.local}_agent_key`, {
    crypto_key_id: keyId,
    role: 'roles/cloudkms.cryptoKeyEncrypterDecrypter',
    member: tpl(
      'serviceAccount:service-',
      ref(ctx.data('google_project', 'current', {}).address, 'number'),
      `@${agent}`,
    ),
  });
  return { keyId, grant: grant.address };
}

export const gcpFirestoreMongo = defineService({
  id: 'gcp.firestore-mongodb',
  cloud: 'gcp',
  kind: 'document-db',
  name: 'Firestore with MongoDB compatibility',
  category: 'databases',
  description:
    'Firestore Enterprise edition database that MongoDB drivers reach over TLS on port 443 with IAM (MONGODB-OIDC) authentication: point-in-time recovery, delete protection, customer-managed encryption when connected to a Cloud KMS key.',
  icon: 'gcp-firestore',
  properties: [boolProp('pitr', 'Point-in-time recovery (7 days)', true)],
  placement: 'none',
  port: 443,
  naming: { rule: 'gcp-firestore', abbreviation: 'docdb' },
  emits: { terraform: ['google_firestore_database', 'google_kms_crypto_key_iam_member'] },
  terraform: (ctx) => {
    // CMEK: the key ring is in the design's region, the database's location too.
    const cmek = cmekOf(ctx, 'gcp-sa-firestore.iam.gserviceaccount.com');
    const db = ctx.resource(
      'google_firestore_database',
      ctx.node.local,
      {
        name: ctx.name(),
        location_id: tfVar('region'),
        // MongoDB compatibility is a feature of the Enterprise edition (Native mode only).
        type: 'FIRESTORE_NATIVE',
        database_edition: 'ENTERPRISE',
        point_in_time_recovery_enablement: ctx.prop('pitr', (v) =>
          v === true ? 'POINT_IN_TIME_RECOVERY_ENABLED' : 'POINT_IN_TIME_RECOVERY_DISABLED',
        ),
        delete_protection_state: 'DELETE_PROTECTION_ENABLED',
        deletion_policy: 'ABANDON',
        ...(cmek ? { cmek_config: block({ kms_key_name: cmek.keyId }) } : {}),
      },
      cmek ? [cmek.grant] : [],
    );
    // "Connect with a MongoDB driver": <uid>.<location>.firestore.goog:443, TLS, load balanced.
    ctx.output(
      'mongodb_uri',
      `MongoDB connection string of ${ctx.node.name} (IAM authentication)`,
      tpl(
        'mongodb://',
        ref(db.address, 'uid'),
        '.',
        ref(db.address, 'location_id'),
        '.firestore.goog:443/',
        ref(db.address, 'name'),
        '?loadBalanced=true&tls=true&retryWrites=false&authMechanism=MONGODB-OIDC&authMechanismProperties=ENVIRONMENT:gcp,TOKEN_RESOURCE:FIRESTORE',
      ),
    );
  },
});
