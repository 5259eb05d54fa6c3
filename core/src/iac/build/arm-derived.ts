import { armFn, type TArmExpr, type TArmValue } from '../ir/arm-ir';
import type { TPropertyDefinition, TPropertyValue } from '../types';
import { BuildError } from './terraform-build';

/**
 * A builder's mapped property (`sku` -> its tier, GiB -> MiB, a boolean -> `Enabled`) as an
 * expression of the property's own parameter, so an environment's value is set in one place: a
 * second parameter for the mapped value could be set to disagree with the first (issue 10,
 * "Duplicated Bicep/ARM parameters").
 */
export function derivedValue(
  source: TArmExpr,
  definition: TPropertyDefinition | undefined,
  values: readonly TPropertyValue[],
  map: (v: TPropertyValue) => TPropertyValue,
): TArmValue {
  const mapped = values.map(map);
  if (mapped.every((m, i) => m === values[i])) return source;
  if (values.some((v) => Array.isArray(v)) || mapped.some((m) => Array.isArray(m)))
    throw new BuildError('a list property cannot be mapped per environment in Bicep/ARM');
  const raw = values as readonly (string | number | boolean)[];
  const out = mapped as readonly (string | number | boolean)[];
  if (raw.every((v) => typeof v === 'boolean')) {
    return armFn('if', source, map(true), map(false));
  }
  if (raw.every((v) => typeof v === 'number')) {
    if (out.every((m, i) => m === String(raw[i]))) return armFn('string', source);
    const factor = (out[0] as number) / (raw[0] as number);
    if (
      Number.isInteger(factor) &&
      out.every((m, i) => typeof m === 'number' && m === (raw[i] as number) * factor)
    )
      return armFn('mul', source, factor);
  }
  // Enumerations get the whole table, so any allowed value can be deployed, not only today's.
  const keys = definition?.allowed ?? [...new Set(raw.map(String))];
  const table: Record<string, string | number | boolean> = {};
  for (const k of keys) {
    const v = map(typeof raw[0] === 'number' ? Number(k) : k);
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') table[k] = v;
  }
  const index = typeof raw[0] === 'number' ? armFn('string', source) : source;
  return { $: 'lookup', table, index };
}
