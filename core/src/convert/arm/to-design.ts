import { ARM_RESOURCE_SERVICE } from '../../iac/catalog/generic/generic';
import type { TResourceArg } from '../../iac/design/resource-arg';
import { ZDesignV2, type TDesign } from '../../iac/design/schema-v2';
import {
  ConvertError,
  type TConvertFile,
  type TConvertOutput,
  type TConvertWarning,
  type TUnconverted,
} from '../types';
import { callOf, parseJsonString, type TArmNode } from './expr';
import { lineAt, parseJsonWithLines, pointer } from './json-lines';
import { nameSegments } from './names';
import {
  evaluate,
  evaluateJson,
  hasRef,
  isObject,
  UNRESOLVED,
  type TTemplateScope,
} from './to-design-eval';
import { canon } from './to-bicep-match';

/**
 * ARM template → design: every resource becomes an `azure.arm-resource` component (decision
 * 0016) carrying its type, API version and body, so nothing is lost. Expressions are evaluated
 * where they are static (parameter defaults, variables, `concat`/`format`); `resourceId()` and
 * `reference()` of another template resource become component references; what stays dynamic
 * is left out of the arguments and reported with its line.
 */
export interface TArmToDesignOptions {
  /** The input file, for warnings. */
  readonly file?: string;
  /** Lines by JSON pointer (from parseJsonWithLines), for warnings. */
  readonly lines?: ReadonlyMap<string, number>;
  /** Where a resource is written when the lines are not the template's (Bicep input). */
  readonly locate?: (type: string, at: string) => { file: string; line: number } | undefined;
  readonly name?: string;
  /** Component ids already used (several templates into one design). */
  readonly taken?: ReadonlySet<string>;
}

type TJson = Record<string, unknown>;
/** A JSON value that should be a string, as one (anything else is empty). */
const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** A JSON value that should be a string, as one (anything else is empty). */

const SKIP = new Set([
  'type',
  'apiversion',
  'dependson',
  'copy',
  'condition',
  'comments',
  'resources',
  'scope',
]);

function kebab(s: string, max: number): string {
  let k = s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!/^[a-z]/.test(k)) k = `r-${k}`;
  return k.slice(0, max).replace(/-+$/, '') || 'resource';
}

