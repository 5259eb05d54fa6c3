/**
 * languageVersion 2.0 templates (learn.microsoft.com, azure-resource-manager/templates/syntax:
 * `definitions`, resources keyed by symbolic name, `existing` resources, `imports` of
 * extensions): checked here for what 2.0 adds, then handed to the classic check as the
 * template they deploy — parameters and outputs with their resolved type, the deployed Azure
 * resources as a list, `dependsOn` by symbolic name taken out once it names a resource.
 */
type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const TYPES = new Set(['string', 'securestring', 'int', 'bool', 'object', 'secureobject', 'array']);
const TYPE_KEYS = new Set([
  'type',
  '$ref',
  'properties',
  'additionalProperties',
  'items',
  'prefixItems',
  'allowedValues',
  'nullable',
  'discriminator',
  'metadata',
  'minValue',
  'maxValue',
  'minLength',
  'maxLength',
]);
/** What a classic template's parameter may hold. */
export const CLASSIC_PARAMETER_KEYS = [
  'type',
  'defaultValue',
  'allowedValues',
  'metadata',
  'minValue',
  'maxValue',
  'minLength',
  'maxLength',
];

export function classicView(path: string, t: TJson): { view: TJson; problems: string[] } {
  const problems: string[] = [];
  const err = (where: string, m: string) => problems.push(`${path}: ${where}: ${m}`);
  if (!/^2\.\d+(-experimental)?$/.test(String(t['languageVersion'])))
    err('languageVersion', `unknown language version ${String(t['languageVersion'])}`);
  const definitions = isObject(t['definitions']) ? t['definitions'] : {};
  if ('definitions' in t && !isObject(t['definitions'])) err('definitions', 'must be an object');

  /** The ARM type a schema has, through `$ref`s; checks the schema on the way. */
  const typeOf = (schema: unknown, where: string, seen = new Set<string>()): string => {
    if (!isObject(schema)) {
      err(where, 'a type must be an object');
      return 'object';
    }
    for (const k of Object.keys(schema))
      if (!TYPE_KEYS.has(k) && k !== 'defaultValue' && k !== 'value' && k !== 'copy')
        err(where, `unknown property ${k}`);
    for (const [k, v] of Object.entries(isObject(schema['properties']) ? schema['properties'] : {}))
      typeOf(v, `${where}.properties.${k}`);
    for (const k of ['additionalProperties', 'items'])
      if (isObject(schema[k])) typeOf(schema[k], `${where}.${k}`);
      else if (k in schema && typeof schema[k] !== 'boolean')
        err(where, `${k} must be a type or a boolean`);
    if (Array.isArray(schema['prefixItems']))
      schema['prefixItems'].forEach((x, i) => typeOf(x, `${where}.prefixItems[${i}]`));
    const d = schema['discriminator'];
    if (d !== undefined) {
      if (!isObject(d) || typeof d['propertyName'] !== 'string' || !isObject(d['mapping']))
        err(where, 'a discriminator needs propertyName and mapping');
      else
        for (const [k, v] of Object.entries(d['mapping']))
          typeOf(v, `${where}.discriminator.mapping.${k}`);
    }
    if (typeof schema['$ref'] === 'string') {
      const m = /^#\/definitions\/(.+)$/.exec(schema['$ref']);
      const name = m?.[1];
      if (!name || !(name in definitions)) {
        err(where, `${schema['$ref']} is not a definition of this template`);
        return 'object';
      }
      if (seen.has(name)) return 'object';
      return typeOf(definitions[name], `definitions.${name}`, new Set([...seen, name]));
    }
    const type = String(schema['type']);
    if (!TYPES.has(type.toLowerCase())) err(where, `invalid type ${type}`);
    return type;
  };
  for (const [name, def] of Object.entries(definitions)) typeOf(def, `definitions.${name}`);

  /** A parameter or output as the classic check knows it: its resolved type, its own keys. */
  const classic = (o: unknown, where: string, keep: readonly string[]) => {
    if (!isObject(o)) return o;
    const out: TJson = { type: typeOf(o, where) };
    for (const k of keep) if (k in o && k !== 'type') out[k] = o[k];
    return out;
  };
  const section = (k: string, keep: readonly string[]) =>
    isObject(t[k])
      ? Object.fromEntries(Object.entries(t[k]).map(([n, o]) => [n, classic(o, `${k}.${n}`, keep)]))
      : t[k];

  const imports = isObject(t['imports'])
    ? t['imports']
    : isObject(t['extensions'])
      ? t['extensions']
      : {};
  for (const [alias, x] of Object.entries(imports))
    if (
      !isObject(x) ||
      typeof (x['provider'] ?? x['name']) !== 'string' ||
      typeof x['version'] !== 'string'
    )
      err(`imports.${alias}`, 'needs a provider and a version');

  const entries: [string | undefined, unknown][] = Array.isArray(t['resources'])
    ? t['resources'].map((r) => [undefined, r])
    : isObject(t['resources'])
      ? Object.entries(t['resources'])
      : [];
  const symbols = new Set(entries.flatMap(([k]) => (k ? [k] : [])));
  const deployed: unknown[] = [];
  for (const [key, r] of entries) {
    const where = `resources.${key ?? '?'}`;
    if (!isObject(r)) {
      deployed.push(r);
      continue;
    }
    for (const d of Array.isArray(r['dependsOn']) ? r['dependsOn'] : [])
      if (typeof d === 'string' && !d.startsWith('[') && !symbols.has(d) && /^[\w:]+$/.test(d))
        err(`${where}.dependsOn`, `${d} is not a resource of this template`);
    const alias = r['import'] ?? r['extension'];
    if (alias !== undefined) {
      if (typeof alias !== 'string' || !(alias in imports))
        err(where, `${JSON.stringify(alias)} is not an import of this template`);
      if (typeof r['type'] !== 'string') err(where, 'missing type');
      continue;
    }
    if (r['existing'] === true) {
      for (const k of ['name', 'type', 'apiVersion'])
        if (typeof r[k] !== 'string') err(where, `missing ${k}`);
      continue;
    }
    const { existing: _, ...rest } = r;
    if (Array.isArray(rest['dependsOn'])) {
      const left = rest['dependsOn'].filter((d) => !(typeof d === 'string' && symbols.has(d)));
      if (left.length > 0) rest['dependsOn'] = left;
      else delete rest['dependsOn'];
    }
    deployed.push(rest);
  }
  const { languageVersion: _v, definitions: _d, imports: _i, extensions: _e, ...base } = t;
  const view: TJson = { ...base, resources: deployed };
  if ('parameters' in t) view['parameters'] = section('parameters', CLASSIC_PARAMETER_KEYS);
  if ('outputs' in t) view['outputs'] = section('outputs', ['type', 'value', 'copy', 'metadata']);
  return { view, problems };
}
