import { buildArm } from '../build/arm-build';
import { collectArmRefs, type TArmModel, type TArmParameter } from '../ir/arm-ir';
import { azurePipeline } from '../layout/ci/pipeline';
import { pipelineFile } from '../layout/ci/pipelines';
import { readme } from '../layout/readme';
import { configuredNodes } from '../layout/readme-settings';
import { nameChain, objectToJson, resourceIdExpr, toJson, type TArmScope } from './arm-expr';
import type { TEmitter, TGeneratedFile } from './emitter';

/** ARM: `azuredeploy.json` (deploymentTemplate 2019-04-01) and a parameters file per environment. */
export const TEMPLATE_SCHEMA =
  'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
export const PARAMETERS_SCHEMA =
  'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#';

const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

function parameterJson(scope: TArmScope, p: TArmParameter): Record<string, unknown> {
  return {
    type: p.secure ? (p.type === 'object' ? 'secureObject' : 'securestring') : p.type,
    ...(p.default !== undefined ? { defaultValue: toJson(scope, p.default) } : {}),
    ...(p.allowed ? { allowedValues: [...p.allowed] } : {}),
    ...(p.minLength !== undefined ? { minLength: p.minLength } : {}),
    metadata: { description: p.description },
  };
}

export function armTemplate(model: TArmModel): Record<string, unknown> {
  const scope: TArmScope = {
    bySymbol: new Map(model.resources.map((r) => [r.symbol, r])),
    ids: new Map(),
    names: new Map(),
  };
  const resources = model.resources
    .filter((r) => !r.existing)
    .map((r) => {
      // dependsOn from the graph: parent, every referenced resource, explicit extras; none on a
      // resource deployed elsewhere.
      const deps: string[] = [];
      const add = (symbol: string) => {
        if (symbol === r.symbol || deps.includes(symbol)) return;
        if (!scope.bySymbol.get(symbol)?.existing) deps.push(symbol);
      };
      if (r.parent) add(r.parent);
      if (r.scope) add(r.scope);
      for (const ref of collectArmRefs([r.name, r.body])) add(ref.symbol);
      for (const d of r.dependsOn ?? []) add(d);
      const name = r.parent ? nestedName(scope, r.symbol) : toJson(scope, r.name);
      const out: Record<string, unknown> = {
        type: r.type,
        apiVersion: r.apiVersion,
        ...(r.scope ? { scope: `[${resourceIdExpr(scope, r.scope)}]` } : {}),
        name,
      };
      objectToJson(scope, r.body, out);
      // A nested deployment's template is a template of its own: its expressions stay unescaped.
      if (r.template)
        out['properties'] = {
          ...(out['properties'] as Record<string, unknown>),
          template: armTemplate(r.template.model),
        };
      if (deps.length > 0) out['dependsOn'] = deps.map((d) => `[${resourceIdExpr(scope, d)}]`);
      return out;
    });
  return {
    $schema: TEMPLATE_SCHEMA,
    contentVersion: '1.0.0.0',
    metadata: { _generator: { name: 'stratum' } },
    parameters: Object.fromEntries(model.parameters.map((p) => [p.name, parameterJson(scope, p)])),
    resources,
    outputs: Object.fromEntries(
      model.outputs.map((o) => [
        o.name,
        { type: o.type, value: toJson(scope, o.value), metadata: { description: o.description } },
      ]),
    ),
  };
}

/** `parent/child` names: literal when every segment is, else a `format()` expression. */
function nestedName(scope: TArmScope, symbol: string): string {
  const chain = nameChain(scope, symbol);
  const literal = chain.every((c) => /^'(?:[^']|'')*'$/.test(c));
  if (literal) return chain.map((c) => c.slice(1, -1).replace(/''/g, "'")).join('/');
  return `[format('${chain.map((_, i) => `{${i}}`).join('/')}', ${chain.join(', ')})]`;
}

export function armParameterFiles(model: TArmModel, envs: readonly string[]): TGeneratedFile[] {
  return envs.map((env) => {
    const values: Record<string, { value: unknown }> = {};
    for (const p of model.parameters) {
      const v = p.perEnv?.[env];
      if (v !== undefined && !p.secure)
        values[p.name] = { value: p.type === 'array' && typeof v === 'string' ? v.split(',') : v };
    }
    return {
      path: `azuredeploy.parameters.${env}.json`,
      content: json({ $schema: PARAMETERS_SCHEMA, contentVersion: '1.0.0.0', parameters: values }),
    };
  });
}

export const armEmitter: TEmitter = {
  format: 'arm',
  clouds: ['azure'],
  layouts: ['single'],
  defaultLayout: 'single',
  emit(input) {
    const model = input.armModel ?? buildArm(input.resolved, input.names);
    const envs = input.resolved.design.environments.map((e) => e.name);
    const files: TGeneratedFile[] = [
      { path: 'azuredeploy.json', content: json(armTemplate(model)) },
      ...armParameterFiles(model, envs),
    ];
    const pipeline = azurePipeline(input, 'arm', model);
    if (input.ci) files.push(pipelineFile(input, pipeline));
    if (input.readme) files.push(readme(input, 'arm', files, pipeline, configuredNodes(model)));
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  },
};
