/**
 * Field knowledge from @kubernetes/client-node's generated models (its OpenAPI input is the
 * release-1.36 swagger, shared/k8s/README.md source A): which fields exist, their types, and
 * the list-map keys of shared/k8s/openapi-subset.json's `x-kubernetes-list-map-keys`.
 */
import * as k8s from '@kubernetes/client-node';

interface Attribute {
  baseName: string;
  type: string;
}

type ModelClass = { getAttributeTypeMap(): Attribute[] };

const models = k8s as unknown as Record<string, ModelClass | undefined>;

/** List-map keys per item model (x-kubernetes-list-type: map). */
const LIST_MAP_KEYS: Record<string, string[]> = {
  V1Container: ['name'],
  V1EphemeralContainer: ['name'],
  V1ContainerPort: ['containerPort', 'protocol'],
  V1ServicePort: ['port', 'protocol'],
  V1EnvVar: ['name'],
  V1Volume: ['name'],
  V1VolumeMount: ['mountPath'],
  V1VolumeDevice: ['devicePath'],
  V1LocalObjectReference: ['name'],
  V1OwnerReference: ['uid'],
  V1HostAlias: ['ip'],
  V1PodIP: ['ip'],
  V1PodResourceClaim: ['name'],
  V1PodSchedulingGate: ['name'],
  V1TopologySpreadConstraint: ['topologyKey', 'whenUnsatisfiable'],
  V1Condition: ['type'],
  V1PodCondition: ['type'],
  V1NamespaceCondition: ['type'],
  V1DeploymentCondition: ['type'],
  V1ReplicaSetCondition: ['type'],
  V1StatefulSetCondition: ['type'],
  V1DaemonSetCondition: ['type'],
};

/** Keys defaulted by the server before list-map items are matched. */
const KEY_DEFAULTS: Record<string, unknown> = { protocol: 'TCP' };

/** Structs the schema marks `x-kubernetes-map-type: atomic`: owned and replaced whole. */
const ATOMIC = new Set(['V1LabelSelector']);

export type TypeRef =
  | { t: 'model'; name: string }
  | { t: 'map'; of: TypeRef }
  | { t: 'list'; of: TypeRef }
  | { t: 'scalar'; name: string };

export function parseType(type: string): TypeRef {
  const list = /^Array<(.+)>$/.exec(type);
  if (list) return { t: 'list', of: parseType(list[1]!) };
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) return { t: 'map', of: parseType(map[1]!) };
  if (models[type]?.getAttributeTypeMap) return { t: 'model', name: type };
  return { t: 'scalar', name: type };
}

const cache = new Map<string, Map<string, TypeRef>>();

export function fieldsOf(model: string): Map<string, TypeRef> {
  let fields = cache.get(model);
  if (!fields) {
    fields = new Map(
      models[model]!.getAttributeTypeMap().map((a) => [a.baseName, parseType(a.type)]),
    );
    cache.set(model, fields);
  }
  return fields;
}

export function isAtomic(model: string): boolean {
  return ATOMIC.has(model);
}

export function listMapKeys(type: TypeRef): string[] | undefined {
  return type.t === 'model' ? LIST_MAP_KEYS[type.name] : undefined;
}

/** The key object of a list-map item, with defaulted keys filled in. */
export function itemKey(keys: string[], item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, item[k] ?? KEY_DEFAULTS[k]]));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (typeof value === 'number') return 'numeric (int or float)';
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'map' : typeof value;
}

export interface Problems {
  unknown: string[];
  type: string[];
}

function scalarOk(name: string, value: unknown): boolean {
  if (value === null) return true;
  switch (name) {
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'any':
      return true;
    case 'IntOrString':
      return typeof value === 'number' || typeof value === 'string';
    // Quantities are strings in the schema, and the server also takes JSON numbers.
    default:
      return typeof value === 'string' || typeof value === 'number';
  }
}

function expected(name: string): string {
  if (name === 'number') return 'numeric (int or float)';
  if (name === 'boolean') return 'boolean';
  return 'string';
}

/**
 * Walks a value against a type, collecting unknown fields and type mismatches with their
 * structured-merge-diff paths (`.spec.template.spec.containers[name="web"].bogus`).
 * With `prune`, unknown fields are deleted in place (what a non-apply write does).
 */
export function inspect(
  value: unknown,
  type: TypeRef,
  path = '',
  problems: Problems = { unknown: [], type: [] },
  prune = false,
): Problems {
  if (value === null || value === undefined) return problems;
  if (type.t === 'scalar') {
    if (!scalarOk(type.name, value))
      problems.type.push(`${path}: expected ${expected(type.name)}, got ${typeName(value)}`);
    return problems;
  }
  if (type.t === 'list') {
    if (!Array.isArray(value)) {
      problems.type.push(`${path}: expected list, got ${typeName(value)}`);
      return problems;
    }
    const keys = listMapKeys(type.of);
    value.forEach((item, i) => {
      const label =
        keys && isObject(item)
          ? `[${keys.map((k) => `${k}=${JSON.stringify(itemKey(keys, item)[k])}`).join(',')}]`
          : `[${i}]`;
      inspect(item, type.of, `${path}${label}`, problems, prune);
    });
    return problems;
  }
  if (!isObject(value)) {
    problems.type.push(`${path}: expected map, got ${typeName(value)}`);
    return problems;
  }
  if (type.t === 'map') {
    for (const [key, child] of Object.entries(value))
      inspect(child, type.of, `${path}.${key}`, problems, prune);
    return problems;
  }
  const fields = fieldsOf(type.name);
  for (const [key, child] of Object.entries(value)) {
    const childType = fields.get(key);
    if (!childType) {
      problems.unknown.push(`${path}.${key}`);
      if (prune) delete value[key];
      continue;
    }
    inspect(child, childType, `${path}.${key}`, problems, prune);
  }
  return problems;
}
