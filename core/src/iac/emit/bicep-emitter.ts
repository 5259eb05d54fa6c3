import { buildArm, camel } from '../build/arm-build';
import { BuildError } from '../build/terraform-build';
import {
  collectArmRefs,
  isArmExpr,
  mapArm,
  param,
  parameterEnvVar,
  type TArmModel,
  type TArmNestedTemplate,
  type TArmOutput,
  type TArmParameter,
  type TArmResource,
  type TArmValue,
} from '../ir/arm-ir';
import { azurePipeline } from '../layout/ci/pipeline';
import { pipelineFile } from '../layout/ci/pipelines';
import { readme } from '../layout/readme';
import { configuredNodes } from '../layout/readme-settings';
import { bicepString, bicepValue, decorated, writeBicepValue } from './bicep-writer';
import { moduleOfKind } from './module-groups';
import { textBuffer, textOf, type TTextBuffer, write, writeLineStart } from './text-buffer';
import type { TEmitter, TGeneratedFile } from './emitter';

/**
 * Bicep: `main.bicep` (single) or `main.bicep` + one module per component kind (kinds that refer
 * to each other in a cycle share one), and a `.bicepparam` per environment.
 */
function renderParam(p: TArmParameter, withDefault = true): string {
  const decorators: string[] = [];
  if (p.secure) decorators.push('@secure()');
  if (p.allowed) decorators.push(`@allowed(${bicepValue([...p.allowed], '')})`);
  if (p.minLength !== undefined) decorators.push(`@minLength(${p.minLength})`);
  decorators.push(`@description(${bicepString(p.description)})`);
  const type = p.type;
  const def = withDefault && p.default !== undefined ? ` = ${bicepValue(p.default, '')}` : '';
  return decorated(decorators, `param ${p.name} ${type}${def}`);
}

/**
 * A nested deployment as a module call: the values of the deployment's parameters become the
 * module's `params`. `dir`: where the module files sit from the file calling them.
 */
function renderModule(r: TArmResource, template: TArmNestedTemplate, dir: string): string {
  const properties = r.body['properties'];
  const parameters =
    properties && typeof properties === 'object' && !Array.isArray(properties)
      ? (properties as Readonly<Record<string, TArmValue>>)['parameters']
      : undefined;
  const lines = [
    `module ${r.symbol} '${dir}${template.file}.bicep' = {`,
    `  name: ${bicepValue(r.name, '  ')}`,
    '  params: {',
  ];
  for (const [k, v] of Object.entries((parameters ?? {}) as Record<string, { value: TArmValue }>))
    lines.push(`    ${k}: ${bicepValue(v.value, '    ')}`);
  lines.push('  }');
  if (r.dependsOn && r.dependsOn.length > 0)
    lines.push('  dependsOn: [', ...r.dependsOn.map((d) => `    ${d}`), '  ]');
  lines.push('}');
  return lines.join('\n');
}

/** The module file of each nested deployment's template, once per file. */
function nestedFiles(model: TArmModel): TGeneratedFile[] {
  const files = new Map<string, string>();
  for (const r of model.resources)
    if (r.template && !files.has(r.template.file))
      files.set(r.template.file, single(r.template.model));
  return [...files].map(([file, content]) => ({ path: `modules/${file}.bicep`, content }));
}

/** A resource declaration written to `b` (a module call for a nested deployment). */
function writeResource(b: TTextBuffer, r: TArmResource, existing = false, dir = 'modules/'): void {
  if (r.template && !existing) return write(b, renderModule(r, r.template, dir));
  write(b, `resource ${r.symbol} '${r.type}@${r.apiVersion}' ${existing ? 'existing ' : ''}= {`);
  const line = (k: string, v: string) => {
    writeLineStart(b, 1);
    write(b, k);
    write(b, v);
  };
  if (r.parent) line('parent: ', r.parent);
  if (r.scope && !existing) line('scope: ', r.scope);
  line('name: ', '');
  writeBicepValue(b, r.name, 1);
  if (!existing) {
    for (const k in r.body) {
      line(k, ': ');
      writeBicepValue(b, r.body[k]!, 1);
    }
    if (r.dependsOn && r.dependsOn.length > 0) {
      line('dependsOn: [', '');
      for (const d of r.dependsOn) {
        writeLineStart(b, 2);
        write(b, d);
      }
      line(']', '');
    }
  }
  writeLineStart(b, 0);
  write(b, '}');
}

