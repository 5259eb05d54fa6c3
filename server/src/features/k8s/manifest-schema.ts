/**
 * Schema checks of built-in kinds before apply. Two sources, both installed packages:
 * - `kubernetes-models` (the API's JSON schemas): wrong types and missing required fields;
 *   its schemas allow unknown properties, so it cannot see a misspelt field;
 * - client-node's generated models (release 1.36): each model's attribute map lists the JSON
 *   keys it knows, so a key that is in none of them is an unknown field (the very keys
 *   client-node's serializer would silently drop).
 * Custom resources (other groups) are left to the cluster.
 */

/** Built-in group/versions, as kubernetes-models names its folders ('v1' is the core group). */
const BUILT_IN = new Set([
  'v1',
  'apps/v1',
  'batch/v1',
  'autoscaling/v1',
  'autoscaling/v2',
  'networking.k8s.io/v1',
  'policy/v1',
  'rbac.authorization.k8s.io/v1',
  'storage.k8s.io/v1',
  'scheduling.k8s.io/v1',
  'coordination.k8s.io/v1',
  'discovery.k8s.io/v1',
  'events.k8s.io/v1',
  'node.k8s.io/v1',
  'admissionregistration.k8s.io/v1',
  'apiextensions.k8s.io/v1',
  'certificates.k8s.io/v1',
]);

interface Attribute {
  baseName: string;
  type: string;
}
type ModelClass = { getAttributeTypeMap(): Attribute[] };
type Models = Record<string, unknown>;

let models: Promise<Models> | undefined;

/** Human-readable problems of one object (`unknown field "spec.replica"`); [] when none are known. */
export async function schemaProblems(
  apiVersion: string,
  kind: string,
  object: Record<string, unknown>,
): Promise<string[]> {
  if (!BUILT_IN.has(apiVersion)) return [];
  const problems: string[] = [];
  const validator = await loadValidator(apiVersion, kind);
  if (!validator) return [];
  try {
    validator(object);
  } catch (error) {
    problems.push(...validationMessages(error));
  }
  models ??= import('@kubernetes/client-node') as Promise<Models>;
  const all = await models;
  const [group = '', version = apiVersion] = apiVersion.includes('/') ? apiVersion.split('/') : [];
  const prefix = version.charAt(0).toUpperCase() + version.slice(1);
  const groupPrefix = group
    ? group.split('.')[0]!.charAt(0).toUpperCase() + group.split('.')[0]!.slice(1)
    : '';
  const root = [`${groupPrefix}${prefix}${kind}`, `${prefix}${kind}`].find((name) =>
    isModel(all[name]),
  );
  if (root) {
    for (const path of unknownFields(all, object, root, ''))
      problems.push(`unknown field "${path}"`);
  }
  return problems;
}

async function loadValidator(apiVersion: string, kind: string) {
  try {
    // Both parts are checked above (a known group/version, a kind of letters and digits).
    const module = (await import(
      /* @vite-ignore */ `kubernetes-models/${apiVersion}/${kind}`
    )) as Record<string, unknown>;
    const Model = module[kind] as (new (data: unknown) => { validate(): void }) | undefined;
    return Model ? (data: unknown) => new Model(data).validate() : undefined;
  } catch {
    return undefined; // not a kind of that version: the cluster will say so
  }
}

function validationMessages(error: unknown): string[] {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .split(/,\s*(?=data)|\n/)
    .map((line) =>
      line
        .replace(/^data\/?/, '')
        .replace(/\//g, '.')
        .trim(),
    )
    .filter(Boolean);
}

function isModel(value: unknown): value is ModelClass {
  return typeof value === 'function' && 'getAttributeTypeMap' in value;
}

function unknownFields(all: Models, value: unknown, type: string, path: string): string[] {
  const array = /^Array<(.+)>$/.exec(type);
  if (array) {
    return Array.isArray(value)
      ? value.flatMap((item, i) => unknownFields(all, item, array[1]!, `${path}[${i}]`))
      : [];
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) {
    return isPlainObject(value)
      ? Object.entries(value).flatMap(([key, item]) =>
          unknownFields(all, item, map[1]!, `${path}.${key}`),
        )
      : [];
  }
  const model = all[type];
  if (!isModel(model) || !isPlainObject(value)) return [];
  const attributes = model.getAttributeTypeMap();
  return Object.entries(value).flatMap(([key, item]) => {
    const at = path ? `${path}.${key}` : key;
    const attribute = attributes.find((a) => a.baseName === key);
    return attribute ? unknownFields(all, item, attribute.type, at) : [at];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
