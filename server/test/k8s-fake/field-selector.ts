/**
 * Field selectors (k8s.io/apimachinery pkg/fields/selector.go): `=`, `==`, `!=`, comma = AND,
 * `\`, `,` and `=` escaped with a backslash. Accepted labels and the values they match follow
 * shared/k8s/field-selectors.json (conversion.go and each kind's ToSelectableFields).
 */
import type { KindInfo } from './kinds';
import { SelectorError } from './label-selector';
import type { KubeObject } from './store';

export interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

/** Splits on `sep` where it is not escaped with a backslash. */
function splitUnescaped(input: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === '\\' && i + 1 < input.length) {
      current += c + input[i + 1];
      i++;
    } else if (c === sep) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function unescape(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\') {
      const n = value[i + 1];
      if (n !== '\\' && n !== ',' && n !== '=') {
        throw new SelectorError(`invalid field selector: invalid escape sequence: \\${n ?? ''}`);
      }
      out += n;
      i++;
    } else if (c === ',' || c === '=') {
      throw new SelectorError(`invalid field selector: unescaped ${c} in value`);
    } else out += c;
  }
  return out;
}

export function parseFieldSelector(input: string): FieldRequirement[] {
  if (input.trim() === '') return [];
  return splitUnescaped(input, ',').map((term) => {
    for (const op of ['!=', '==', '='] as const) {
      const at = indexOfUnescaped(term, op);
      if (at > 0) {
        return {
          field: term.slice(0, at).trim(),
          op: op === '!=' ? '!=' : '=',
          value: unescape(term.slice(at + op.length)),
        };
      }
    }
    throw new SelectorError(`invalid selector: '${input}'; can't understand '${term}'`);
  });
}

function indexOfUnescaped(term: string, op: string): number {
  for (let i = 0; i < term.length; i++) {
    if (term[i] === '\\') {
      i++;
      continue;
    }
    if (term.startsWith(op, i)) return i;
  }
  return -1;
}

/** The 400 text for a label the kind does not register. */
function unsupported(info: KindInfo, label: string): string {
  if (info.fieldError === 'core') return `field label not supported: ${label}`;
  if (info.fieldError === 'job') return `field label "${label}" not supported for batchv1.Job`;
  return `"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"`;
}

/** Resolves aliases and rejects labels the kind does not accept (400 upstream). */
export function checkFieldLabels(
  info: KindInfo,
  requirements: FieldRequirement[],
): FieldRequirement[] {
  return requirements.map((r) => {
    const field = info.fieldAliases?.[r.field] ?? r.field;
    if (!info.fieldLabels.includes(field)) throw new SelectorError(unsupported(info, r.field));
    return { ...r, field };
  });
}

function str(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

function at(object: KubeObject, path: string): unknown {
  let current: unknown = object;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The selectable value of one field, as the kind's ToSelectableFields gives it. */
export function fieldValue(info: KindInfo, object: KubeObject, field: string): string {
  if (info.kind === 'Pod') {
    if (field === 'spec.hostNetwork')
      return at(object, 'spec.hostNetwork') === true ? 'true' : 'false';
    if (field === 'status.podIP') {
      const ips = at(object, 'status.podIPs') as { ip?: string }[] | undefined;
      return str(ips?.[0]?.ip ?? at(object, 'status.podIP'));
    }
    if (field === 'status.podIPs') return '';
  }
  if (info.kind === 'Node' && field === 'spec.unschedulable') {
    return at(object, 'spec.unschedulable') === true ? 'true' : 'false';
  }
  if (info.kind === 'Event' && field === 'source') {
    return str(at(object, 'source.component') || at(object, 'reportingComponent'));
  }
  if (info.kind === 'Job' && field === 'status.successful')
    return str(at(object, 'status.succeeded') ?? 0);
  return str(at(object, field));
}

export function matchesFields(
  info: KindInfo,
  requirements: FieldRequirement[],
  object: KubeObject,
): boolean {
  return requirements.every(
    (r) => (fieldValue(info, object, r.field) === r.value) === (r.op === '='),
  );
}