/**
 * A Bicep file: its declarations (text, or resources written in place) with a blank line between
 * them, and a final line break.
 */
function bicepFile(
  ...groups: readonly (readonly string[] | readonly (readonly [TArmResource, boolean, string])[])[]
): string {
  const b = textBuffer(1 << 16);
  for (const group of groups) {
    for (const block of group) {
      if (block === '') continue;
      if (b.pos > 0) write(b, '\n\n');
      if (typeof block === 'string') write(b, block);
      else writeResource(b, block[0], block[1], block[2]);
    }
  }
  write(b, '\n');
  return textOf(b);
}

const renderOutput = (o: Pick<TArmOutput, 'name' | 'type' | 'description' | 'value'>) =>
  decorated(
    [`@description(${bicepString(o.description)})`],
    `output ${o.name} ${o.type} = ${bicepValue(o.value, '')}`,
  );

/** One `.bicepparam` per environment: per-environment values, and secrets from the environment. */
export function bicepParamFiles(
  model: TArmModel,
  envs: readonly string[],
  template: string,
): TGeneratedFile[] {
  return envs.map((env) => {
    const lines = [`using '${template}'`, ''];
    for (const p of model.parameters) {
      const value = p.perEnv?.[env];
      if (value !== undefined) lines.push(`param ${p.name} = ${bicepValue(value, '')}`);
      else if (p.default === undefined)
        lines.push(`param ${p.name} = readEnvironmentVariable(${bicepString(parameterEnvVar(p))})`);
    }
    return { path: `main.${env}.bicepparam`, content: lines.join('\n') + '\n' };
  });
}

function single(model: TArmModel): string {
  return bicepFile(
    model.parameters.map((p) => renderParam(p)),
    model.resources.map((r) => [r, r.existing === true, 'modules/'] as const),
    model.outputs.map(renderOutput),
  );
}

const wireName = (symbol: string, path: string) =>
  camel(`${symbol}-${path.replace(/\[\d+\]/g, '').replace(/\./g, '-')}`);

interface TModulePlan {
  /** The module's parameters, and the value `main.bicep` gives each. */
  readonly params: Map<string, TArmParameter>;
  readonly inputs: Map<string, string>;
  readonly outputs: Map<string, TArmValue>;
  readonly existing: Map<string, TArmResource>;
  readonly deps: Set<string>;
  // Modules this one waits for without taking a value of theirs (a resource's dependsOn).
  readonly waits: Set<string>;
  /** Its resources, in the model's order, references to other modules rewired. */
  resources: TArmResource[];
}

const moduleSymbol = (mod: string) => camel(mod);

