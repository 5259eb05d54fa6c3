import { classicView, CLASSIC_PARAMETER_KEYS } from './arm-check-v2';

/**
 * Checks an ARM deployment template (or parameters file) against the shape of the 2019-04-01
 * deploymentTemplate / deploymentParameters JSON schemas (Azure/azure-resource-manager-schemas):
 * required and allowed keys, parameter and output types, expression syntax, and that every
 * `dependsOn`, `parameters()` and `resourceId()` points at something the template declares.
 */
export const TEMPLATE_SCHEMA =
  'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
export const PARAMETERS_SCHEMA =
  'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#';

const TOP_KEYS = new Set([
  '$schema',
  'metadata',
  'apiProfile',
  'contentVersion',
  'variables',
  'parameters',
  'functions',
  'resources',
  'outputs',
]);
const PARAMETER_KEYS = new Set(CLASSIC_PARAMETER_KEYS);
const TYPES = new Set(['string', 'securestring', 'int', 'bool', 'object', 'secureObject', 'array']);
const RESOURCE_KEYS = new Set([
  'name',
  'type',
  'condition',
  'apiVersion',
  'dependsOn',
  'location',
  'tags',
  'copy',
  'scope',
  'comments',
  'properties',
  'sku',
  'kind',
  'identity',
  'zones',
  'plan',
  'managedBy',
  'resources',
  'extendedLocation',
]);
/**
 * The template functions (learn.microsoft.com, template-functions), lower-cased: ARM matches
 * function names without regard to case (`uniquestring` works).
 */
const FUNCTIONS = new Set(
  [
    // any, array, object and lambda
    'array concat contains createArray createObject empty first flatten indexOf intersection items',
    'json last lastIndexOf length max min null objectKeys range shallowMerge skip take tryGet union',
    'filter groupBy lambda lambdaVariables map mapValues reduce sort toObject',
    // comparison, logical and numeric
    'coalesce equals greater greaterOrEquals less lessOrEquals and bool false if not or true',
    'add copyIndex div float int mod mul sub',
    // string and date
    'base64 base64ToJson base64ToString dataUri dataUriToString endsWith format guid join newGuid',
    'padLeft replace split startsWith string substring toLower toUpper trim uniqueString uri',
    'uriComponent uriComponentToString utcNow dateTimeAdd dateTimeFromEpoch dateTimeToEpoch',
    // deployment, scope and resource (list* are matched by prefix)
    'deployment environment parameters variables managementGroup resourceGroup subscription tenant',
    'extensionResourceId managementGroupResourceId pickZones providers reference references',
    'resourceId subscriptionResourceId tenantResourceId',
  ].flatMap((line) => line.toLowerCase().split(' ')),
);
const CONTENT_VERSION = /^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/;
const API_VERSION = /^\d{4}-\d{2}-\d{2}(-preview)?$/;

type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Syntax of one `[...]` expression: balanced parentheses and quotes, known functions. */
export function checkExpression(
  expr: string,
  userFunctions: ReadonlySet<string> = new Set(),
): string | undefined {
  if (!/^\[([^[].*)?\]$/s.test(expr)) return 'not an expression';
  const body = expr.slice(1, -1);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === "'" && body[i + 1] === "'") i++;
      else if (c === "'") inString = false;
    } else if (c === "'") inString = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return 'unbalanced parentheses';
  }
  if (inString) return 'unterminated string';
  if (depth !== 0) return 'unbalanced parentheses';
  const noStrings = body.replace(/'(?:[^']|'')*'/g, "''");
  for (const m of noStrings.matchAll(
    /([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*\(/g,
  )) {
    const name = m[1]!.toLowerCase();
    // A member call (`x.y(`) is a user-defined function `namespace.member`.
    if (
      name.includes('.')
        ? !userFunctions.has(name)
        : !FUNCTIONS.has(name) && !name.startsWith('list')
    )
      return `unknown function ${m[1]}`;
  }
  return undefined;
}

/** Deployment properties whose template is evaluated in its own scope (Bicep modules are). */
const isInnerScope = (props: TJson) => {
  const options = props['expressionEvaluationOptions'];
  return (
    isObject(props['template']) &&
    isObject(options) &&
    String(options['scope']).toLowerCase() === 'inner'
  );
};

const innerTemplate = (r: TJson): TJson | undefined => {
  const props = r['properties'];
  return String(r['type']).toLowerCase() === 'microsoft.resources/deployments' &&
    isObject(props) &&
    isInnerScope(props)
    ? (props['template'] as TJson)
    : undefined;
};

function walkStrings(value: unknown, visit: (s: string, path: string) => void, path: string): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((v, i) => walkStrings(v, visit, `${path}[${i}]`));
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) {
      // An inner-scope template names its own parameters: checkTemplate checks it by itself.
      if (k === 'template' && isInnerScope(value)) continue;
      walkStrings(v, visit, `${path}.${k}`);
    }
}

export function checkArm(path: string, text: string, template?: TJson): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return [`${path}: not JSON (${(e as Error).message})`];
  }
  if (!isObject(doc)) return [`${path}: not a JSON object`];
  return doc['$schema'] === PARAMETERS_SCHEMA
    ? checkParameters(path, doc, template)
    : checkTemplate(path, doc);
}

