import type { TGeneratedFile } from '../emit/emitter';
import {
  aliasesUsed,
  joinBlocks,
  providersArgument,
  raw,
  renderOutput,
  renderProviders,
  renderResource,
  renderResources,
  renderTfvars,
  renderVariable,
  renderVersions,
} from '../emit/terraform-render';
import { backendFile, type TStateBackend } from './backend';
import { environmentFiles, rootVariable, tfvarsFor } from './environment-files';
import { hclBlock } from '../emit/hcl-writer';
import {
  collectRefs,
  mapRefs,
  ref,
  tfVar,
  type TTfModel,
  type TTfResource,
  type TTfValue,
  type TTfVariable,
} from '../ir/terraform-ir';

/**
 * Module layouts. References that cross a module boundary become a module variable fed by the
 * other module's output, so the root only wires modules together.
 */
const ROOT = '';

const addressOf = (r: TTfResource) =>
  r.mode === 'data' ? `data.${r.type}.${r.name}` : `${r.type}.${r.name}`;
const moduleIdent = (m: string) => m.replace(/-/g, '_');
const sanitize = (s: string) =>
  s
    .replace(/^data\./, 'data_')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+$/, '');

/** `aws_subnet.web` -> `subnet_web` (provider prefix dropped): what a wired value's name starts with. */
function wireStem(address: string): { type: string; stem: string } {
  const [type = '', ...rest] = address.replace(/^data\./, 'data_').split('.');
  const short = type.replace(/^(data_)?[a-z]+_/, '$1');
  return { type: short, stem: sanitize([short, ...rest].join('_')) };
}

/**
 * Names the variables that carry a value from one module to another: `aws_subnet.web` + `id` ->
 * `subnet_web_id`. A resource named after its type's last word says it once (`aws_vpc.vpc` +
 * `id` -> `vpc_id`, not `vpc_vpc_id`), unless another resource's wired values or one of the
 * design's variables could have that name.
 */
function wireNamer(
  resources: readonly TTfResource[],
  variables: ReadonlySet<string>,
): (address: string, attr: string) => string {
  const stems = new Set(resources.map((r) => wireStem(addressOf(r)).stem));
  const isFree = (name: string) => {
    if (variables.has(name)) return false;
    for (let i = name.indexOf('_'); i > 0; i = name.indexOf('_', i + 1))
      if (stems.has(name.slice(0, i))) return false;
    return true;
  };
  return (address, attr) => {
    const { type, stem } = wireStem(address);
    const full = sanitize(`${stem}_${attr}`);
    const word = type.slice(type.lastIndexOf('_') + 1);
    if (stem !== `${type}_${word}`) return full;
    const short = sanitize(`${type}_${attr}`);
    return isFree(short) ? short : full;
  };
}

interface TModulePlan {
  readonly name: string;
  readonly resources: TTfResource[];
  readonly variables: Map<string, TTfVariable>;
  /** Root argument of the module call for each variable. */
  readonly inputs: Map<string, TTfValue>;
  readonly outputs: Map<string, TTfValue>;
  readonly dependsOn: Set<string>;
}

