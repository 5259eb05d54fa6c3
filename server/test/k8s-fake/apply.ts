/**
 * PATCH on an object: server-side apply (`application/apply-patch+yaml`, create-or-update,
 * managedFields, conflicts, force, dryRun=All) and merge/strategic patches, per
 * k8s.io/apiserver pkg/endpoints/handlers/patch.go and ADAPTER-NOTES.md §1.6.
 */
import { randomUUID } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import {
  deleteAt,
  fieldPaths,
  fromFieldsV1,
  getAt,
  merge,
  pathId,
  pathText,
  toFieldsV1,
  type Path,
} from './field-set';
import { groupVersion, type KindInfo } from './kinds';
import { validateObject } from './object-validation';
import { fieldsOf, inspect, isObject, parseType, type TypeRef } from './schema';
import { errors, status, StatusError } from './status';
import { kubeTime, type FakeStore, type KubeObject, type ManagedFieldsEntry } from './store';
import { deprecationWarnings, writeOptions } from './write-options';

export interface ObjectTarget {
  info: KindInfo;
  namespace?: string;
  name: string;
}

export interface WriteResult {
  code: number;
  object: KubeObject;
  warnings: string[];
}

const APPLY = 'application/apply-patch+yaml';
const MERGE = 'application/merge-patch+json';
const STRATEGIC = 'application/strategic-merge-patch+json';

function gvkText(info: KindInfo): string {
  return `${info.group}/${info.version}, Kind=${info.kind}`;
}

/** Checks that a body names the object the URL names (400s, as the real decoder gives). */
export function checkIdentity(target: ObjectTarget, body: KubeObject): void {
  const { info } = target;
  if (body.apiVersion !== undefined && body.apiVersion !== groupVersion(info)) {
    throw errors.badRequest(
      `the API version in the data (${body.apiVersion}) does not match the expected API version (${groupVersion(info)})`,
    );
  }
  if (body.kind !== undefined && body.kind !== info.kind) {
    throw errors.badRequest(
      `the kind in the data (${body.kind}) does not match the expected kind (${info.kind})`,
    );
  }
  if (body.metadata.name !== undefined && body.metadata.name !== target.name) {
    throw errors.badRequest(
      `the name of the object (${body.metadata.name}) does not match the name on the URL (${target.name})`,
    );
  }
  if (
    info.namespaced &&
    body.metadata.namespace !== undefined &&
    body.metadata.namespace !== target.namespace
  ) {
    throw errors.badRequest(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
  }
}

function parseBody(text: string, yaml: boolean): KubeObject {
  let value: unknown;
  try {
    value = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw errors.badRequest(
      `error decoding ${yaml ? 'YAML' : 'JSON'}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  if (!isObject(value)) throw errors.badRequest('error decoding patch: the body must be an object');
  if (value.metadata !== undefined && !isObject(value.metadata))
    throw errors.badRequest('metadata must be an object');
  const metadata: KubeObject['metadata'] = isObject(value.metadata) ? value.metadata : {};
  return { ...value, metadata };
}

function conflictError(conflicts: { manager: ManagedFieldsEntry; path: Path }[]): StatusError {
  const who = (m: ManagedFieldsEntry) =>
    m.operation === 'Update' ? `"${m.manager}" using ${m.apiVersion}` : `"${m.manager}"`;
  const causes = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${who(c.manager)}`,
    field: pathText(c.path),
  }));
  const message =
    conflicts.length === 1
      ? `Apply failed with 1 conflict: ${causes[0]!.message}: ${causes[0]!.field}`
      : `Apply failed with ${conflicts.length} conflicts: ${causes.map((c) => `${c.message}: ${c.field}`).join('\n')}`;
  return new StatusError(status(409, message, 'Conflict', { causes }));
}

function ownedSets(entries: ManagedFieldsEntry[]): Map<ManagedFieldsEntry, Set<string>> {
  return new Map(entries.map((e) => [e, new Set(fromFieldsV1(e.fieldsV1).map(pathId))]));
}

