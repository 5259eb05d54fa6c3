import type { TK8sKind, TK8sObject } from '@stratum/core/contract/k8s/cluster';
import type { TAttributeChange } from '@stratum/core/contract/drift/scans';
import type { TActualSide, TActualVerdict, TResourceRef } from '@stratum/core/drift/model';
import { compareManifest } from '@stratum/core/drift/k8s-compare';
import type { Db } from '../../db/database';

/** Kinds the Kubernetes adapter lists, by the `kind` a manifest names. */
const PLURAL: Record<string, TK8sKind> = {
  Pod: 'pods',
  Namespace: 'namespaces',
  Service: 'services',
  ConfigMap: 'configmaps',
  Secret: 'secrets',
  Deployment: 'deployments',
  StatefulSet: 'statefulsets',
  DaemonSet: 'daemonsets',
  ReplicaSet: 'replicasets',
  Job: 'jobs',
  CronJob: 'cronjobs',
  Ingress: 'ingresses',
};

/** Stratum's server-side applies are made as this field manager (the Kubernetes adapter's). */
const STRATUM_MANAGER = 'stratum';
/** Written by controllers on the object itself, not a change anyone made. */
const CONTROLLER_FIELDS: Record<string, string[][]> = {
  'kube-controller-manager': [['metadata', 'annotations', 'deployment.kubernetes.io/revision']],
};
const MAX_PAGES = 20;

/** A manifest Stratum applied to one object (the Kubernetes adapter keeps the newest). */
export interface AppliedManifest {
  kind: string;
  namespace: string | undefined;
  name: string;
  manifest: Record<string, unknown>;
}

/** What the Kubernetes adapter answers about a user's cluster. */
export interface ClusterLists {
  /** One page of a kind's objects. */
  listPage(
    userId: string,
    clusterId: string,
    kind: TK8sKind,
    continueToken: string | undefined,
  ): Promise<{ items: TK8sObject[]; continue: string | undefined }>;
  /** The manifests applied through Stratum (a Secret's values as digests). */
  appliedManifests(userId: string, clusterId: string): Promise<AppliedManifest[]>;
  /** The digest a kept Secret value is compared by, of a live value (base64). */
  secretDigest(base64: string): string;
}

interface Applied {
  apiVersion: string;
  kind: string;
  namespace: string | undefined;
  name: string;
}

interface ManagedEntry {
  manager?: string;
  operation?: string;
  subresource?: string;
  time?: string;
  fieldsV1?: Record<string, unknown>;
}

const addressOf = (o: Applied) => `${o.kind}/${o.namespace ? `${o.namespace}/` : ''}${o.name}`;

/** The objects the user applied to the cluster through Stratum (its audit trail), newest first. */
async function appliedObjects(db: Db, userId: string, clusterId: string): Promise<Applied[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['after'])
    .where('action', '=', 'k8s.apply')
    .where('target_type', '=', 'k8s_cluster')
    .where('target_id', '=', clusterId)
    .where('actor_id', '=', userId)
    .orderBy('at', 'desc')
    .limit(500)
    .execute();
  const seen = new Map<string, Applied>();
  for (const row of rows) {
    const objects = (row.after as { objects?: unknown } | null)?.objects;
    if (!Array.isArray(objects)) continue;
    for (const o of objects as Partial<Applied>[]) {
      if (typeof o.kind !== 'string' || typeof o.name !== 'string') continue;
      const applied: Applied = {
        apiVersion: typeof o.apiVersion === 'string' ? o.apiVersion : '',
        kind: o.kind,
        namespace: typeof o.namespace === 'string' ? o.namespace : undefined,
        name: o.name,
      };
      if (!seen.has(addressOf(applied))) seen.set(addressOf(applied), applied);
    }
  }
  return [...seen.values()];
}

/** Leaf field paths of a managedFields `fieldsV1` set (`f:spec` → `spec`; `k:`/`v:` kept as written). */
function fieldPaths(set: Record<string, unknown>, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  for (const [key, child] of Object.entries(set)) {
    if (key === '.') continue;
    const step = key.startsWith('f:') ? key.slice(2) : key;
    const children =
      child && typeof child === 'object' ? Object.keys(child).filter((k) => k !== '.') : [];
    if (children.length === 0) out.push([...prefix, step]);
    else out.push(...fieldPaths(child as Record<string, unknown>, [...prefix, step]));
  }
  return out;
}

