/**
 * POST (create), PUT (replace, with the resourceVersion precondition) and DELETE on objects.
 * Unknown fields are dropped with a `Warning` by default and refused with fieldValidation=Strict.
 */
import { randomBytes } from 'node:crypto';
import { checkIdentity, recordUpdate, type ObjectTarget, type WriteResult } from './apply';
import { groupVersion, type KindInfo } from './kinds';
import { validateObject } from './object-validation';
import { inspect, isObject, parseType } from './schema';
import { errors } from './status';
import type { FakeStore, KubeObject } from './store';
import { deprecationWarnings, writeOptions, type WriteOptions } from './write-options';

function parseJson(text: string): KubeObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw errors.badRequest(
      `error decoding JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!isObject(value)) throw errors.badRequest('the body of the request must be an object');
  const metadata: KubeObject['metadata'] = isObject(value.metadata) ? value.metadata : {};
  return { ...value, metadata };
}

function pruneUnknown(info: KindInfo, body: KubeObject, options: WriteOptions): string[] {
  const problems = inspect(
    body,
    parseType(info.model),
    '',
    undefined,
    options.fieldValidation !== 'Strict',
  );
  if (problems.type.length)
    throw errors.badRequest(`error decoding request body: ${problems.type.join(', ')}`);
  if (problems.unknown.length && options.fieldValidation === 'Strict') {
    throw errors.badRequest(
      `strict decoding error: ${problems.unknown.map((p) => `unknown field "${p.slice(1)}"`).join(', ')}`,
    );
  }
  return options.fieldValidation === 'Warn'
    ? problems.unknown.map((p) => `unknown field "${p.slice(1)}"`)
    : [];
}

function manager(options: WriteOptions, userAgent: string): string {
  return options.fieldManager ?? (userAgent.split('/')[0] || 'unknown');
}

export function createObject(
  store: FakeStore,
  info: KindInfo,
  namespace: string | undefined,
  text: string,
  query: URLSearchParams,
  userAgent: string,
): WriteResult {
  const options = writeOptions(query, 'CreateOptions', false);
  const body = parseJson(text);
  const warnings = pruneUnknown(info, body, options);
  if (!body.metadata.name && typeof body.metadata.generateName === 'string') {
    body.metadata.name = `${body.metadata.generateName}${randomBytes(3).toString('hex').slice(0, 5)}`;
  }
  const name = body.metadata.name ?? '';
  checkIdentity({ info, namespace, name }, body);
  body.apiVersion = groupVersion(info);
  body.kind = info.kind;
  if (info.namespaced) body.metadata.namespace = namespace;
  delete body.status;
  validateObject(info, body);
  if (info.namespaced && !store.hasNamespace(namespace!))
    throw errors.namespaceNotFound(namespace!);
  if (store.get(info, namespace, name)) throw errors.alreadyExists(info, name);
  recordUpdate(info, body, manager(options, userAgent));
  warnings.push(...deprecationWarnings(body));
  delete body.metadata.resourceVersion;
  const object = options.dryRun ? body : store.put(body);
  return { code: 201, object, warnings };
}

export function replaceObject(
  store: FakeStore,
  target: ObjectTarget,
  text: string,
  query: URLSearchParams,
  userAgent: string,
): WriteResult {
  const options = writeOptions(query, 'UpdateOptions', false);
  const { info } = target;
  const body = parseJson(text);
  const warnings = pruneUnknown(info, body, options);
  checkIdentity(target, body);
  const current = store.get(info, target.namespace, target.name);
  if (!current) throw errors.notFound(info, target.name);
  const wanted = body.metadata.resourceVersion;
  if (wanted && wanted !== current.metadata.resourceVersion) {
    throw errors.conflict(
      info,
      target.name,
      'the object has been modified; please apply your changes to the latest version and try again',
    );
  }
  body.apiVersion = groupVersion(info);
  body.kind = info.kind;
  body.metadata.name = target.name;
  if (info.namespaced) body.metadata.namespace = target.namespace;
  body.status = current.status;
  validateObject(info, body);
  recordUpdate(info, body, manager(options, userAgent), current);
  warnings.push(...deprecationWarnings(body));
  const object = options.dryRun
    ? { ...body, metadata: { ...body.metadata, resourceVersion: current.metadata.resourceVersion } }
    : store.put(body);
  return { code: 200, object, warnings };
}

/** DELETE answers a Success Status carrying the object's name and uid. */
export function deleteObject(
  store: FakeStore,
  target: ObjectTarget,
  query: URLSearchParams,
): { code: number; body: unknown } {
  const dryRun = query.getAll('dryRun');
  if (dryRun.some((v) => v !== 'All')) writeOptions(query, 'DeleteOptions', false);
  const { info } = target;
  const current = store.get(info, target.namespace, target.name);
  if (!current) throw errors.notFound(info, target.name);
  if (dryRun.length === 0) store.remove(info, target.namespace, target.name);
  const details: Record<string, unknown> = { name: target.name };
  if (info.group) details.group = info.group;
  details.kind = info.resource;
  details.uid = current.metadata.uid;
  return {
    code: 200,
    body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details },
  };
}