export function armToDesign(template: unknown, options: TArmToDesignOptions = {}): TConvertOutput {
  const warnings: TConvertWarning[] = [];
  const unconverted: TUnconverted[] = [];
  const file = options.file ?? 'template.json';
  const lines = options.lines ?? new Map<string, number>();
  const where = (type: string, at: string) =>
    options.locate?.(type, at) ?? { file, line: lineAt(lines, at) };
  const components: TDesign['components'] = [];
  const ids = new Set<string>(options.taken);
  let region: string | undefined;

  const walkTemplate = (t: TJson, at: string, paramValues: ReadonlyMap<string, unknown>) => {
    const list = Array.isArray(t['resources'])
      ? t['resources'].map((r, i) => [r, pointer(pointer(at, 'resources'), i)] as const)
      : isObject(t['resources'])
        ? Object.entries(t['resources']).map(
            ([k, r]) => [r, pointer(pointer(at, 'resources'), k)] as const,
          )
        : [];
    const flat: { r: TJson; at: string; type: string; segments: TArmNode[] }[] = [];
    const add = (r: unknown, p: string, parent?: (typeof flat)[number]) => {
      if (isObject(r) && r['existing'] === true) return; // languageVersion 2.0: declared, not deployed
      const extension = isObject(r) ? (r['import'] ?? r['extension']) : undefined;
      if (isObject(r) && typeof extension === 'string') {
        const type = str(r['type']);
        unconverted.push({
          ...where(type.replace(/@.*$/, ''), p),
          kind: 'resource',
          name: p.split('/').pop() ?? '',
          reason: `a resource of the ${extension} extension (${type}) is not an Azure resource a design can hold`,
          text: JSON.stringify(r, null, 2),
        });
        return;
      }
      if (!isObject(r) || typeof r['type'] !== 'string' || typeof r['name'] !== 'string') return;
      let type = r['type'];
      let segments: TArmNode[];
      try {
        segments = nameSegments(parseJsonString(r['name'])) ?? [];
      } catch {
        segments = [];
      }
      if (parent && !type.includes('.')) {
        type = `${parent.type}/${type}`;
        if (segments.length < type.split('/').length - 1)
          segments = [...parent.segments, ...segments];
      }
      const entry = { r, at: p, type, segments };
      flat.push(entry);
      if (Array.isArray(r['resources']))
        r['resources'].forEach((c, i) => add(c, pointer(pointer(p, 'resources'), i), entry));
    };
    for (const [r, p] of list) add(r, p);
    const scope: TTemplateScope = {
      params: isObject(t['parameters']) ? t['parameters'] : {},
      paramValues,
      vars: isObject(t['variables']) ? t['variables'] : {},
      at,
      resources: [],
    };
    // The full static name ('VNet1/Subnet1'), when every segment is static.
    const names = flat.map((f) => {
      const parts = f.segments.map((seg) => evaluate(seg, scope));
      return parts.length > 0 && parts.every((p) => typeof p === 'string')
        ? parts.join('/')
        : undefined;
    });
    flat.forEach((f, i) => {
      const last = f.segments[f.segments.length - 1];
      const param = last && (callOf(last, 'parameters') ?? callOf(last, 'variables'));
      const base = kebab(
        names[i]?.split('/').pop() ??
          (param?.args[0]?.k === 'str'
            ? param.args[0].value.replace(/_?[Nn]ame$/, '')
            : undefined) ??
          f.type.split('/').pop()!.replace(/s$/, ''),
        40,
      );
      let id = base;
      for (let n = 2; ids.has(id); n++) id = `${base.slice(0, 44)}-${n}`;
      ids.add(id);
      scope.resources.push({
        type: f.type.toLowerCase(),
        segments: f.segments.map(canon),
        id,
        fullName: f.segments.length === 1 ? canon(f.segments[0]!) : '',
      });
    });
    flat.forEach((f, i) => {
      const id = scope.resources[i]!.id;
      const loc = where(f.type, f.at);
      const props = f.r['properties'];
      if (
        f.type.toLowerCase() === 'microsoft.resources/deployments' &&
        isObject(props) &&
        isObject(props['template'])
      ) {
        // A nested deployment: its resources join the design, its parameters set from the values given.
        const values = new Map<string, unknown>();
        if (isObject(props['parameters']))
          for (const [k, v] of Object.entries(props['parameters'])) {
            if (!isObject(v) || !('value' in v)) continue;
            const value = evaluateJson(v['value'], scope, ids);
            if (value !== UNRESOLVED && !hasRef(value)) values.set(k, value);
          }
        warnings.push({
          ...loc,
          message: `nested deployment ${id}: its resources are imported, the deployment itself is not a component`,
        });
        walkTemplate(props['template'], pointer(pointer(f.at, 'properties'), 'template'), values);
        return;
      }
      const apiVersion = str(f.r['apiVersion']);
      if (!/^\d{4}-\d{2}-\d{2}(-[a-z]+)?$/.test(apiVersion)) {
        unconverted.push({
          ...loc,
          kind: 'resource',
          name: id,
          reason: `API version ${apiVersion} is not one a design can hold`,
          text: JSON.stringify(f.r, null, 2),
        });
        return;
      }
      const args: Record<string, TResourceArg> = {};
      const left: string[] = [];
      for (const [k, v] of Object.entries(f.r)) {
        if (SKIP.has(k.toLowerCase())) continue;
        if (k === 'name') {
          const name = names[i];
          if (name !== undefined) args['name'] = name;
          else
            warnings.push({
              ...loc,
              message: `${id}: its name is computed; the naming convention names it instead`,
            });
          continue;
        }
        const value = evaluateJson(v, scope, ids, (path) => left.push(path), k);
        if (k === 'location') {
          // The builder writes the design's location parameter; a literal region is the design's.
          if (typeof value === 'string' && /^[a-z0-9]+$/.test(value) && value !== 'global')
            region ??= value;
          continue;
        }
        if (value !== UNRESOLVED) args[k] = value;
      }
      for (const path of left)
        warnings.push({
          ...loc,
          message: `${id}: ${path} is computed at deployment time and was left out`,
        });
      if (Array.isArray(f.r['dependsOn']) && f.r['dependsOn'].length > 0)
        warnings.push({
          ...loc,
          message: `${id}: dependsOn is not kept (a design orders resources by their references only)`,
        });
      if (f.type.split('/').length > 2)
        warnings.push({
          ...loc,
          message: `${id}: a child resource; a generic component has no parent, so the engine writes it as a top-level resource and may rewrite its 'parent/child' name: check it after generating`,
        });
      if (f.r['copy'] !== undefined)
        warnings.push({ ...loc, message: `${id}: a copy loop; imported as one component` });
      if (f.r['condition'] !== undefined)
        warnings.push({
          ...loc,
          message: `${id}: deployed under a condition; imported unconditionally`,
        });
      warnings.push({
        ...loc,
        message: `${f.type} ${id}: imported as a generic ARM resource component`,
      });
      components.push({
        id,
        service: ARM_RESOURCE_SERVICE,
        name: kebab(id, 40),
        properties: {},
        resource: { type: f.type, apiVersion, arguments: args },
      });
    });
  };
  if (isObject(template)) walkTemplate(template, '', new Map());
  const design = ZDesignV2.parse({
    v: 2,
    name: options.name ?? 'imported-arm-template',
    provider: 'azure',
    region: region ?? 'westeurope',
    layout: { bicep: 'single' },
    components,
  });
  return { files: [], design, warnings, unconverted };
}

export function armFilesToDesign(files: readonly TConvertFile[]): TConvertOutput {
  const warnings: TConvertWarning[] = [];
  const unconverted: TUnconverted[] = [];
  const components: TDesign['components'] = [];
  let design: TDesign | undefined;
  for (const f of files) {
    if (!/\.(json|jsonc)$/i.test(f.path)) continue;
    const { value, lines } = parseJsonWithLines(f.content, f.path);
    if (!isObject(value) || !/deploymentTemplate\.json/i.test(str(value['$schema']))) continue;
    const taken = new Set(components.map((c) => c.id));
    const r = armToDesign(value, {
      file: f.path,
      lines,
      name: f.path
        .replace(/\.[^.]+$/, '')
        .split('/')
        .pop()!,
      taken,
    });
    design ??= r.design;
    components.push(...r.design!.components);
    warnings.push(...r.warnings);
    unconverted.push(...r.unconverted);
  }
  if (!design)
    throw new ConvertError(
      'No ARM template in the upload (a .json file with a deploymentTemplate $schema).',
    );
  return { files: [], design: { ...design, components }, warnings, unconverted };
}