function valueAt(object: unknown, path: readonly string[]): unknown {
  let node = object;
  for (const step of path) {
    if (
      node === null ||
      typeof node !== 'object' ||
      step.startsWith('k:') ||
      step.startsWith('v:')
    ) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

const isControllerField = (manager: string, path: readonly string[]) =>
  (CONTROLLER_FIELDS[manager] ?? []).some(
    (p) => p.length === path.length && p.every((s, i) => s === path[i]),
  );

/**
 * The live objects Stratum applied to a cluster, against what it applied: an object that is gone
 * is `missing`. An object whose manifest Stratum kept is compared with it field by field (core's
 * `compareManifest`: only the fields the manifest sets, defaults and status never count), and the
 * field managers that wrote since are named. An object applied before manifests were kept is
 * judged from managedFields alone: the fields another manager has written since (kubectl edit,
 * scale, a client-side apply), with their live values but without the value applied. Kinds the
 * adapter does not list are not checked.
 */
export async function readK8s(
  db: Db,
  lists: ClusterLists,
  userId: string,
  clusterId: string,
): Promise<TActualSide> {
  const kept = (await lists.appliedManifests(userId, clusterId)).map((m) => ({
    ...m,
    apiVersion: typeof m.manifest.apiVersion === 'string' ? m.manifest.apiVersion : '',
  }));
  const manifests = new Map(kept.map((m) => [addressOf(m), m.manifest]));
  const audited = await appliedObjects(db, userId, clusterId);
  const applied: Applied[] = [
    ...kept.map(({ apiVersion, kind, namespace, name }) => ({ apiVersion, kind, namespace, name })),
    ...audited.filter((a) => !manifests.has(addressOf(a))),
  ];
  // Nothing applied: still say first whether the cluster is the user's and answers.
  if (applied.length === 0) await lists.listPage(userId, clusterId, 'namespaces', undefined);
  const kinds = [...new Set(applied.map((a) => PLURAL[a.kind]).filter((k) => k !== undefined))];
  const live = new Map<string, TK8sObject>();
  for (const kind of kinds) {
    let token: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await lists.listPage(userId, clusterId, kind, token);
      for (const item of answer.items) {
        const meta = (item.metadata ?? {}) as { name?: string; namespace?: string };
        if (typeof item.kind === 'string' && meta.name) {
          live.set(
            addressOf({
              apiVersion: '',
              kind: item.kind,
              namespace: meta.namespace,
              name: meta.name,
            }),
            item,
          );
        }
      }
      token = answer.continue;
      if (!token) break;
    }
  }
  const verdicts: TActualVerdict[] = [];
  const inSync: TResourceRef[] = [];
  const notChecked: TResourceRef[] = [];
  for (const a of applied) {
    const address = addressOf(a);
    const ref = { address, type: a.kind, id: address };
    if (!PLURAL[a.kind]) {
      notChecked.push(ref);
      continue;
    }
    const base = {
      address,
      id: address,
      resourceType: a.kind,
      blastRadius: null,
      recommendation: null,
      previousAddress: null,
      isAddressSuggested: false,
    };
    const object = live.get(address);
    if (!object) {
      verdicts.push({ ...base, status: 'missing', attributes: [], reason: null });
      continue;
    }
    const written = writtenSince(object);
    const manifest = manifests.get(address);
    const attributes = manifest
      ? compareManifest(manifest, object, {
          secretDigest: (base64) => lists.secretDigest(base64),
        })
      : written.attributes;
    if (attributes.length === 0) {
      inSync.push(ref);
      continue;
    }
    const by = [...written.managers].sort().join(', ');
    verdicts.push({
      ...base,
      status: 'changed',
      attributes,
      reason: by
        ? `Changed by ${by} after Stratum applied it.`
        : 'The live object no longer matches what Stratum applied.',
    });
  }
  return {
    readTypes: [],
    read: [],
    verdicts,
    inSync,
    notChecked,
    noise: {},
    planActions: [],
    warnings: [],
  };
}

/** The fields other field managers have written since Stratum's apply (from managedFields). */
function writtenSince(object: TK8sObject): {
  attributes: TAttributeChange[];
  managers: Set<string>;
} {
  const entries =
    (object.metadata as { managedFields?: ManagedEntry[] } | undefined)?.managedFields ?? [];
  const attributes: TAttributeChange[] = [];
  const managers = new Set<string>();
  for (const entry of entries) {
    const manager = entry.manager ?? 'unknown';
    if (manager === STRATUM_MANAGER || entry.operation !== 'Update' || entry.subresource) continue;
    for (const path of fieldPaths(entry.fieldsV1 ?? {})) {
      if (isControllerField(manager, path)) continue;
      managers.add(manager);
      attributes.push({ path, before: undefined, after: valueAt(object, path) });
    }
  }
  return { attributes, managers };
}