/** What each module declares, takes and gives; `moduleOf`: the module of each kind. */
function planModules(
  model: TArmModel,
  moduleOf: ReadonlyMap<string, string>,
): Map<string, TModulePlan> {
  const owner = new Map(model.resources.map((r) => [r.symbol, moduleOf.get(r.kind)!]));
  const bySymbol = new Map(model.resources.map((r) => [r.symbol, r]));
  const params = new Map(model.parameters.map((p) => [p.name, p]));
  const plans = new Map<string, TModulePlan>();
  for (const r of model.resources) {
    const mod = owner.get(r.symbol)!;
    if (!plans.has(mod))
      plans.set(mod, {
        inputs: new Map(),
        params: new Map(),
        outputs: new Map(),
        existing: new Map(),
        deps: new Set(),
        waits: new Set(),
        resources: [],
      });
    plans.get(mod)!.resources.push(r);
  }

  const outputsOf = new Map<string, TArmOutput[]>();
  const withResources = new Set(plans.keys());
  for (const o of model.outputs) {
    const mod = outputModule(o, owner, moduleOf, withResources);
    if (!outputsOf.has(mod)) outputsOf.set(mod, []);
    outputsOf.get(mod)!.push(o);
  }
  for (const [mod, plan] of plans) {
    // A resource of another module is declared `existing` here, named by one parameter: its id,
    // name and runtime properties then come from that declaration instead of a parameter each.
    const declareExisting = (symbol: string) => {
      // Declared once: every later reference would set the same entries again.
      if (plan.existing.has(symbol)) return;
      const p = bySymbol.get(symbol)!;
      const other = owner.get(symbol)!;
      // A child is declared under its parent (a Key Vault secret under its vault), itself declared
      // here too when another module holds it.
      if (p.parent && owner.get(p.parent) !== mod) declareExisting(p.parent);
      const nameParam = wireName(p.symbol, 'name');
      plan.params.set(nameParam, {
        name: nameParam,
        type: 'string',
        description: `Name of ${p.symbol} from module ${moduleSymbol(other)}.`,
      });
      plan.inputs.set(nameParam, `${moduleSymbol(other)}.outputs.${nameParam}`);
      plans.get(other)!.outputs.set(nameParam, { $: 'aref', symbol: p.symbol, path: 'name' });
      plan.existing.set(p.symbol, { ...p, name: param(nameParam), body: {} });
      plan.deps.add(other);
    };
    const f = (e: TArmValue): TArmValue | undefined => {
      if (!isArmExpr(e)) return undefined;
      if (e.$ === 'param') {
        const p = params.get(e.name);
        if (p) plan.params.set(p.name, p);
        plan.inputs.set(e.name, e.name);
        return e;
      }
      if (e.$ !== 'aref') return undefined;
      const other = owner.get(e.symbol);
      if (other === undefined || other === mod) return undefined;
      if (!bySymbol.get(e.symbol)!.parent) {
        declareExisting(e.symbol);
        return e;
      }
      const name = wireName(e.symbol, e.path);
      plan.params.set(name, {
        name,
        type: 'string',
        description: `${e.symbol}.${e.path} from module ${moduleSymbol(other)}.`,
      });
      plan.inputs.set(name, `${moduleSymbol(other)}.outputs.${name}`);
      plans.get(other)!.outputs.set(name, e);
      plan.deps.add(other);
      return param(name);
    };
    plan.resources = plan.resources.map((r) => {
      // A parent or scope another module holds is declared `existing` here.
      const parent = r.parent;
      if (parent && owner.get(parent) !== mod) declareExisting(parent);
      if (r.scope && owner.get(r.scope) !== mod) declareExisting(r.scope);
      const body = mapArm(r.body, f) as Record<string, TArmValue>;
      const name = mapArm(r.name, f);
      const deps = (r.dependsOn ?? []).filter((d) => owner.get(d) === mod);
      // A resource that waits for one of another module: this module waits for that one.
      for (const d of r.dependsOn ?? []) {
        const other = owner.get(d);
        if (other !== undefined && other !== mod) plan.waits.add(other);
      }
      return { ...r, body, name, ...(parent ? { parent } : {}), dependsOn: deps };
    });
    // What an output reads of other modules comes in as a resource's references do.
    for (const o of outputsOf.get(mod) ?? []) plan.outputs.set(o.name, mapArm(o.value, f));
  }
  for (const plan of plans.values()) for (const k of plan.waits) plan.deps.add(k);
  return plans;
}

/**
 * The module that gives an output: its component's own, where what it reads of other modules
 * comes in as for a resource (a cluster's settings, from the stores it is connected to); else
 * that of the resources it reads.
 */
function outputModule(
  o: TArmOutput,
  owner: ReadonlyMap<string, string>,
  moduleOf: ReadonlyMap<string, string>,
  withResources: ReadonlySet<string>,
): string {
  const own = moduleOf.get(o.kind);
  if (own !== undefined && withResources.has(own)) return own;
  return owner.get(collectArmRefs(o.value)[0]?.symbol ?? '') ?? own ?? o.kind;
}

/**
 * `main.bicep` and one module per kind of service. Kinds that refer to each other in a cycle
 * (Front Door's profile id in an app's access rules, the app's host name in its origin) share one
 * module instead, where those references are plain symbols: planned per kind first, then again
 * with those kinds together, the modules refer to each other without a cycle.
 */
