import { buildTerraform } from '../build/terraform-build';
import { CLOUD_PROFILES } from '../catalog/registry';
import type { TTfModel } from '../ir/terraform-ir';
import { backendFile, backendLines, stateBackendOf, type TStateBackend } from '../layout/backend';
import { terraformPipeline } from '../layout/ci/pipeline';
import { pipelineFile } from '../layout/ci/pipelines';
import { environmentFiles, rootVariable } from '../layout/environment-files';
import { readme } from '../layout/readme';
import { configuredNodes } from '../layout/readme-settings';
import { envFolders, moduleLayout } from '../layout/terraform-modules';
import type { TEmitInput, TEmitter, TGeneratedFile } from './emitter';
import {
  joinBlocks,
  renderOutput,
  renderProviders,
  renderResource,
  renderResources,
  renderVersions,
} from './terraform-render';

export const TERRAFORM_LAYOUT_NAMES = ['single', 'standard', 'modules', 'env-folders'] as const;

export function terraformModel(input: TEmitInput): TTfModel {
  if (input.tfModel) return input.tfModel;
  const profile = CLOUD_PROFILES[input.resolved.design.provider];
  return buildTerraform(input.resolved, profile, input.names);
}

/**
 * The standard split; `single` puts the same blocks in one main.tf. Both share one root, so
 * each environment is a pair of files: its values and its state (`env/<env>.*`).
 */
function standard(
  model: TTfModel,
  envs: readonly string[],
  backend: TStateBackend,
  single: boolean,
): TGeneratedFile[] {
  const providers = renderProviders(model.providers);
  const variables = model.variables.map((v) => rootVariable(v, envs));
  const outputs = model.outputs.map(renderOutput);
  const perEnv = environmentFiles(model.variables, envs, backend);
  if (single) {
    const versions = renderVersions(model.providers, {
      requiredVersion: backend.requiredVersion,
      extra: backendLines(backend),
    });
    return [
      {
        path: 'main.tf',
        content: joinBlocks([
          versions,
          ...providers,
          ...variables,
          ...model.resources.map(renderResource),
          ...outputs,
        ]),
      },
      ...perEnv,
    ];
  }
  return [
    { path: 'backend.tf', content: backendFile(backend) },
    {
      path: 'versions.tf',
      content: joinBlocks([
        renderVersions(model.providers, { requiredVersion: backend.requiredVersion }),
      ]),
    },
    { path: 'providers.tf', content: joinBlocks(providers) },
    { path: 'variables.tf', content: joinBlocks(variables) },
    { path: 'main.tf', content: renderResources(model.resources) },
    { path: 'outputs.tf', content: joinBlocks(outputs) },
    ...perEnv,
  ];
}

export const terraformEmitter: TEmitter = {
  format: 'terraform',
  clouds: ['aws', 'azure', 'gcp', 'oci'],
  layouts: TERRAFORM_LAYOUT_NAMES,
  defaultLayout: 'standard',
  emit(input) {
    const model = terraformModel(input);
    const { design } = input.resolved;
    const envs = design.environments.map((e) => e.name);
    const backend = stateBackendOf(design);
    let files: TGeneratedFile[];
    switch (input.layout) {
      case 'single':
        files = standard(model, envs, backend, true);
        break;
      case 'modules':
        files = moduleLayout(model, envs, backend);
        break;
      case 'env-folders':
        files = envFolders(model, envs, backend);
        break;
      default:
        files = standard(model, envs, backend, false);
    }
    const pipeline = terraformPipeline(input, model);
    if (input.ci) files.push(pipelineFile(input, pipeline));
    if (input.readme)
      files.push(
        readme(input, 'terraform', files, pipeline, configuredNodes(model), model.resources),
      );
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  },
};