/** Server-side apply of `applied` over `current` by `manager`; throws 409 on conflicts. */
export function serverSideApply(
  info: KindInfo,
  current: KubeObject | undefined,
  applied: KubeObject,
  manager: string,
  force: boolean,
): KubeObject {
  const type = parseType(info.model);
  const appliedPaths = fieldPaths(applied, type);
  const appliedIds = new Set(appliedPaths.map(pathId));
  const entries = (current?.metadata.managedFields ?? []).filter((e) => !e.subresource);
  const others = entries.filter((e) => !(e.manager === manager && e.operation === 'Apply'));
  const mine = entries.find((e) => e.manager === manager && e.operation === 'Apply');
  const otherSets = ownedSets(others);

  const touched = new Set<ManagedFieldsEntry>();
  const conflicts: { manager: ManagedFieldsEntry; path: Path }[] = [];
  for (const path of appliedPaths) {
    if (path[path.length - 1]!.startsWith('k:')) continue;
    const id = pathId(path);
    const same = JSON.stringify(getAt(current, path)) === JSON.stringify(getAt(applied, path));
    for (const [entry, set] of otherSets) {
      if (!set.has(id) || same) continue;
      if (force) {
        set.delete(id);
        touched.add(entry);
      } else conflicts.push({ manager: entry, path });
    }
  }
  if (conflicts.length) throw conflictError(conflicts);

  const base = structuredClone<KubeObject>(current ?? { metadata: {} });
  for (const path of mine ? fromFieldsV1(mine.fieldsV1) : []) {
    const id = pathId(path);
    if (!appliedIds.has(id) && ![...otherSets.values()].some((s) => s.has(id)))
      deleteAt(base, path);
  }
  const { status: _ignored, ...spec } = applied;
  const result = merge(base, spec, type) as KubeObject;
  const time = kubeTime();
  const own: ManagedFieldsEntry = {
    manager,
    operation: 'Apply',
    apiVersion: groupVersion(info),
    time,
    fieldsType: 'FieldsV1',
    fieldsV1: toFieldsV1(appliedPaths),
  };
  if (mine && JSON.stringify(mine.fieldsV1) === JSON.stringify(own.fieldsV1)) own.time = mine.time;
  // Entries keep their order; the applier's is replaced in place or appended, emptied ones go.
  const next: ManagedFieldsEntry[] = [];
  for (const entry of current?.metadata.managedFields ?? []) {
    if (entry === mine) next.push(own);
    else if (!touched.has(entry)) next.push(entry);
    else {
      const fieldsV1 = toFieldsV1([...otherSets.get(entry)!].map((id) => id.split('\u0001')));
      if (Object.keys(fieldsV1).length > 0) next.push({ ...entry, fieldsV1 });
    }
  }
  if (!mine) next.push(own);
  result.metadata.managedFields = next;
  return result;
}

/** An Update entry for `manager` owning every field of `object` (writes other than apply). */
export function recordUpdate(
  info: KindInfo,
  object: KubeObject,
  manager: string,
  previous?: KubeObject,
): void {
  const paths = fieldPaths(object, parseType(info.model));
  const entries = (previous?.metadata.managedFields ?? object.metadata.managedFields ?? []).filter(
    (e) => !(e.manager === manager && e.operation === 'Update' && !e.subresource),
  );
  entries.push({
    manager,
    operation: 'Update',
    apiVersion: groupVersion(info),
    time: kubeTime(),
    fieldsType: 'FieldsV1',
    fieldsV1: toFieldsV1(paths),
  });
  object.metadata.managedFields = entries;
}

/** What counts as "no change" for a no-op apply: content and field ownership, not times. */
function fingerprint(object: KubeObject): string {
  const copy = structuredClone(object);
  copy.metadata.managedFields = copy.metadata.managedFields?.map((e) => ({ ...e, time: '' }));
  return JSON.stringify(copy);
}

function rejectSchemaProblems(target: ObjectTarget, body: KubeObject): void {
  const problems = inspect(body, parseType(target.info.model));
  const lines = [
    ...problems.unknown.map((p) => `${p}: field not declared in schema`),
    ...problems.type,
  ];
  if (lines.length === 0) return;
  const text = lines.length === 1 ? lines[0]! : `errors:\n  ${lines.join('\n  ')}`;
  throw errors.internal(
    `failed to create typed patch object (${target.namespace ?? ''}/${target.name}; ${gvkText(target.info)}): ${text}`,
  );
}