function modules(model: TArmModel): TGeneratedFile[] {
  const kinds = new Set(model.resources.map((r) => r.kind as string));
  let plans = planModules(model, new Map([...kinds].map((k) => [k, k])));
  const moduleOf = moduleOfKind(new Map([...plans].map(([k, p]) => [k, p.deps])));
  if ([...moduleOf].some(([k, m]) => k !== m)) plans = planModules(model, moduleOf);
  checkAcyclic(plans);
  const owner = new Map(model.resources.map((r) => [r.symbol, moduleOf.get(r.kind)!]));
  const files: TGeneratedFile[] = [];
  const mainOutputs: string[] = [];
  const withResources = new Set(plans.keys());
  for (const o of model.outputs) {
    const mod = outputModule(o, owner, moduleOf, withResources);
    mainOutputs.push(
      renderOutput({
        ...o,
        value: { $: 'param', name: `${moduleSymbol(mod)}.outputs.${o.name}` },
      }),
    );
  }
  const calls: string[] = [];
  const described = new Map(model.outputs.map((o) => [o.name, o]));
  for (const mod of [...plans.keys()].sort()) {
    const plan = plans.get(mod)!;
    const moduleParams = [...plan.params.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    const content = bicepFile(
      moduleParams.map((p) => renderParam({ ...p, default: undefined }, false)),
      [...plan.existing.values()].map((r) => [r, true, 'modules/'] as const),
      plan.resources.map((r) => [r, false, ''] as const),
      [...plan.outputs.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, value]) =>
          renderOutput({
            name,
            type: described.get(name)?.type ?? 'string',
            description: described.get(name)?.description ?? `${name} for other modules.`,
            value,
          }),
        ),
    );
    files.push({ path: `modules/${mod}.bicep`, content });
    const lines = [
      `module ${moduleSymbol(mod)} 'modules/${mod}.bicep' = {`,
      // A deployment's name has at most 64 characters; a long group of kinds is cut short.
      `  name: ${bicepString(mod.slice(0, 64))}`,
      '  params: {',
    ];
    for (const [k, v] of [...plan.inputs.entries()].sort(([a], [b]) => (a < b ? -1 : 1)))
      lines.push(`    ${k}: ${v}`);
    lines.push('  }');
    // Only waits no value of the other module already orders (Bicep infers those).
    const inputs = [...plan.inputs.values()].join(' ');
    const waits = [...plan.waits]
      .filter((k) => !inputs.includes(`${moduleSymbol(k)}.outputs.`))
      .sort()
      .map((k) => `    ${moduleSymbol(k)}`);
    if (waits.length > 0) lines.push('  dependsOn: [', ...waits, '  ]');
    lines.push('}');
    calls.push(lines.join('\n'));
  }
  files.push({
    path: 'main.bicep',
    content: bicepFile(
      model.parameters.map((p) => renderParam(p)),
      calls,
      mainOutputs,
    ),
  });
  return files;
}

/** An assertion: kinds in a cycle share one module, so the modules cannot depend in a cycle. */
function checkAcyclic(plans: ReadonlyMap<string, { deps: ReadonlySet<string> }>): void {
  const state = new Map<string, number>();
  const visit = (k: string, path: string[]) => {
    if (state.get(k) === 2) return;
    if (state.get(k) === 1)
      throw new BuildError(
        `modules ${[...path, k].join(' -> ')} depend on each other, which grouping them should have prevented`,
      );
    state.set(k, 1);
    for (const d of plans.get(k)?.deps ?? []) visit(d, [...path, k]);
    state.set(k, 2);
  };
  for (const k of plans.keys()) visit(k, []);
}

export const bicepEmitter: TEmitter = {
  format: 'bicep',
  clouds: ['azure'],
  layouts: ['single', 'modules'],
  defaultLayout: 'modules',
  emit(input) {
    const model = input.armModel ?? buildArm(input.resolved, input.names);
    const envs = input.resolved.design.environments.map((e) => e.name);
    const files =
      input.layout === 'single' ? [{ path: 'main.bicep', content: single(model) }] : modules(model);
    files.push(...nestedFiles(model));
    files.push(...bicepParamFiles(model, envs, 'main.bicep'));
    const pipeline = azurePipeline(input, 'bicep', model);
    if (input.ci) files.push(pipelineFile(input, pipeline));
    if (input.readme) files.push(readme(input, 'bicep', files, pipeline, configuredNodes(model)));
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  },
};
