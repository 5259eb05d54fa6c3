/**
 * Converts a Bicep type graph (source C of ../shared/iac-schemas: `types[0]` is the resource
 * body; kinds s, lit, i, b, any, arr, u, o, d; property flags 1 Required, 2 ReadOnly,
 * 4 WriteOnly) into the BLOCK shape the Terraform data uses, so the board builds one kind of
 * form: scalar and map properties under `a` as [FLAGS, TYPE] (plus the allowed values of a
 * string enum as a third element), object properties under `b` with n 'single', arrays of
 * objects with n 'list'.
 */
const REQUIRED = 1;
const READ_ONLY = 2;
const WRITE_ONLY = 4;
/** Type graphs are recursive (subnets hold their network's objects): a form needs only so deep. */
const MAX_DEPTH = 6;
/** Set by the template itself, never by a user. */
const ENVELOPE = new Set(['id', 'type', 'apiVersion']);

const flagsOf = (f) =>
  (f & REQUIRED ? 'R' : f & READ_ONLY ? '' : 'O') +
  (f & READ_ONLY ? 'C' : '') +
  (f & WRITE_ONLY ? 'W' : '');

export function armBlock(table) {
  /** Scalar TYPE of a graph type, or undefined when it is an object (a nested block). */
  const scalar = (index, seen) => {
    const t = table[index];
    switch (t?.t) {
      case 's':
      case 'lit':
        return { type: 'string', ...(t.t === 'lit' ? { values: [t.v] } : {}) };
      case 'i':
        return { type: 'number' };
      case 'b':
        return { type: 'bool' };
      case 'any':
        return { type: 'dynamic' };
      case 'u': {
        const members = t.e.map((e) => table[e]);
        if (members.every((m) => m?.t === 'lit' || m?.t === 's')) {
          const values = members.filter((m) => m.t === 'lit').map((m) => m.v);
          // A union with a free string member accepts any text: no fixed list then.
          return members.some((m) => m.t === 's') ? { type: 'string' } : { type: 'string', values };
        }
        return { type: 'dynamic' };
      }
      case 'arr': {
        const item = table[t.i];
        if (item?.t === 'o' || item?.t === 'd') return undefined;
        const inner = scalar(t.i, seen);
        return { type: ['list', inner?.type ?? 'dynamic'] };
      }
      case 'o':
        if (!t.p || Object.keys(t.p).length === 0) {
          const inner = t.ap === undefined ? undefined : scalar(t.ap, seen);
          return { type: ['map', inner?.type ?? 'dynamic'] };
        }
        return undefined;
      default:
        return undefined;
    }
  };

  const objectBlock = (index, depth, path) => {
    const t = table[index];
    const out = { a: {}, b: {} };
    let props = t?.p ?? {};
    if (t?.t === 'd') {
      props = t.base ?? {};
      out.a[t.disc] = ['R', 'string', Object.keys(t.el ?? {}).sort()];
    }
    for (const [name, [typeIndex, flags]] of Object.entries(props)) {
      if (depth === 0 && ENVELOPE.has(name)) continue;
      const s = scalar(typeIndex, path);
      if (s) {
        out.a[name] = [
          flagsOf(flags),
          s.type,
          ...(s.values && s.values.length > 0 ? [s.values] : []),
        ];
        continue;
      }
      // Read-only objects are answers of the API, nothing to fill in.
      if (flags & READ_ONLY) continue;
      const target = table[typeIndex];
      const isList = target?.t === 'arr';
      const objIndex = isList ? target.i : typeIndex;
      if (path.has(objIndex) || depth >= MAX_DEPTH) {
        out.a[name] = [flagsOf(flags), isList ? ['list', 'dynamic'] : 'dynamic'];
        continue;
      }
      const inner = objectBlock(objIndex, depth + 1, new Set([...path, objIndex]));
      out.b[name] = {
        n: isList ? 'list' : 'single',
        ...(flags & REQUIRED ? { min: 1 } : {}),
        ...inner,
      };
    }
    if (Object.keys(out.b).length === 0) delete out.b;
    return out;
  };

  return objectBlock(0, 0, new Set([0]));
}