export function patchObject(
  store: FakeStore,
  target: ObjectTarget,
  bodyText: string,
  contentType: string,
  query: URLSearchParams,
  userAgent: string,
): WriteResult {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (![APPLY, MERGE, STRATEGIC].includes(mediaType))
    throw errors.unsupportedMediaType(contentType);
  const isApply = mediaType === APPLY;
  const options = writeOptions(query, 'PatchOptions', isApply);
  const { info } = target;
  const body = parseBody(bodyText, isApply);
  const current = store.get(info, target.namespace, target.name);

  let result: KubeObject;
  const warnings: string[] = [];
  if (isApply) {
    if (body.metadata.managedFields !== undefined)
      throw errors.badRequest('metadata.managedFields must be nil');
    if (body.apiVersion === undefined || body.kind === undefined) {
      throw errors.badRequest(
        `invalid object type: ${body.apiVersion ?? ''}, Kind=${body.kind ?? ''}`,
      );
    }
    checkIdentity(target, body);
    rejectSchemaProblems(target, body);
    if (!current && info.namespaced && !store.hasNamespace(target.namespace!))
      throw errors.namespaceNotFound(target.namespace!);
    result = serverSideApply(info, current, body, options.fieldManager!, options.force);
  } else {
    if (!current) throw errors.notFound(info, target.name);
    const problems = inspect(
      body,
      parseType(info.model),
      '',
      undefined,
      options.fieldValidation !== 'Strict',
    );
    if (problems.unknown.length && options.fieldValidation === 'Strict') {
      throw errors.badRequest(
        `strict decoding error: ${problems.unknown.map((p) => `unknown field "${p.slice(1)}"`).join(', ')}`,
      );
    }
    if (options.fieldValidation === 'Warn')
      warnings.push(...problems.unknown.map((p) => `unknown field "${p.slice(1)}"`));
    result = mergePatch(current, body, mediaType === STRATEGIC ? parseType(info.model) : undefined);
    checkIdentity(target, result);
    recordUpdate(
      info,
      result,
      options.fieldManager ?? (userAgent.split('/')[0] || 'unknown'),
      current,
    );
  }
  result.apiVersion = groupVersion(info);
  result.kind = info.kind;
  result.metadata.name = target.name;
  if (info.namespaced) result.metadata.namespace = target.namespace;
  validateObject(info, result);
  warnings.push(...deprecationWarnings(result));

  if (current && fingerprint(current) === fingerprint(result))
    return { code: 200, object: current, warnings };
  const code = current ? 200 : 201;
  if (options.dryRun) {
    if (!current) {
      result.metadata.uid = randomUUID();
      result.metadata.creationTimestamp = kubeTime();
      if (info.hasGeneration) result.metadata.generation = 1;
    }
    return { code, object: result, warnings };
  }
  return { code, object: store.put(result), warnings };
}

/** RFC 7386 merge patch; with a type, list-map items merge by key (strategic merge's common case). */
function mergePatch(
  current: KubeObject,
  patch: KubeObject,
  typed: TypeRef | undefined,
): KubeObject {
  const apply = (base: unknown, p: unknown, type: TypeRef | undefined): unknown => {
    if (!isObject(p))
      return typed && Array.isArray(p) && Array.isArray(base)
        ? merge(base, p, type)
        : structuredClone(p);
    const out: Record<string, unknown> = isObject(base) ? { ...base } : {};
    for (const [key, value] of Object.entries(p)) {
      if (value === null) delete out[key];
      else out[key] = apply(out[key], value, childOf(type, key));
    }
    return out;
  };
  return apply(current, patch, typed) as KubeObject;
}

function childOf(type: TypeRef | undefined, key: string): TypeRef | undefined {
  if (!type) return undefined;
  if (type.t === 'map') return type.of;
  if (type.t === 'model') return fieldsOf(type.name).get(key);
  return undefined;
}