export function checkTemplate(path: string, t: TJson): string[] {
  if ('languageVersion' in t) {
    const { view, problems } = classicView(path, t);
    return [...problems, ...checkTemplate(path, view)];
  }
  const p: string[] = [];
  const err = (where: string, m: string) => p.push(`${path}: ${where}: ${m}`);
  for (const k of ['$schema', 'contentVersion', 'resources'])
    if (!(k in t)) err('template', `missing ${k}`);
  for (const k of Object.keys(t)) if (!TOP_KEYS.has(k)) err('template', `unknown property ${k}`);
  if (t['$schema'] !== TEMPLATE_SCHEMA) err('$schema', `expected ${TEMPLATE_SCHEMA}`);
  if (typeof t['contentVersion'] !== 'string' || !CONTENT_VERSION.test(t['contentVersion']))
    err('contentVersion', 'must look like 1.0.0.0');
  const params = isObject(t['parameters']) ? t['parameters'] : {};
  for (const [name, def] of Object.entries(params)) {
    if (!isObject(def)) {
      err(`parameters.${name}`, 'must be an object');
      continue;
    }
    if (!TYPES.has(String(def['type'])))
      err(`parameters.${name}`, `invalid type ${String(def['type'])}`);
    for (const k of Object.keys(def))
      if (!PARAMETER_KEYS.has(k)) err(`parameters.${name}`, `unknown property ${k}`);
    if ('allowedValues' in def && !Array.isArray(def['allowedValues']))
      err(`parameters.${name}`, 'allowedValues must be an array');
  }
  const variables: TJson = isObject(t['variables']) ? { ...t['variables'] } : {};
  // Variables built by a loop (`variables.copy`) are declared by their name.
  for (const c of Array.isArray(variables['copy']) ? variables['copy'] : [])
    if (isObject(c) && typeof c['name'] === 'string') variables[c['name']] = c['input'];
  const resources = Array.isArray(t['resources']) ? t['resources'] : [];
  if (!Array.isArray(t['resources'])) err('resources', 'must be an array');
  const declared = new Set<string>();
  resources.forEach((r, i) => {
    const where = `resources[${i}]`;
    if (!isObject(r)) return err(where, 'must be an object');
    for (const k of ['name', 'type', 'apiVersion'])
      if (typeof r[k] !== 'string') err(where, `missing ${k}`);
    for (const k of Object.keys(r)) if (!RESOURCE_KEYS.has(k)) err(where, `unknown property ${k}`);
    if (typeof r['apiVersion'] === 'string' && !API_VERSION.test(r['apiVersion']))
      err(where, `bad apiVersion ${r['apiVersion']}`);
    if (
      'dependsOn' in r &&
      !(Array.isArray(r['dependsOn']) && r['dependsOn'].every((d) => typeof d === 'string'))
    ) {
      err(where, 'dependsOn must be an array of strings');
    }
    if ('sku' in r && !(isObject(r['sku']) && typeof r['sku']['name'] === 'string'))
      err(where, 'sku needs a name');
    declared.add(resourceKey(String(r['type']), String(r['name'])));
  });
  const declaredTypes = new Set(
    resources.flatMap((r) => (isObject(r) ? [String(r['type']).toLowerCase()] : [])),
  );
  const loopTypes = new Set(
    resources.flatMap((r) =>
      isObject(r) && isObject(r['copy']) ? [String(r['type']).toLowerCase()] : [],
    ),
  );
  const loops = new Set(
    resources.flatMap((r) =>
      isObject(r) && isObject(r['copy']) && typeof r['copy']['name'] === 'string'
        ? [r['copy']['name']]
        : [],
    ),
  );
  resources.forEach((r, i) => {
    if (!isObject(r)) return;
    const inner = innerTemplate(r);
    if (inner) p.push(...checkTemplate(`${path}: resources[${i}].properties.template`, inner));
    for (const d of (r['dependsOn'] as unknown[] | undefined) ?? []) {
      // A dependency on a whole copy loop names the loop; on one of its items, or on an
      // extension resource, its id cannot be matched by text: the type must be declared.
      if (loops.has(String(d))) continue;
      const type = dependencyType(String(d));
      const isExtension = String(d).startsWith('[extensionResourceId(');
      if (type && (loopTypes.has(type) || isExtension) && declaredTypes.has(type)) continue;
      const key = dependencyKey(String(d));
      if (!key || !declared.has(key))
        err(`resources[${i}].dependsOn`, `${String(d)} is not a resource of this template`);
    }
  });
  // User-defined functions (`functions: [{ namespace, members }]`): each body sees only its own parameters.
  const namespaces = Array.isArray(t['functions']) ? t['functions'].filter(isObject) : [];
  const userFunctions = new Set(
    namespaces.flatMap((n) =>
      Object.keys(isObject(n['members']) ? n['members'] : {}).map((m) =>
        `${String(n['namespace'])}.${m}`.toLowerCase(),
      ),
    ),
  );
  const check = (scope: TJson, vars: TJson) => (s: string, where: string) => {
    if (!s.startsWith('[') || s.startsWith('[[')) return;
    const problem = checkExpression(s, userFunctions);
    if (problem) return err(where, `${problem}: ${s}`);
    for (const m of s.matchAll(/parameters\('([^']+)'\)/g))
      if (!(m[1]! in scope)) err(where, `undeclared parameter ${m[1]}`);
    for (const m of s.matchAll(/variables\('([^']+)'\)/g))
      if (!(m[1]! in vars)) err(where, `undeclared variable ${m[1]}`);
  };
  walkStrings({ ...t, functions: undefined }, check(params, variables), '');
  for (const n of namespaces)
    for (const [name, f] of Object.entries(isObject(n['members']) ? n['members'] : {})) {
      const own =
        isObject(f) && Array.isArray(f['parameters']) ? (f['parameters'] as unknown[]) : [];
      const scope = Object.fromEntries(own.filter(isObject).map((p) => [String(p['name']), p]));
      walkStrings(f, check(scope, {}), `.functions.${String(n['namespace'])}.${name}`);
    }
  const outputs = isObject(t['outputs']) ? t['outputs'] : {};
  for (const [name, o] of Object.entries(outputs)) {
    if (!isObject(o) || !TYPES.has(String(o['type']))) err(`outputs.${name}`, 'needs a valid type');
    else if (!('value' in o) && !('copy' in o)) err(`outputs.${name}`, 'needs a value');
  }
  return p;
}

/** The lower-cased type a `[resourceId(…)]` or `[extensionResourceId(scope, …)]` names. */
function dependencyType(dep: string): string | undefined {
  const m = /^\[(resourceId|extensionResourceId)\((.*)\)\]$/s.exec(dep);
  if (!m) return undefined;
  const args = splitArgs(m[2]!);
  const candidates = m[1] === 'extensionResourceId' ? args.slice(1, 2) : args;
  const type = candidates.find((a) => /^'[^']*\/[^']*'$/.test(a));
  return type?.slice(1, -1).toLowerCase();
}

/** Canonical `type|name` of a resource: the name expression as written in the template. */
function resourceKey(type: string, name: string): string {
  return `${type.toLowerCase()}|${name}`;
}

/** `[resourceId('T', a, b)]` -> `t|[format('{0}/{1}', a, b)]`-style key matching the declaration. */
function dependencyKey(dep: string): string | undefined {
  const m = /^\[resourceId\('([^']+)', (.+)\)\]$/.exec(dep);
  if (!m) return undefined;
  const args = splitArgs(m[2]!);
  const literals = args.map((a) => /^'((?:[^']|'')*)'$/.exec(a)?.[1]);
  if (literals.every((l) => l !== undefined))
    return resourceKey(m[1]!, literals.map((l) => l.replace(/''/g, "'")).join('/'));
  const name =
    args.length === 1
      ? asNameExpression(args[0]!)
      : `[format('${args.map((_, i) => `{${i}}`).join('/')}', ${args.join(', ')})]`;
  return resourceKey(m[1]!, name);
}