export function moduleLayout(
  model: TTfModel,
  envs: readonly string[],
  backend: TStateBackend,
): TGeneratedFile[] {
  const owner = new Map<string, string>();
  const plans = new Map<string, TModulePlan>();
  const planOf = (name: string): TModulePlan => {
    let p = plans.get(name);
    if (!p) {
      p = {
        name,
        resources: [],
        variables: new Map(),
        inputs: new Map(),
        outputs: new Map(),
        dependsOn: new Set(),
      };
      plans.set(name, p);
    }
    return p;
  };
  for (const r of model.resources) owner.set(addressOf(r), r.node ? r.kind : ROOT);
  const variables = new Map(model.variables.map((v) => [v.name, v]));
  const wireName = wireNamer(model.resources, new Set(variables.keys()));
  const rootResources: TTfResource[] = [];
  // A data source that reads nothing of the design's (the account, the partition) is declared
  // again in each module that uses it: wired from the module that happened to declare it first,
  // it made modules depend on unrelated ones, closing cycles that cost needed depends_on.
  const copies = new Map<string, TTfResource>();
  for (const r of model.resources)
    if (r.mode === 'data' && collectRefs(r.body).every((x) => x.address.startsWith('var.')))
      copies.set(addressOf(r), r);
  const copied = new Map<string, Set<string>>();

  /**
   * A value of module `mine` as the module sees it: variables it reads are declared in it, and
   * references to another module's (or the root's) resources come in as wired variables.
   */
  const rewire = <T extends TTfValue | TTfResource['body']>(mine: string, value: T): T => {
    const plan = planOf(mine);
    return mapRefs(value, (x): TTfValue => {
      if (x.address.startsWith('var.')) {
        const name = x.address.slice(4);
        const v = variables.get(name);
        if (v) plan.variables.set(name, { ...v, default: undefined, perEnv: undefined });
        plan.inputs.set(name, tfVar(name));
        return x;
      }
      const other = owner.get(x.address);
      if (other === undefined || other === mine) return x;
      const copy = other === ROOT ? undefined : copies.get(x.address);
      if (copy) {
        let declared = copied.get(mine);
        if (!declared) copied.set(mine, (declared = new Set()));
        if (!declared.has(x.address)) {
          declared.add(x.address);
          // Not the node's own resource: the node's outputs stay with the module it is in.
          plan.resources.push({ ...copy, node: '', body: rewire(mine, copy.body) });
        }
        return x;
      }
      const wire = wireName(x.address, x.attr);
      plan.variables.set(wire, {
        name: wire,
        type: 'any',
        description: `${x.address}.${x.attr} from ${other || 'root'}.`,
      });
      if (other === ROOT) plan.inputs.set(wire, x);
      else {
        planOf(other).outputs.set(wire, x);
        plan.inputs.set(wire, ref(`module.${moduleIdent(other)}`, wire));
      }
      return tfVar(wire);
    });
  };

  for (const r of model.resources) {
    const mine = owner.get(addressOf(r)) ?? ROOT;
    if (mine === ROOT) {
      rootResources.push(r);
      continue;
    }
    const plan = planOf(mine);
    const rewired = rewire(mine, r.body);
    const deps = (r.dependsOn ?? []).filter((d) => {
      const other = owner.get(d);
      if (other !== undefined && other !== mine && other !== ROOT) plan.dependsOn.add(other);
      return other === mine;
    });
    plan.resources.push({
      ...r,
      body: rewired,
      ...(deps.length > 0 ? { dependsOn: deps } : { dependsOn: undefined }),
    });
  }
  dropCyclicDependsOn(plans);

  const files: TGeneratedFile[] = [];
  const rootOutputs: string[] = [];
  // The module of each node, looked up per output (a search of every module's resources for
  // each output made the modules layout quadratic in the design's size).
  const planOfNode = new Map<string, TModulePlan>();
  for (const p of plans.values())
    for (const r of p.resources) if (!planOfNode.has(r.node)) planOfNode.set(r.node, p);
  for (const o of model.outputs) {
    const mine = planOfNode.get(o.node);
    if (!mine) {
      rootOutputs.push(renderOutput(o));
      continue;
    }
    // An output may read a variable or another module's resource, as a resource body does.
    mine.outputs.set(o.name, rewire(mine.name, o.value));
    rootOutputs.push(
      renderOutput({ ...o, value: ref(`module.${moduleIdent(mine.name)}`, o.name) }),
    );
  }
  const names = [...plans.keys()].sort();
  const calls: string[] = [];
  const describedOutputs = new Map(model.outputs.map((o) => [o.name, o.description]));
  for (const name of names) {
    const p = plans.get(name)!;
    const dir = `modules/${name}`;
    files.push(
      { path: `${dir}/main.tf`, content: renderResources(p.resources) },
      {
        path: `${dir}/variables.tf`,
        content: joinBlocks([...p.variables.values()].sort(byName).map(renderVariable)),
      },
      {
        path: `${dir}/outputs.tf`,
        content: joinBlocks(
          [...p.outputs.entries()]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([n, value]) =>
              renderOutput({
                name: n,
                description: describedOutputs.get(n) ?? `${n} for other modules.`,
                value,
              }),
            ),
        ),
      },
      {
        path: `${dir}/versions.tf`,
        content: joinBlocks([
          renderVersions(model.providers, { configurationAliases: aliasesUsed(p.resources) }),
        ]),
      },
    );
    const args: Record<string, TTfValue> = { source: `./${dir}` };
    const passed = providersArgument(aliasesUsed(p.resources));
    if (passed) args['providers'] = passed;
    for (const [k, v] of [...p.inputs.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) args[k] = v;
    if (p.dependsOn.size > 0)
      args['depends_on'] = [...p.dependsOn].sort().map((d) => raw(`module.${moduleIdent(d)}`));
    calls.push(hclBlock(['module', moduleIdent(name)], args));
  }
  files.push(
    { path: 'backend.tf', content: backendFile(backend) },
    {
      path: 'versions.tf',
      content: joinBlocks([
        renderVersions(model.providers, { requiredVersion: backend.requiredVersion }),
      ]),
    },
    { path: 'providers.tf', content: joinBlocks(renderProviders(model.providers)) },
    {
      path: 'variables.tf',
      content: joinBlocks(model.variables.map((v) => rootVariable(v, envs))),
    },
    { path: 'main.tf', content: joinBlocks([...rootResources.map(renderResource), ...calls]) },
    { path: 'outputs.tf', content: joinBlocks(rootOutputs) },
    ...environmentFiles(model.variables, envs, backend),
  );
  return files;
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);

