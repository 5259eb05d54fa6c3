/**
 * Checks ARM resource bodies against the Bicep type graphs (Azure/bicep-types-az, the data the
 * Bicep compiler uses): unknown properties, missing required ones, read-only ones set, and
 * literal values outside a closed set. Expressions (`[...]`) are not evaluated.
 */
type TType = {
  t: string;
  p?: Record<string, [number, number]>;
  i?: number;
  e?: number[];
  v?: unknown;
  ap?: number;
  disc?: string;
  base?: number;
  el?: Record<string, number>;
};
export type TTypeGraphs = Record<string, { types?: TType[]; same_as?: string }>;

const REQUIRED = 1;
const READ_ONLY = 2;

/**
 * `known`: every deployable `type@apiVersion` (lower-case type) of the Bicep type index. A type
 * with no graph in `graphs` then only has to exist there; without it, a missing graph is a problem.
 */
export function checkArmBodies(
  template: { resources?: Record<string, unknown>[] },
  graphs: TTypeGraphs,
  known?: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const typesOf = (key: string): TType[] | undefined => {
    let e = graphs[key];
    for (let i = 0; e?.same_as && i < 5; i++) e = graphs[e.same_as];
    return e?.types;
  };
  const visit = (types: TType[], index: number, value: unknown, path: string): void => {
    let t = types[index];
    if (!t || (typeof value === 'string' && value.startsWith('['))) return;
    let props = t.p ?? {};
    if (t.t === 'd') {
      const chosen =
        value && typeof value === 'object' && t.disc
          ? t.el?.[String((value as Record<string, unknown>)[t.disc])]
          : undefined;
      const base = t.base !== undefined ? types[t.base] : undefined;
      props = { ...(base?.p ?? {}), ...(chosen !== undefined ? types[chosen]?.p : {}) };
      t = { t: 'o', p: props, ...(base?.ap !== undefined ? { ap: base.ap } : {}) };
    }
    if (t.t === 'o') {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return void problems.push(`${path}: expected an object`);
      for (const [k, v] of Object.entries(value)) {
        const prop = props[k];
        if (!prop) {
          if (t.ap === undefined) problems.push(`${path}.${k}: unknown property`);
          continue;
        }
        if (prop[1] & READ_ONLY && !(prop[1] & REQUIRED)) problems.push(`${path}.${k}: read-only`);
        visit(types, prop[0], v, `${path}.${k}`);
      }
      for (const [k, [, flags]] of Object.entries(props)) {
        if (flags & REQUIRED && !(flags & READ_ONLY) && !(k in value))
          problems.push(`${path}.${k}: required`);
      }
    } else if (t.t === 'arr' && Array.isArray(value)) {
      value.forEach((v, i) => visit(types, t.i ?? -1, v, `${path}[${i}]`));
    } else if (t.t === 'u' && typeof value === 'string') {
      const options = (t.e ?? []).map((e) => types[e]);
      const literals = options.filter((o) => o?.t === 'lit').map((o) => o?.v);
      const isOpen = options.some((o) => o?.t !== 'lit');
      if (!isOpen && literals.length > 0 && !literals.includes(value))
        problems.push(`${path}: "${value}" is not one of ${literals.join(', ')}`);
    } else if (t.t === 'lit' && value !== t.v) problems.push(`${path}: must be ${String(t.v)}`);
  };
  for (const r of template.resources ?? []) {
    const key = `${String(r['type'])}@${String(r['apiVersion'])}`;
    const types = typesOf(key);
    if (!types) {
      const indexed = `${String(r['type']).toLowerCase()}@${String(r['apiVersion'])}`;
      if (!known?.has(indexed)) problems.push(`${key}: no type data`);
      continue;
    }
    const body = Object.fromEntries(
      Object.entries(r).filter(([k]) => !['type', 'apiVersion', 'dependsOn', 'scope'].includes(k)),
    );
    visit(types, 0, body, key);
  }
  return problems;
}
