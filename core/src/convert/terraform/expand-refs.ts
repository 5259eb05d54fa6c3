import type { THclExpr, THclStep } from '../hcl/ast';
import { printHcl } from '../hcl/print';
import type { TTfRef } from '../../iac/ir/terraform-ir';
import type { TVal } from './value';

/**
 * The instances of a resource read one by one (`count = 3`, `for_each` over a known map or set):
 * each is its own imported resource, at Terraform's address for it (`aws_instance.web[1]`,
 * `aws_instance.web["a"]`), and references to them are read to the instance they name.
 */
export type TInstanceKey = number | string;

/** `[0]`, `["a"]`: the instance part of an address (characters that would upset a name, `_`). */
export function instanceSuffix(key: TInstanceKey): string {
  if (typeof key === 'number') return `[${key}]`;
  return `["${key.replace(/[^\w.:/@ -]/g, '_')}"]`;
}

/** The same for a module instance: no dot, which would end the module's part of an address. */
export const moduleSuffix = (key: TInstanceKey) => instanceSuffix(key).replace(/\./g, '_');

/**
 * A reference to an expanded resource: `web[1].id` → that instance; `web[*].id` → a list, one
 * per instance; `web` alone → all of them (a list for `count`, a map for `for_each`); an index
 * that is not known or not an instance → an expression that still refers to every instance.
 */
export function instanceRefs(
  e: THclExpr,
  address: string,
  keys: readonly TInstanceKey[],
  rest: readonly THclStep[],
  attrPath: (steps: readonly THclStep[]) => string | undefined,
  evaluate: (index: THclExpr) => TVal,
): TVal {
  const ref = (key: TInstanceKey, attr: string): TTfRef => ({
    $: 'ref',
    address: `${address}${instanceSuffix(key)}`,
    attr,
  });
  const all = (): TVal => ({ $: 'raw', text: printHcl(e), refs: keys.map((k) => ref(k, '')) });
  const [first, ...tail] = rest;
  if (!first) {
    if (keys.every((k) => typeof k === 'number')) return keys.map((k) => ref(k, ''));
    return { $: 'obj', entries: Object.fromEntries(keys.map((k) => [String(k), ref(k, '')])) };
  }
  const attr = attrPath(tail);
  if (attr === undefined) return all();
  if (first.k === 'splat') return keys.map((k) => ref(k, attr));
  if (first.k !== 'index') return all();
  const index = evaluate(first.index);
  const key = keys.find((k) => k === index || (typeof k === 'number' && String(k) === index));
  return key === undefined ? all() : ref(key, attr);
}
