/**
 * The Google Cloud APIs a configuration calls, from the Terraform types it declares, and the
 * service agents it grants roles to. A new project has most APIs off (the first resource of one
 * fails with SERVICE_DISABLED), and Google creates several service agents only on first use (a
 * grant to one that does not exist yet fails): the generated README says what to run first.
 */

/**
 * Terraform type → the APIs creating it calls. A key ending in `_` is a prefix, any other an
 * exact type; the longest key that matches wins. Every type the catalog emits has one
 * (apis.test.ts).
 */
export const GCP_APIS: Readonly<Record<string, readonly string[]>> = {
  google_artifact_registry_: ['artifactregistry.googleapis.com'],
  google_access_context_manager_: ['accesscontextmanager.googleapis.com'],
  google_backup_dr_: ['backupdr.googleapis.com'],
  google_bigquery_: ['bigquery.googleapis.com'],
  google_bigtable_: ['bigtableadmin.googleapis.com'],
  google_billing_budget: ['billingbudgets.googleapis.com'],
  google_cloud_identity_: ['cloudidentity.googleapis.com'],
  google_cloud_run_: ['run.googleapis.com'],
  google_cloud_scheduler_: ['cloudscheduler.googleapis.com'],
  google_cloud_tasks_: ['cloudtasks.googleapis.com'],
  google_cloudbuild_: ['cloudbuild.googleapis.com'],
  // 2nd gen: Cloud Build builds the source into an image in Artifact Registry, run on Cloud Run.
  google_cloudfunctions2_: [
    'cloudfunctions.googleapis.com',
    'cloudbuild.googleapis.com',
    'artifactregistry.googleapis.com',
    'run.googleapis.com',
  ],
  google_compute_: ['compute.googleapis.com'],
  google_container_: ['container.googleapis.com'],
  google_dns_: ['dns.googleapis.com'],
  google_eventarc_: ['eventarc.googleapis.com'],
  // Publishers send to a bus through the Eventarc Publishing API, a service of its own
  // ("Publish events directly": enable eventarc and eventarcpublishing).
  google_eventarc_message_bus: ['eventarc.googleapis.com', 'eventarcpublishing.googleapis.com'],
  google_filestore_: ['file.googleapis.com'],
  google_firebase_: ['firebase.googleapis.com'],
  google_firestore_: ['firestore.googleapis.com'],
  google_iap_: ['iap.googleapis.com'],
  google_identity_platform_: ['identitytoolkit.googleapis.com'],
  google_kms_: ['cloudkms.googleapis.com'],
  google_logging_: ['logging.googleapis.com'],
  google_managed_kafka_: ['managedkafka.googleapis.com'],
  google_monitoring_: ['monitoring.googleapis.com'],
  google_org_policy_: ['orgpolicy.googleapis.com'],
  google_project: ['cloudresourcemanager.googleapis.com'],
  google_project_iam_: ['cloudresourcemanager.googleapis.com'],
  google_pubsub_: ['pubsub.googleapis.com'],
  google_redis_: ['redis.googleapis.com'],
  google_secret_manager_: ['secretmanager.googleapis.com'],
  google_service_account: ['iam.googleapis.com'],
  google_service_account_: ['iam.googleapis.com'],
  google_service_networking_: ['servicenetworking.googleapis.com'],
  google_spanner_: ['spanner.googleapis.com'],
  google_sql_: ['sqladmin.googleapis.com'],
  google_storage_: ['storage.googleapis.com'],
  // Executions are started through the Workflow Executions API, a service of its own: a
  // scheduler job, a client or a workflow running another calls it.
  google_workflows_: ['workflows.googleapis.com', 'workflowexecutions.googleapis.com'],
};

/** Arguments that make a resource call one API more: a function's event trigger is Eventarc's. */
const ARGUMENT_APIS: readonly (readonly [type: string, argument: string, api: string])[] = [
  ['google_cloudfunctions2_function', 'event_trigger', 'eventarc.googleapis.com'],
];

/**
 * Service agent (`service-<number>@<agent>.iam.gserviceaccount.com`) → the service whose agent
 * it is, as `gcloud beta services identity create --service=…` names it (Bigtable's agent is
 * created for its admin API).
 */
export const GCP_SERVICE_AGENTS: Readonly<Record<string, string>> = {
  'gcp-sa-bigtable': 'bigtableadmin.googleapis.com',
  'gcp-sa-eventarc': 'eventarc.googleapis.com',
  'gcp-sa-firestore': 'firestore.googleapis.com',
  'gcp-sa-monitoring-notification': 'monitoring.googleapis.com',
  'gcp-sa-pubsub': 'pubsub.googleapis.com',
  'gcp-sa-spanner': 'spanner.googleapis.com',
  'gcp-sa-workflows': 'workflows.googleapis.com',
};

/** The APIs of one Terraform type, or undefined when the table does not know it. */
export function apisOfType(type: string): readonly string[] | undefined {
  let best: string | undefined;
  for (const key of Object.keys(GCP_APIS)) {
    const matches = key.endsWith('_') ? type.startsWith(key) : type === key;
    if (matches && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : GCP_APIS[best];
}

export interface TGcpResource {
  readonly type: string;
  readonly name?: string;
  readonly body: unknown;
}

export interface TGcpPrerequisites {
  /** APIs to enable, sorted. */
  readonly apis: readonly string[];
  /** Types of the provider no API is known for (generic resources): named for the reader. */
  readonly unknownTypes: readonly string[];
  /** Services whose agents the code grants roles to, sorted. */
  readonly agents: readonly string[];
}

/** Every string in a resource body (template parts included). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

const AGENT = /@(gcp-sa-[a-z0-9-]+)\.iam\.gserviceaccount\.com/g;

/** What a Google Cloud configuration of these resources (data sources included) needs first. */
export function gcpPrerequisites(resources: readonly TGcpResource[]): TGcpPrerequisites {
  const apis = new Set<string>();
  const unknown = new Set<string>();
  const agents = new Set<string>();
  for (const r of resources) {
    if (!r.type.startsWith('google_')) continue;
    const known = apisOfType(r.type);
    if (known) for (const api of known) apis.add(api);
    else unknown.add(r.type);
    const body = (r.body ?? {}) as Record<string, unknown>;
    for (const [type, argument, api] of ARGUMENT_APIS)
      if (r.type === type && body[argument] !== undefined) apis.add(api);
    for (const text of strings(r.body))
      for (const [, agent] of text.matchAll(AGENT)) {
        const service = agent ? GCP_SERVICE_AGENTS[agent] : undefined;
        if (service) agents.add(service);
      }
  }
  return {
    apis: [...apis].sort(),
    unknownTypes: [...unknown].sort(),
    agents: [...agents].sort(),
  };
}
