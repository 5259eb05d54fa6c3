/**
 * The fake's etcd: one global revision, every object's versions since the last compaction
 * (so a continue token can be served at its first page's revision) and the event history
 * watches replay from. Objects go in and out as deep copies.
 */
import { randomUUID } from 'node:crypto';
import { findKind, groupVersion, type KindInfo } from './kinds';

export interface ObjectMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  managedFields?: ManagedFieldsEntry[];
  [key: string]: unknown;
}

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreEvent {
  rev: number;
  type: EventType;
  info: KindInfo;
  /** `<namespace>/<name>` or `<name>`: the key inside the kind, which orders lists. */
  key: string;
  /** The new state; for DELETED the last state, with the deletion's resourceVersion. */
  object: KubeObject;
  /** The state before this event, or null when it was created. */
  prev: KubeObject | null;
}

interface Version {
  rev: number;
  object: KubeObject | null;
}

export type StoreListener = (event: StoreEvent) => void;

/** Kubernetes timestamps have second precision. */
export function kubeTime(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function objectKey(info: KindInfo, namespace: string | undefined, name: string): string {
  return info.namespaced ? `${namespace ?? ''}/${name}` : name;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Everything but metadata and status: a change here bumps metadata.generation. */
function specOf(object: KubeObject): string {
  const { metadata: _m, status: _s, ...rest } = object;
  return JSON.stringify(rest);
}

export class FakeStore {
  private rev = 1000;
  private compacted = 0;
  private readonly versions = new Map<string, Map<string, Version[]>>();
  private history: StoreEvent[] = [];
  private readonly listeners = new Set<StoreListener>();

  /** The current revision (the newest write). */
  get revision(): number {
    return this.rev;
  }

  /** Revisions at or below this one are gone: older continue tokens and watches get 410. */
  get compactedRevision(): number {
    return this.compacted;
  }

  /** Resolves `pods`, `Pod`, `po` or `deployments.apps`; throws for anything else. */
  kind(ref: string | KindInfo): KindInfo {
    if (typeof ref !== 'string') return ref;
    const info = findKind(ref);
    if (!info) throw new Error(`fake kube: unknown kind ${ref}`);
    return info;
  }

  get(ref: string | KindInfo, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.getAt(this.kind(ref), namespace, name, this.rev);
  }

  getAt(
    info: KindInfo,
    namespace: string | undefined,
    name: string,
    rev: number,
  ): KubeObject | undefined {
    const found = this.versionAt(info, objectKey(info, namespace, name), rev);
    return found ? clone(found) : undefined;
  }

  /** Current objects of a kind, in key order; `namespace` narrows a namespaced kind. */
  list(ref: string | KindInfo, namespace?: string): KubeObject[] {
    return this.snapshot(this.kind(ref), this.rev, namespace).map((e) => e.object);
  }

  /** Objects as they were at `rev` (which must not be compacted), in key order. */
  snapshot(info: KindInfo, rev: number, namespace?: string): { key: string; object: KubeObject }[] {
    const byKey = this.versions.get(info.resource);
    if (!byKey) return [];
    const keys = [...byKey.keys()].sort();
    const out: { key: string; object: KubeObject }[] = [];
    for (const key of keys) {
      if (namespace !== undefined && info.namespaced && !key.startsWith(`${namespace}/`)) continue;
      const object = this.versionAt(info, key, rev);
      if (object) out.push({ key, object: clone(object) });
    }
    return out;
  }

  hasNamespace(name: string): boolean {
    return this.get('namespaces', undefined, name) !== undefined;
  }

  /**
   * Creates or replaces an object as it is given (tests seed and mutate "as a controller"
   * with this). Sets uid, creationTimestamp, resourceVersion and generation; a namespaced
   * object needs an existing namespace.
   */
  put(input: KubeObject): KubeObject {
    const info = this.kindOfObject(input);
    const { name, namespace } = input.metadata;
    if (!name) throw new Error('fake kube: metadata.name is required');
    if (info.namespaced && !namespace)
      throw new Error(`fake kube: ${info.kind} ${name} needs a namespace`);
    if (info.namespaced && !this.hasNamespace(namespace!)) {
      throw new Error(`fake kube: namespace ${namespace} does not exist`);
    }
    const key = objectKey(info, namespace, name);
    const prev = this.versionAt(info, key, this.rev);
    const object = clone(input);
    object.apiVersion = groupVersion(info);
    object.kind = info.kind;
    if (!info.namespaced) delete object.metadata.namespace;
    if (info.kind === 'Secret') mergeStringData(object);
    const rev = ++this.rev;
    const meta = object.metadata;
    meta.uid = prev?.metadata.uid ?? meta.uid ?? randomUUID();
    meta.creationTimestamp =
      prev?.metadata.creationTimestamp ?? meta.creationTimestamp ?? kubeTime();
    meta.resourceVersion = String(rev);
    if (info.hasGeneration) {
      const before = prev?.metadata.generation ?? 0;
      meta.generation = !prev
        ? Math.max(1, meta.generation ?? 1)
        : specOf(prev) === specOf(object)
          ? before
          : before + 1;
    }
    this.record(info, key, rev, object, prev ?? null, prev ? 'MODIFIED' : 'ADDED');
    return clone(object);
  }

  /** Changes an object in place through `mutate` and stores it as a new revision. */
  update(
    ref: string | KindInfo,
    namespace: string | undefined,
    name: string,
    mutate: (o: KubeObject) => void,
  ): KubeObject {
    const info = this.kind(ref);
    const current = this.get(info, namespace, name);
    if (!current)
      throw new Error(`fake kube: ${info.resource} ${namespace ?? ''}/${name} not found`);
    mutate(current);
    return this.put(current);
  }

  /** A new resourceVersion with the same content: a MODIFIED event. */
  touch(ref: string | KindInfo, namespace: string | undefined, name: string): KubeObject {
    return this.update(ref, namespace, name, () => undefined);
  }

  /** Deletes an object; returns its last state (with the deletion's resourceVersion). */
  remove(
    ref: string | KindInfo,
    namespace: string | undefined,
    name: string,
  ): KubeObject | undefined {
    const info = this.kind(ref);
    const key = objectKey(info, namespace, name);
    const prev = this.versionAt(info, key, this.rev);
    if (!prev) return undefined;
    const rev = ++this.rev;
    const last = clone(prev);
    last.metadata.resourceVersion = String(rev);
    this.record(info, key, rev, null, prev, 'DELETED', last);
    return clone(last);
  }

  /** Forgets every revision up to now, like an etcd compaction. */
  compact(): void {
    this.compacted = this.rev;
    this.history = this.history.filter((e) => e.rev > this.compacted);
    for (const byKey of this.versions.values()) {
      for (const [key, list] of byKey) {
        const older = list.filter((v) => v.rev <= this.compacted);
        const kept = [...older.slice(-1), ...list.filter((v) => v.rev > this.compacted)];
        if (kept.length === 1 && kept[0]!.object === null) byKey.delete(key);
        else byKey.set(key, kept);
      }
    }
  }

  /** Events after `rev` (exclusive), oldest first. The caller checks compaction. */
  eventsSince(rev: number): StoreEvent[] {
    return this.history.filter((e) => e.rev > rev).map((e) => clone(e));
  }

  subscribe(listener: StoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  kindOfObject(object: KubeObject): KindInfo {
    const info = findKind(object.kind ?? '');
    if (!info || (object.apiVersion && object.apiVersion !== groupVersion(info))) {
      throw new Error(`fake kube: unknown kind ${object.apiVersion}/${object.kind}`);
    }
    return info;
  }

  private versionAt(info: KindInfo, key: string, rev: number): KubeObject | null {
    const list = this.versions.get(info.resource)?.get(key);
    if (!list) return null;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i]!.rev <= rev) return list[i]!.object;
    }
    return null;
  }

  private record(
    info: KindInfo,
    key: string,
    rev: number,
    object: KubeObject | null,
    prev: KubeObject | null,
    type: EventType,
    deleted?: KubeObject,
  ): void {
    let byKey = this.versions.get(info.resource);
    if (!byKey) this.versions.set(info.resource, (byKey = new Map<string, Version[]>()));
    const list = byKey.get(key) ?? [];
    list.push({ rev, object });
    byKey.set(key, list);
    const event: StoreEvent = { rev, type, info, key, object: (object ?? deleted)!, prev };
    this.history.push(event);
    for (const listener of [...this.listeners]) listener(clone(event));
  }
}

/**
 * A Secret's `stringData` is write-only: the apiserver merges it into `data` as base64 (its
 * keys win) and never stores or returns it.
 */
function mergeStringData(secret: KubeObject): void {
  const stringData = secret.stringData as Record<string, string> | undefined;
  if (!stringData) return;
  const data = { ...((secret.data as Record<string, string> | undefined) ?? {}) };
  for (const [key, value] of Object.entries(stringData)) {
    data[key] = Buffer.from(value, 'utf8').toString('base64');
  }
  secret.data = data;
  delete secret.stringData;
}
