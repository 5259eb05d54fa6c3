import type { TNode, TTfBuildContext } from '../service';
import { isSender } from '../senders';
import { ref, tfVar, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { isOpenToAll } from './serverless-ingress';
import { sqlPasswordSecretRef } from './sql-password';
import { allowSubscribe, pullSubscriptionRef, pulledTopics } from './topic-pull';

/** Helpers every Google Cloud service file shares: networks, service accounts, IAM. */
export const gcpNetworkRef = (ctx: TTfBuildContext, attr = 'id') =>
  ref(ctx.address(ctx.network()!, 'google_compute_network'), attr);
export const gcpSubnetRef = (ctx: TTfBuildContext, subnet: TNode, attr = 'id') =>
  ref(ctx.address(subnet, 'google_compute_subnetwork'), attr);

/** The network a node sits in (through its subnet, or directly). */
export function networkOf(ctx: TTfBuildContext, node: TNode): TNode | undefined {
  let current: TNode | undefined = node;
  for (let i = 0; current && i < 4; i++) {
    if (current.service.kind === 'network') return current;
    current = ctx.lookup(current.parent);
  }
  return undefined;
}

/** The node's first emitted resource type: `google_compute_instance.<local>`. */
export const primaryRef = (ctx: TTfBuildContext, node: TNode, attr: string): TTfRef =>
  ref(ctx.address(node, node.service.emits.terraform[0] ?? ''), attr);

/** The Secret Manager secret holding a Memorystore instance's AUTH string for its clients. */
export const redisAuthSecret = (local: string): string => `${local}_auth`;

export const redisAuthSecretRef = (ctx: TTfBuildContext, redis: TNode, attr: string): TTfRef =>
  ref(ctx.address(redis, 'google_secret_manager_secret', '_auth'), attr);

/** Zone `<region>-<suffix>` of zonal resources. */
export const zoneOf = (suffix: string): TTfValue => tpl(tfVar('region'), `-${suffix}`);

/** Network tags of a component: one per firewall component attached to it. */
export const firewallTags = (ctx: TTfBuildContext): string[] =>
  ctx
    .outgoing('placement')
    .filter((e) => e.node.service.kind === 'security-group')
    .map((e) => e.node.name);

/** A dedicated service account for a workload (never the default compute account). */
export function serviceAccount(ctx: TTfBuildContext, suffix: string): TTfRef {
  return ctx.resource('google_service_account', `${ctx.node.local}${suffix ? `_${suffix}` : ''}`, {
    account_id: ctx.name(suffix || 'sa', 'gcp-service-account'),
    display_name: `Stratum ${ctx.node.name} ${suffix}`.trim(),
  });
}

/**
 * Private services access: one reserved range and one peering per network, shared by the
 * Cloud SQL and Memorystore instances of that network. Returns the peering's address.
 */
export function privateServicesAccess(ctx: TTfBuildContext): string {
  const network = ctx.network()!;
  const range = ctx.shared('google_compute_global_address', `${network.local}_private_services`, {
    name: ctx.nameOf(network, 'psa', 'gcp-rfc1035'),
    purpose: 'VPC_PEERING',
    address_type: 'INTERNAL',
    prefix_length: 16,
    network: gcpNetworkRef(ctx),
  });
  return ctx.shared('google_service_networking_connection', `${network.local}_private_services`, {
    network: gcpNetworkRef(ctx),
    service: 'servicenetworking.googleapis.com',
    reserved_peering_ranges: [ref(range.address, 'name')],
  }).address;
}

/** Grants `email` the right to invoke a Cloud Run service or function (2nd gen runs on Cloud Run). */
export function allowInvoke(ctx: TTfBuildContext, t: TNode, email: TTfRef): void {
  ctx.resource('google_cloud_run_v2_service_iam_member', `${ctx.node.local}_${t.local}_invoker`, {
    name: primaryRef(ctx, t, 'name'),
    location: tfVar('region'),
    role: 'roles/run.invoker',
    member: tpl('serviceAccount:', email),
  });
}

/**
 * Traffic to a Cloud Run service or a function that is not public is refused with 403 unless
 * the caller's service account holds roles/run.invoker on it.
 * https://cloud.google.com/run/docs/authenticating/service-to-service
 */
export function grantInvoke(ctx: TTfBuildContext, email: TTfRef): void {
  for (const t of invokeTargets(ctx)) allowInvoke(ctx, t, email);
}

/** The Cloud Run services and functions the node calls that check the caller's identity. */
export const invokeTargets = (ctx: TTfBuildContext): TNode[] =>
  ctx
    .outgoing('traffic')
    .map((e) => e.node)
    .filter((t) => ['serverless-container', 'function'].includes(t.service.kind))
    .filter((t) => !isOpenToAll(ctx, t));

/**
 * Lets `member` pull images from an Artifact Registry repository (reader on that repository), or
 * also push them (writer: a CI account that builds and publishes).
 */
export function allowPull(
  ctx: TTfBuildContext,
  t: TNode,
  member: TTfValue,
  local: string,
  role: 'reader' | 'writer' = 'reader',
): void {
  ctx.resource('google_artifact_registry_repository_iam_member', local, {
    repository: primaryRef(ctx, t, 'name'),
    location: primaryRef(ctx, t, 'location'),
    role: `roles/artifactregistry.${role}`,
    member,
  });
}

/**
 * Data connections become IAM grants to the workload's service account, on the target itself
 * where the service has resource-level IAM, else on the project (least privilege roles); so
 * does a topic's delivery to it by pull subscription (topic-pull.ts).
 */
export function grantData(
  ctx: TTfBuildContext,
  email: TTfRef,
  /** Kinds another account is granted for (a GKE cluster's nodes pull its images). */
  except: readonly string[] = [],
): void {
  const member = tpl('serviceAccount:', email);
  const project = tfVar('project_id');
  for (const edge of ctx.outgoing('data')) {
    const t = edge.node;
    if (except.includes(t.service.kind)) continue;
    const local = `${ctx.node.local}_to_${t.local}`;
    const onProject = (role: string, suffix = '') =>
      ctx.resource('google_project_iam_member', `${local}${suffix}`, { project, role, member });
    switch (t.service.kind) {
      case 'object-storage':
        ctx.resource('google_storage_bucket_iam_member', local, {
          bucket: primaryRef(ctx, t, 'name'),
          role: 'roles/storage.objectUser',
          member,
        });
        break;
      case 'secret':
        ctx.resource('google_secret_manager_secret_iam_member', local, {
          secret_id: primaryRef(ctx, t, 'secret_id'),
          role: 'roles/secretmanager.secretAccessor',
          member,
        });
        break;
      case 'cache':
        // Memorystore for Redis: AUTH is on, its string kept in a secret for the clients.
        ctx.resource('google_secret_manager_secret_iam_member', local, {
          secret_id: redisAuthSecretRef(ctx, t, 'secret_id'),
          role: 'roles/secretmanager.secretAccessor',
          member,
        });
        break;
      case 'topic':
        ctx.resource('google_pubsub_topic_iam_member', local, {
          topic: primaryRef(ctx, t, 'name'),
          role: 'roles/pubsub.publisher',
          member,
        });
        break;
      case 'queue':
        ctx.resource('google_pubsub_topic_iam_member', local, {
          topic: primaryRef(ctx, t, 'name'),
          role: 'roles/pubsub.publisher',
          member,
        });
        // A sender (senders.ts) only publishes: consuming would take its readers' messages.
        if (!isSender(t, ctx.node))
          allowSubscribe(
            ctx,
            local,
            ref(ctx.address(t, 'google_pubsub_subscription'), 'name'),
            member,
          );
        break;
      case 'kms':
        ctx.resource('google_kms_crypto_key_iam_member', local, {
          crypto_key_id: ref(ctx.address(t, 'google_kms_crypto_key'), 'id'),
          role: 'roles/cloudkms.cryptoKeyEncrypterDecrypter',
          member,
        });
        break;
      case 'postgresql':
      case 'mysql':
      case 'sqlserver':
        ctx.shared('google_project_iam_member', `${ctx.node.local}_cloudsql_client`, {
          project,
          role: 'roles/cloudsql.client',
          member,
        });
        // The user's password, kept in a secret for the instance's clients (sql-password.ts).
        ctx.resource('google_secret_manager_secret_iam_member', local, {
          secret_id: sqlPasswordSecretRef(ctx, t, 'secret_id'),
          role: 'roles/secretmanager.secretAccessor',
          member,
        });
        break;
      case 'nosql':
        onProject('roles/datastore.user');
        break;
      case 'document-db':
        // Firestore has no IAM on one database: the same project role as a Firestore
        // connection, granted once when the workload has both.
        if (!ctx.outgoing('data').some((e) => e.node.service.kind === 'nosql'))
          ctx.shared('google_project_iam_member', `${ctx.node.local}_datastore_user`, {
            project,
            role: 'roles/datastore.user',
            member,
          });
        break;
      case 'event-bus':
        onProject('roles/eventarc.messageBusUser');
        break;
      case 'log-group':
        ctx.shared('google_project_iam_member', `${ctx.node.local}_log_writer`, {
          project,
          role: 'roles/logging.logWriter',
          member,
        });
        break;
      case 'data-warehouse':
        ctx.resource('google_bigquery_dataset_iam_member', local, {
          dataset_id: primaryRef(ctx, t, 'dataset_id'),
          role: 'roles/bigquery.dataEditor',
          member,
        });
        // Queries run as jobs in the project: reading a dataset needs both roles.
        ctx.shared('google_project_iam_member', `${ctx.node.local}_bigquery_jobs`, {
          project,
          role: 'roles/bigquery.jobUser',
          member,
        });
        break;
      case 'distributed-sql':
        ctx.resource('google_spanner_database_iam_member', local, {
          instance: ref(ctx.address(t, 'google_spanner_instance'), 'name'),
          database: ref(ctx.address(t, 'google_spanner_database'), 'name'),
          role: 'roles/spanner.databaseUser',
          member,
        });
        break;
      case 'wide-column':
        ctx.resource('google_bigtable_instance_iam_member', local, {
          instance: ref(ctx.address(t, 'google_bigtable_instance'), 'name'),
          role: 'roles/bigtable.user',
          member,
        });
        break;
      case 'task-queue': {
        ctx.resource('google_cloud_tasks_queue_iam_member', local, {
          name: primaryRef(ctx, t, 'name'),
          location: tfVar('region'),
          role: 'roles/cloudtasks.enqueuer',
          member,
        });
        // Tasks carry an OIDC token of the queue's dispatch account: who enqueues acts as it.
        const dispatches = ctx
          .outgoingOf(t, 'traffic')
          .some((e) => ['serverless-container', 'function'].includes(e.node.service.kind));
        if (dispatches) {
          ctx.resource('google_service_account_iam_member', `${local}_act_as`, {
            service_account_id: ref(ctx.address(t, 'google_service_account', '_dispatch'), 'name'),
            role: 'roles/iam.serviceAccountUser',
            member,
          });
        }
        break;
      }
      case 'kafka':
        onProject('roles/managedkafka.client');
        break;
      case 'workflow':
        // Workflows has no IAM on a single workflow: invoker on the project starts executions.
        ctx.shared('google_project_iam_member', `${ctx.node.local}_workflows_invoker`, {
          project,
          role: 'roles/workflows.invoker',
          member,
        });
        break;
      case 'container-registry':
        // A VM or instance group pulls as its own account; Cloud Run as its service agent,
        // which reads repositories of its project without a grant.
        allowPull(ctx, t, member, local);
        break;
      default:
        break;
    }
  }
  // A topic that delivers to the workload does so on a pull subscription of its own.
  for (const topic of pulledTopics(ctx))
    allowSubscribe(
      ctx,
      `${ctx.node.local}_from_${topic.local}`,
      pullSubscriptionRef(ctx, topic, 'name'),
      member,
    );
}
