import type { TFormat, TGeneratedFile } from '../emit/emitter';
import { isSharedModule } from '../emit/module-groups';

/** What each layout is, said once per layout: the first section of the README. */
const ENV_PAIR =
  'Each environment is a pair of files in `env/`: its values (`<env>.tfvars`) and where its state lives (`<env>.backend.hcl`), read by `terraform init -backend-config=…`. Variables that differ by environment have no default, so a plan without `-var-file` stops instead of mixing environments.';

const BICEP_PARAMS =
  "`main.<env>.bicepparam` holds each environment's values and reads secrets from environment variables (`readEnvironmentVariable`).";

const LAYOUTS: Record<string, string> = {
  'terraform/single': `One root module in a single file: \`main.tf\` holds the Terraform and provider versions, the (partial) backend, providers, variables, resources and outputs. ${ENV_PAIR}`,
  'terraform/standard': `One root module split by role: \`versions.tf\`, \`backend.tf\` (the partial backend), \`providers.tf\`, \`variables.tf\`, \`main.tf\` (resources) and \`outputs.tf\`. ${ENV_PAIR}`,
  'terraform/modules': `The root module wires one child module per kind of service (\`modules/<kind>/\`); a reference from one module to another travels as an output of the first and an input of the second. ${ENV_PAIR}`,
  'terraform/env-folders':
    'Each environment is its own root module in `envs/<env>/` with its own complete backend block (`backend.tf`), its values (`terraform.tfvars`) and so its own state; every root calls the shared `modules/stack`. A change to `envs/prod/` touches prod only; a change to `modules/stack/` reaches each environment at its next apply.',
  'bicep/single':
    "One Bicep file, `main.bicep`, holds every resource; `main.<env>.bicepparam` holds each environment's values and reads secrets from environment variables (`readEnvironmentVariable`).",
  'bicep/modules': `\`main.bicep\` calls one module per kind of service (\`modules/<kind>.bicep\`); a reference between modules travels as a module output and parameter. ${BICEP_PARAMS}`,
  'arm/single':
    'One ARM template, `azuredeploy.json` (deploymentTemplate 2019-04-01), and `azuredeploy.parameters.<env>.json` per environment; secure parameters are never in a file and are given to the deployment command.',
};

/** The layout's text; Bicep modules name the modules that kinds in a cycle share, if any. */
export function layoutText(
  format: TFormat,
  layout: string,
  files: readonly TGeneratedFile[],
): string {
  const shared = files.filter((f) => isSharedModule(f.path)).map((f) => `\`${f.path}\``);
  if (format !== 'bicep' || layout !== 'modules' || shared.length === 0)
    return LAYOUTS[`${format}/${layout}`] ?? '';
  return `\`main.bicep\` calls one module per kind of service (\`modules/<kind>.bicep\`), or per group of kinds that refer to each other (${shared.join(', ')}), inside which those references are plain symbols; a reference between modules travels as a module output and parameter. ${BICEP_PARAMS}`;
}
