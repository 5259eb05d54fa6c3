import fc from 'fast-check';
import type { z } from 'zod';

const lettersOrEmpty = fc.string({ unit: fc.constantFrom(...'abc xyz'), maxLength: 8 });

/** Text PostgreSQL, JSON or a naive handler may choke on; the storage killers weigh most. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        lettersOrEmpty,
        fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00\ud800'),
        lettersOrEmpty,
      )
      .map((parts) => parts.join('')),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfffy',
      '\udc00\ud800',
      '%00',
      '\u202eevil\u202c',
      'שלום עולם',
      '👩‍👩‍👧‍👦🙂'.repeat(40),
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '../../etc/passwd',
      '__proto__',
      'constructor',
      '${jndi:ldap://x}',
      'NaN',
      '-1',
      '2147483648',
      '9007199254740993',
      '1e309',
      'x'.repeat(300),
      'a'.repeat(100_000),
      '0000-01-01T00:00:00Z',
      '10000-01-01T00:00:00Z',
      '+275760-09-13T00:00:00.000Z',
      '2026-02-30T00:00:00Z',
      '00000000-0000-0000-0000-000000000000',
      'fuzz@example.com',
    ),
  },
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
  fc.string(),
  fc.uuid(),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Arrays nested `n` deep: deep enough to hurt anything recursive, shallow enough to send. */
const nested = fc.integer({ min: 10, max: 200 }).map((n) => {
  let v: unknown = 1;
  for (let i = 0; i < n; i += 1) v = [v];
  return v;
});

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    nested,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

const DATE_EDGES = [
  '0001-01-01T00:00:00Z',
  '0000-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  '1970-01-01T00:00:00.000Z',
  '2026-11-24T10:00:00+14:00',
  '2028-02-29T00:00:00Z',
];

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const the = (x: unknown) => x as z.ZodType;

interface StringInfo {
  format?: string | null;
  minLength?: number | null;
  maxLength?: number | null;
}
interface NumberInfo {
  minValue?: number | null;
  maxValue?: number | null;
}

/** One hostile value in four: enough to reach the service with the rest of a body valid. */
const mostlyValid = <T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: hostile });

const word = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghij klmnop0123456789'),
    minLength: min,
    maxLength: max,
  });

function validString(schema: z.ZodType): fc.Arbitrary<string> {
  const info = schema as unknown as StringInfo;
  const checks = (defOf(schema).checks ?? []) as { _zod: { def: Record<string, unknown> } }[];
  const pattern = checks.map((c) => c._zod.def.pattern).find((p) => p instanceof RegExp);
  if (info.format === 'uuid') return fc.uuid();
  if (info.format === 'email') return fc.constant('fuzz@example.com');
  if (info.format === 'datetime') {
    return fc.oneof(
      fc.constantFrom(...DATE_EDGES),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
  }
  if (pattern instanceof RegExp) return fc.stringMatching(pattern);
  const min = info.minLength ?? 0;
  return word(min, Math.max(min, Math.min(info.maxLength ?? 40, 40)));
}

/** A value shaped like `schema`, valid at most leaves and hostile at some, or hostile outright. */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return hostileValue;
  const def = defOf(schema);
  const inner = (s: unknown) => arbitraryFor(the(s), depth + 1);
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape as Record<string, z.ZodType>);
      const model = Object.fromEntries(entries.map(([k, v]) => [k, inner(v)]));
      return fc.oneof(
        { weight: 6, arbitrary: fc.record(model) },
        { weight: 2, arbitrary: fc.record(model, { requiredKeys: [] }) },
        { weight: 1, arbitrary: hostileValue },
      );
    }
    case 'string':
      return mostlyValid(validString(schema), hostileString);
    case 'number': {
      const info = schema as unknown as NumberInfo;
      const lo = Math.max(info.minValue ?? -1e6, -(2 ** 31));
      const hi = Math.min(info.maxValue ?? 1e6, 2 ** 31);
      const value = mostlyValid(fc.integer({ min: lo, max: hi }), hostileNumber);
      return def.coerce ? mostlyValid(value.map(String), hostileString) : value;
    }
    case 'boolean':
      return mostlyValid(fc.boolean(), hostileValue);
    case 'enum':
      return mostlyValid(
        fc.constantFrom(...Object.values(def.entries as Record<string, string | number>)),
        hostileString,
      );
    case 'literal':
      return mostlyValid(fc.constantFrom(...(def.values as unknown[])), hostileValue);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof({ weight: 3, arbitrary: inner(def.innerType) }, fc.constant(undefined));
    case 'nullable':
      return fc.oneof({ weight: 3, arbitrary: inner(def.innerType) }, fc.constant(null));
    case 'pipe':
      return inner(defOf(the(def.in)).type === 'transform' ? def.out : def.in);
    case 'array':
      return mostlyValid(fc.array(inner(def.element), { maxLength: 4 }), hostileValue);
    case 'record':
      return fc.dictionary(
        fc.oneof({ weight: 3, arbitrary: word(1, 12) }, hostileString),
        inner(def.valueType),
        { maxKeys: 4 },
      );
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return fc.oneof(inner(def.left), inner(def.right));
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'lazy':
      return inner((def.getter as () => unknown)());
    default:
      return hostileValue;
  }
}

/** A URL component, lone surrogates written as their WTF-8 bytes (encodeURIComponent throws). */
export function encodeComponent(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
