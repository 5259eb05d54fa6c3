import type { TResourceArg } from '../../iac/design/resource-arg';
import type { TTfRef } from '../../iac/ir/terraform-ir';
import type { TBlockVal, TBodyVal, TImportedResource } from './instantiate';
import { canonical, isStatic, isTaggedVal, toJson, type TVal } from './value';

/**
 * A resource outside the catalog as a generic resource component's arguments (decision 0016):
 * known values as JSON, nested blocks as objects (arrays when repeated), a reference to another
 * component's main resource as `{ $ref, attribute }` (with the text around it in a template:
 * `prefix`, `suffix`), a `jsonencode` document as its JSON. An expression the design cannot hold (a
 * reference to a companion, a conditional over unknowns) is left out and reported.
 */
export interface TGenericTarget {
  /** The component id whose main resource is at `address`, if any. */
  componentAt(address: string): string | undefined;
}

export interface TGenericArgs {
  readonly arguments: Record<string, TResourceArg>;
  /** Dotted paths of the arguments left out, with their expression. */
  readonly dropped: readonly { readonly path: string; readonly text: string }[];
}

/** The arguments the engine writes on its own for a generic component (decision 0016). */
function engineWritten(name: string, value: TVal): boolean {
  const text = canonical(value);
  // Names and tags the naming convention produced: written again from the design.
  if (['name', 'display_name'].includes(name)) return text.includes('var.environment');
  if (name === 'resource_group_name' || name === 'location')
    return text.startsWith('azurerm_resource_group.main.');
  if (name === 'compartment_id') return text === 'var.compartment_ocid';
  return false;
}

const TAG_ATTRIBUTES = new Set(['tags', 'labels', 'freeform_tags']);

export function genericArguments(
  r: TImportedResource,
  /** Whether an argument is sensitive (the schema data): the engine writes it as a variable. */
  isSecret: (path: readonly string[]) => boolean,
  target: TGenericTarget,
  designTags: ReadonlyMap<string, string>,
): TGenericArgs {
  const dropped: { path: string; text: string }[] = [];
  const referenceTo = (v: TTfRef): { $ref: string; attribute: string } | undefined => {
    const id = target.componentAt(v.address);
    return id && /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*|\[\d{1,4}\])*$/.test(v.attr)
      ? { $ref: id, attribute: v.attr }
      : undefined;
  };
  const convert = (v: TVal, path: string): TResourceArg | undefined => {
    if (isStatic(v)) return toJson(v) as TResourceArg;
    if (Array.isArray(v)) {
      const items = (v as readonly TVal[]).map((x, i) => convert(x, `${path}[${i}]`));
      return items.every((x) => x !== undefined) ? items : undefined;
    }
    if (isTaggedVal(v) && v.$ === 'obj') {
      const out: Record<string, TResourceArg> = {};
      for (const [k, x] of Object.entries(v.entries)) {
        const c = convert(x, `${path}.${k}`);
        if (c !== undefined) out[k] = c;
      }
      return out;
    }
    // A JSON document (`policy = jsonencode({...})`): the object or array the engine encodes
    // again for a string argument (terraform-args.ts), references inside it kept.
    if (isTaggedVal(v) && v.$ === 'call' && v.fn === 'jsonencode' && v.args.length === 1) {
      const doc = v.args[0] as TVal;
      if (Array.isArray(doc) || (isTaggedVal(doc) && doc.$ === 'obj')) return convert(doc, path);
    }
    if (isTaggedVal(v) && v.$ === 'ref') {
      const ref = referenceTo(v);
      if (ref) return ref;
    }
    // One reference inside a text (`"${aws_s3_bucket.files.arn}/*"`): its prefix and suffix.
    if (isTaggedVal(v) && v.$ === 'tpl') {
      const exprs = v.parts.filter((p) => typeof p !== 'string');
      const only = exprs[0];
      if (exprs.length === 1 && only!.$ === 'ref') {
        const ref = referenceTo(only as TTfRef);
        const at = v.parts.indexOf(only!);
        const text = (parts: readonly unknown[]) =>
          parts.filter((p) => typeof p === 'string').join('');
        const [prefix, suffix] = [text(v.parts.slice(0, at)), text(v.parts.slice(at + 1))];
        if (ref) return { ...ref, ...(prefix && { prefix }), ...(suffix && { suffix }) };
      }
    }
    dropped.push({ path, text: canonical(v) });
    return undefined;
  };
  const body = (
    b: TBodyVal,
    prefix: string,
    segments: readonly string[],
  ): Record<string, TResourceArg> => {
    const out: Record<string, TResourceArg> = {};
    for (const [k, x] of Object.entries(b)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (prefix === '' && engineWritten(k, x as TVal)) continue;
      // A secret is never a design value: the engine declares its variable again. A secret
      // given through a variable (the one the engine wrote) stays as the board's empty value,
      // so the argument and its variable are written again; a literal one is left out.
      if (isSecret([...segments, k])) {
        if (isVariable(x)) out[k] = '';
        continue;
      }
      if (isBlock(x)) out[k] = body(x.body, path, [...segments, k]);
      else if (Array.isArray(x) && x.length > 0 && x.every(isBlock))
        out[k] = x.map((bl, i) => body(bl.body, `${path}[${i}]`, [...segments, k]));
      else if (
        prefix === '' &&
        TAG_ATTRIBUTES.has(k) &&
        isTaggedVal(x as TVal) &&
        (x as { $: string }).$ === 'obj'
      ) {
        const own = ownTags(x as { $: 'obj'; entries: Record<string, TVal> }, designTags);
        if (Object.keys(own.entries).length > 0) {
          const c = convert(own, path);
          if (c !== undefined) out[k] = c;
        }
      } else {
        const c = convert(x as TVal, path);
        if (c !== undefined) out[k] = c;
      }
    }
    return out;
  };
  return { arguments: body(r.body, '', []), dropped };
}

/** Tags the design writes on every resource (its tags, the environment, the aws `Name`) left out. */
function ownTags(
  tags: { $: 'obj'; entries: Record<string, TVal> },
  designTags: ReadonlyMap<string, string>,
): { $: 'obj'; entries: Record<string, TVal> } {
  const entries: Record<string, TVal> = {};
  for (const [k, v] of Object.entries(tags.entries)) {
    const text = canonical(v);
    if (text.includes('var.environment')) continue;
    if (designTags.get(k) === v) continue;
    entries[k] = v;
  }
  return { $: 'obj', entries };
}

/** `var.<name>` itself: the value set in the environment, not in code. */
const isVariable = (x: unknown): boolean =>
  typeof x === 'object' &&
  x !== null &&
  (x as { $?: string }).$ === 'ref' &&
  /^var\.[A-Za-z_][A-Za-z0-9_-]*$/.test((x as TTfRef).address) &&
  !(x as TTfRef).attr;

const isBlock = (x: unknown): x is TBlockVal =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && (x as { $?: string }).$ === 'block';

export type { TTfRef };
