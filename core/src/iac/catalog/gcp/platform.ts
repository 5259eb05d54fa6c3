import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { block, call, obj, ref, tfVar, tpl } from '../../ir/terraform-ir';
import { connectionEnv } from './connection-env';
import { functionBuildAccount } from './function-build';
import { grantData, grantInvoke, serviceAccount } from './shared';
import { allowAllInvokers } from './serverless-ingress';
import { triggerQueue } from './queue-push';
import { packagePath, packageVariable } from '../code-packages';

/** Google Cloud serverless platform: Artifact Registry repositories and Cloud Run functions. */
export const gcpArtifactRegistry = defineService({
  id: 'gcp.artifact-registry',
  cloud: 'gcp',
  kind: 'container-registry',
  name: 'Artifact Registry repository',
  category: 'containers',
  description:
    'Regional repository (Docker images by default) with immutable tags and a cleanup policy for untagged versions.',
  icon: 'gcp-artifact-registry',
  properties: [
    enumProp(
      'format',
      'Format',
      ['DOCKER', 'NPM', 'PYTHON', 'MAVEN', 'GO', 'APT', 'YUM'],
      'DOCKER',
    ),
    enumProp('tagMutability', 'Tag mutability (Docker)', ['IMMUTABLE', 'MUTABLE'], 'IMMUTABLE'),
    numProp('untaggedDays', 'Delete untagged after (days)', 30, 1, 3650),
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'gar' },
  emits: { terraform: ['google_artifact_registry_repository'] },
  terraform: (ctx) => {
    const isDocker = ctx.value('format') === 'DOCKER';
    const repo = ctx.resource('google_artifact_registry_repository', ctx.node.local, {
      repository_id: ctx.name(),
      location: tfVar('region'),
      format: ctx.value('format'),
      description: `Repository ${ctx.node.name}`,
      labels: ctx.tags(),
      ...(isDocker
        ? {
            docker_config: block({
              immutable_tags: ctx.prop('tagMutability', (v) => v === 'IMMUTABLE'),
            }),
          }
        : {}),
      cleanup_policies: block({
        id: 'delete-untagged',
        action: 'DELETE',
        condition: block({
          tag_state: 'UNTAGGED',
          older_than: ctx.prop('untaggedDays', (v) => `${Number(v) * 86400}s`),
        }),
      }),
    });
    ctx.output(
      'repository',
      `Repository ${ctx.node.name}`,
      tpl(
        ref(repo.address, 'location'),
        '-docker.pkg.dev/',
        ref(repo.address, 'project'),
        '/',
        ref(repo.address, 'repository_id'),
      ),
    );
  },
});

export const gcpCloudFunction = defineService({
  id: 'gcp.cloud-function',
  cloud: 'gcp',
  kind: 'function',
  name: 'Cloud Run function',
  category: 'functions',
  description:
    "Cloud Functions (2nd gen) from a zip in a source bucket, with its own service account; the queue it is connected to pushes its messages to it, with the queue's dead-letter topic.",
  icon: 'gcp-cloud-functions',
  properties: [
    enumProp(
      'runtime',
      'Runtime',
      ['nodejs22', 'nodejs20', 'python313', 'python312', 'go123', 'java21', 'dotnet8'],
      'nodejs22',
    ),
    strProp('handler', 'Entry point', 'handler'),
    numProp('memory', 'Memory (MB)', 256, 128, 4096),
    numProp('timeout', 'Timeout (s)', 60, 1, 540),
    numProp('maxInstances', 'Maximum instances', 100, 1, 1000),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'fn' },
  emits: {
    terraform: [
      'google_cloudfunctions2_function',
      'google_service_account',
      'google_storage_bucket',
      'google_storage_bucket_object',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const sa = serviceAccount(ctx, '');
    const build = functionBuildAccount(ctx);
    grantData(ctx, ref(sa.address, 'email'));
    grantInvoke(ctx, ref(sa.address, 'email'));
    const env = connectionEnv(ctx);
    const sources = ctx.shared('google_storage_bucket', 'function_sources', {
      name: tpl(tfVar('project_id'), '-', ctx.designName('fn-src', 'gcp-bucket')),
      location: tfVar('region'),
      uniform_bucket_level_access: true,
      public_access_prevention: 'enforced',
      labels: ctx.tags(),
    });
    const pkg = ctx.variable({
      name: packageVariable(ctx.node),
      type: 'string',
      description: `Path of the source archive (.zip) of ${ctx.node.name}.`,
      default: packagePath(ctx.node),
    });
    const object = ctx.resource('google_storage_bucket_object', local, {
      name: tpl(`${ctx.node.name}-`, call('filemd5', pkg), '.zip'),
      bucket: ref(sources.address, 'name'),
      source: pkg,
    });
    const queue = triggerQueue(ctx, ctx.node);
    const fn = ctx.resource(
      'google_cloudfunctions2_function',
      local,
      {
        name: ctx.name(),
        location: tfVar('region'),
        labels: ctx.tags(),
        build_config: block({
          runtime: ctx.prop('runtime'),
          entry_point: ctx.prop('handler'),
          service_account: build.account,
          source: block({
            storage_source: block({
              bucket: ref(sources.address, 'name'),
              object: ref(object.address, 'name'),
            }),
          }),
        }),
        service_config: block({
          available_memory: ctx.prop('memory', (v) => `${Number(v)}M`),
          timeout_seconds: ctx.prop('timeout'),
          max_instance_count: ctx.prop('maxInstances'),
          ingress_settings: 'ALLOW_INTERNAL_AND_GCLB',
          all_traffic_on_latest_revision: true,
          service_account_email: ref(sa.address, 'email'),
          ...(Object.keys(env).length > 0 ? { environment_variables: obj(env) } : {}),
        }),
      },
      [build.grant],
    );
    allowAllInvokers(ctx);
    if (queue) {
      // The queue's push subscription to it (queue-push.ts) invokes it as its service account.
      ctx.resource('google_cloud_run_v2_service_iam_member', `${local}_trigger`, {
        name: ref(fn.address, 'name'),
        location: tfVar('region'),
        role: 'roles/run.invoker',
        member: tpl('serviceAccount:', ref(sa.address, 'email')),
      });
    }
    ctx.output('uri', `URL of ${ctx.node.name}`, ref(fn.address, 'url'));
  },
});
