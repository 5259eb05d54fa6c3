import { buildTerraform } from '../build/terraform-build';
import { CLOUD_PROFILES } from '../catalog/registry';
import type { TTfModel, TTfValue, TTfVariable } from '../ir/terraform-ir';
import { ciWorkflow, readme } from '../layout/extras';
import { envFolders, moduleLayout } from '../layout/terraform-modules';
import type { TEmitInput, TEmitter, TGeneratedFile } from './emitter';
import {
  joinBlocks,
  renderOutput,
  renderProviders,
  renderResource,
  renderTfvars,
  renderVariable,
  renderVersions,
} from './terraform-render';

export const TERRAFORM_LAYOUT_NAMES = ['single', 'standard', 'modules', 'env-folders'] as const;

export function terraformModel(input: TEmitInput): TTfModel {
  if (input.tfModel) return input.tfModel;
  const profile = CLOUD_PROFILES[input.resolved.design.provider];
  return buildTerraform(input.resolved, profile, input.names);
}

/** Variable values of one environment (only those that differ by environment). */
export function tfvarsFor(variables: readonly TTfVariable[], env: string): [string, TTfValue][] {
  return variables.flatMap((v): [string, TTfValue][] => {
    const value = v.perEnv?.[env];
    return value === undefined ? [] : [[v.name, value]];
  });
}

/** The standard split; `single` puts the same blocks in one main.tf. */
function standard(model: TTfModel, envs: readonly string[], single: boolean): TGeneratedFile[] {
  const versions = renderVersions(model.providers);
  const providers = renderProviders(model.providers);
  const variables = model.variables.map(renderVariable);
  const resources = model.resources.map(renderResource);
  const outputs = model.outputs.map(renderOutput);
  if (single) {
    return [
      {
        path: 'main.tf',
        content: joinBlocks([versions, ...providers, ...variables, ...resources, ...outputs]),
      },
    ];
  }
  const files: TGeneratedFile[] = [
    { path: 'versions.tf', content: joinBlocks([versions]) },
    { path: 'providers.tf', content: joinBlocks(providers) },
    { path: 'variables.tf', content: joinBlocks(variables) },
    { path: 'main.tf', content: joinBlocks(resources) },
    { path: 'outputs.tf', content: joinBlocks(outputs) },
  ];
  const first = envs[0] ?? 'dev';
  files.push({
    path: 'terraform.tfvars',
    content: renderTfvars(tfvarsFor(model.variables, first)),
  });
  for (const env of envs.slice(1)) {
    files.push({
      path: `env/${env}.tfvars`,
      content: renderTfvars(tfvarsFor(model.variables, env)),
    });
  }
  return files;
}

export const terraformEmitter: TEmitter = {
  format: 'terraform',
  clouds: ['aws', 'azure', 'gcp', 'oci'],
  layouts: TERRAFORM_LAYOUT_NAMES,
  defaultLayout: 'standard',
  emit(input) {
    const model = terraformModel(input);
    const envs = input.resolved.design.environments.map((e) => e.name);
    let files: TGeneratedFile[];
    switch (input.layout) {
      case 'single':
        files = standard(model, envs, true);
        break;
      case 'modules':
        files = moduleLayout(model, envs);
        break;
      case 'env-folders':
        files = envFolders(model, envs);
        break;
      default:
        files = standard(model, envs, false);
    }
    if (input.readme) files.push(readme(input, 'terraform', files));
    if (input.ci) files.push(ciWorkflow(input, files));
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  },
};