/** A single resourceId argument as the `name` property would hold it. */
function asNameExpression(arg: string): string {
  const literal = /^'((?:[^']|'')*)'$/.exec(arg);
  return literal ? literal[1]!.replace(/''/g, "'") : `[${arg}]`;
}

/** Splits top-level comma-separated arguments of an expression. */
export function splitArgs(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === "'" && s[i + 1] === "'") i++;
      else if (c === "'") inString = false;
    } else if (c === "'") inString = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(s.slice(start).trim());
  return out;
}

export function checkParameters(path: string, doc: TJson, template?: TJson): string[] {
  const p: string[] = [];
  const err = (where: string, m: string) => p.push(`${path}: ${where}: ${m}`);
  for (const k of Object.keys(doc))
    if (!['$schema', 'contentVersion', 'parameters'].includes(k))
      err('file', `unknown property ${k}`);
  if (typeof doc['contentVersion'] !== 'string' || !CONTENT_VERSION.test(doc['contentVersion']))
    err('contentVersion', 'must look like 1.0.0.0');
  const values = isObject(doc['parameters']) ? doc['parameters'] : {};
  for (const [name, v] of Object.entries(values)) {
    if (!isObject(v) || !('value' in v || 'reference' in v))
      err(`parameters.${name}`, 'needs value or reference');
  }
  if (template) {
    const declared = isObject(template['parameters']) ? template['parameters'] : {};
    for (const name of Object.keys(values))
      if (!(name in declared)) err(`parameters.${name}`, 'not a parameter of the template');
    for (const [name, def] of Object.entries(declared)) {
      const secure = isObject(def) && String(def['type']).startsWith('secure');
      // languageVersion 2.0: a nullable parameter may be left out.
      const optional = isObject(def) && (def['nullable'] === true || 'defaultValue' in def);
      if (isObject(def) && !optional && !secure && !(name in values))
        err(`parameters.${name}`, 'required but missing');
    }
  }
  return p;
}
