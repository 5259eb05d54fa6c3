import { defineService } from '../service';
import { enumProp, listProp, numProp } from '../properties';
import { block, ref, tfVar, tpl } from '../../ir/terraform-ir';
import { allowPull, grantData, grantInvoke } from './shared';

/** Google Cloud security: Cloud KMS keys, Secret Manager secrets, service accounts. */

export const gcpKms = defineService({
  id: 'gcp.cloud-kms',
  cloud: 'gcp',
  kind: 'kms',
  name: 'Cloud KMS key',
  category: 'security',
  description:
    'Key ring and symmetric encryption key with automatic rotation (key rings and key versions are never deleted by Google Cloud; destroying schedules destruction).',
  icon: 'gcp-cloud-kms',
  properties: [
    enumProp(
      'rotation',
      'Rotation period',
      ['2592000s', '7776000s', '15552000s', '31536000s'],
      '7776000s',
    ),
    enumProp('protectionLevel', 'Protection level', ['SOFTWARE', 'HSM'], 'SOFTWARE'),
    numProp('deletionWindow', 'Destroy scheduled after (days)', 30, 1, 120),
  ],
  placement: 'none',
  naming: { rule: 'gcp-kms', abbreviation: 'kms' },
  emits: { terraform: ['google_kms_crypto_key', 'google_kms_key_ring'] },
  terraform: (ctx) => {
    const ring = ctx.resource('google_kms_key_ring', ctx.node.local, {
      name: ctx.name(),
      location: tfVar('region'),
    });
    const key = ctx.resource('google_kms_crypto_key', ctx.node.local, {
      name: ctx.name('key'),
      key_ring: ref(ring.address, 'id'),
      purpose: 'ENCRYPT_DECRYPT',
      rotation_period: ctx.prop('rotation'),
      destroy_scheduled_duration: ctx.prop('deletionWindow', (v) => `${Number(v) * 86400}s`),
      labels: ctx.tags(),
      version_template: block({
        algorithm: 'GOOGLE_SYMMETRIC_ENCRYPTION',
        protection_level: ctx.prop('protectionLevel'),
      }),
      lifecycle: block({ prevent_destroy: true }),
    });
    ctx.output('key_id', `Id of key ${ctx.node.name}`, ref(key.address, 'id'));
  },
});

export const gcpSecret = defineService({
  id: 'gcp.secret-manager',
  cloud: 'gcp',
  kind: 'secret',
  name: 'Secret Manager secret',
  category: 'security',
  description:
    'Secret replicated in the design’s region (user-managed); its value comes from a sensitive variable.',
  icon: 'gcp-secret-manager',
  properties: [],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'sec' },
  emits: { terraform: ['google_secret_manager_secret', 'google_secret_manager_secret_version'] },
  terraform: (ctx) => {
    const secret = ctx.resource('google_secret_manager_secret', ctx.node.local, {
      secret_id: ctx.name(),
      labels: ctx.tags(),
      replication: block({
        user_managed: block({ replicas: block({ location: tfVar('region') }) }),
      }),
    });
    ctx.resource('google_secret_manager_secret_version', ctx.node.local, {
      secret: ref(secret.address, 'id'),
      // Write-only: the value never enters the state (policy no-secret-in-state); raise the
      // version to rotate it.
      secret_data_wo: ctx.variable({
        name: `${ctx.node.local}_value`,
        type: 'string',
        description: `Value of secret ${ctx.node.name}.`,
        sensitive: true,
      }),
      secret_data_wo_version: 1,
    });
    ctx.output('secret', `Secret ${ctx.node.name}`, ref(secret.address, 'id'));
  },
});

export const gcpServiceAccount = defineService({
  id: 'gcp.service-account',
  cloud: 'gcp',
  kind: 'identity',
  name: 'Service account',
  category: 'security',
  description:
    'Service account with project roles and access to the stores it connects to (the identity of jobs and CI).',
  icon: 'gcp-iam',
  properties: [
    listProp('roles', 'Project roles', ['roles/monitoring.viewer']),
    enumProp(
      'registryAccess',
      'Artifact Registry access',
      ['reader', 'writer'],
      'reader',
      'What a connected repository grants: reader pulls images; writer also pushes them (a CI account that builds and publishes).',
    ),
  ],
  placement: 'none',
  naming: { rule: 'gcp-service-account', abbreviation: 'sa' },
  emits: { terraform: ['google_service_account', 'google_project_iam_member'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const sa = ctx.resource('google_service_account', local, {
      account_id: ctx.name(),
      display_name: `Stratum ${ctx.node.name}`,
    });
    const member = tpl('serviceAccount:', ref(sa.address, 'email'));
    for (const role of ctx.value<string[]>('roles')) {
      ctx.resource(
        'google_project_iam_member',
        `${local}_${role.replace(/^roles\//, '').replace(/[^A-Za-z0-9]+/g, '_')}`,
        { project: tfVar('project_id'), role, member },
      );
    }
    grantData(ctx, ref(sa.address, 'email'), ['container-registry']);
    for (const { node: t } of ctx.outgoing('data')) {
      if (t.service.kind === 'container-registry')
        allowPull(
          ctx,
          t,
          member,
          `${local}_to_${t.local}`,
          ctx.value('registryAccess') === 'writer' ? 'writer' : 'reader',
        );
    }
    grantInvoke(ctx, ref(sa.address, 'email'));
    ctx.output('email', `Email of ${ctx.node.name}`, ref(sa.address, 'email'));
  },
});