/** Module-level depends_on must not close a cycle with the data flow between modules. */
function dropCyclicDependsOn(plans: Map<string, TModulePlan>): void {
  const byIdent = new Map<string, string>();
  for (const k of plans.keys()) if (!byIdent.has(moduleIdent(k))) byIdent.set(moduleIdent(k), k);
  // The modules a module's inputs read do not change here: collected once per module, not on
  // every step of every search below.
  const inputsOf = new Map<string, string[]>();
  const edges = (name: string): string[] => {
    const p = plans.get(name);
    if (!p) return [];
    let fromInputs = inputsOf.get(name);
    if (!fromInputs) {
      const read = new Set<string>();
      for (const v of p.inputs.values())
        for (const r of collectRefs(v))
          if (r.address.startsWith('module.')) read.add(r.address.slice(7));
      fromInputs = [...read];
      inputsOf.set(name, fromInputs);
    }
    return [...fromInputs, ...p.dependsOn].map((m) => byIdent.get(m) ?? m);
  };
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (from === to) return true;
    if (seen.has(from)) return false;
    seen.add(from);
    return edges(from).some((n) => reaches(n, to, seen));
  };
  for (const p of plans.values()) {
    for (const d of [...p.dependsOn]) {
      p.dependsOn.delete(d);
      if (!reaches(d, p.name)) p.dependsOn.add(d);
    }
  }
}

/**
 * One folder per environment calling a shared `modules/stack` with that environment's values;
 * each folder is its own root with its own complete backend block (own state).
 */
export function envFolders(
  model: TTfModel,
  envs: readonly string[],
  backend: TStateBackend,
): TGeneratedFile[] {
  const stack = 'modules/stack';
  const stackVars = model.variables.map((v) =>
    renderVariable({ ...v, default: v.perEnv ? undefined : v.default }),
  );
  const files: TGeneratedFile[] = [
    { path: `${stack}/main.tf`, content: renderResources(model.resources) },
    { path: `${stack}/variables.tf`, content: joinBlocks(stackVars) },
    { path: `${stack}/outputs.tf`, content: joinBlocks(model.outputs.map(renderOutput)) },
    {
      path: `${stack}/versions.tf`,
      content: joinBlocks([
        renderVersions(model.providers, { configurationAliases: aliasesUsed(model.resources) }),
      ]),
    },
  ];
  const passed = providersArgument(aliasesUsed(model.resources));
  for (const env of envs) {
    const dir = `envs/${env}`;
    const args: Record<string, TTfValue> = { source: '../../modules/stack' };
    if (passed) args['providers'] = passed;
    for (const v of model.variables) args[v.name] = tfVar(v.name);
    files.push(
      { path: `${dir}/backend.tf`, content: backendFile(backend, env) },
      {
        path: `${dir}/versions.tf`,
        content: joinBlocks([
          renderVersions(model.providers, { requiredVersion: backend.requiredVersion }),
        ]),
      },
      { path: `${dir}/providers.tf`, content: joinBlocks(renderProviders(model.providers)) },
      {
        path: `${dir}/variables.tf`,
        content: joinBlocks(
          model.variables.map((v) =>
            renderVariable({ ...v, default: v.perEnv?.[env] ?? v.default }),
          ),
        ),
      },
      {
        path: `${dir}/main.tf`,
        content: joinBlocks([hclBlock(['module', 'stack'], args)]),
      },
      {
        path: `${dir}/outputs.tf`,
        content: joinBlocks(
          model.outputs.map((o) => renderOutput({ ...o, value: ref('module.stack', o.name) })),
        ),
      },
      { path: `${dir}/terraform.tfvars`, content: renderTfvars(tfvarsFor(model.variables, env)) },
    );
  }
  return files;
}
