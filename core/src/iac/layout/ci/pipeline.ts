import { parameterEnvVar, type TArmModel } from '../../ir/arm-ir';
import type { TTfModel, TTfVariable } from '../../ir/terraform-ir';
import type { TEmitInput, TFormat } from '../../emit/emitter';
import type { TCloud } from '../../types';
import { stateBackendOf } from '../backend';
import { LAMBDA_PACKAGES_SECTION, lambdaPackages } from '../../catalog/aws/readme-packages';
import { FUNCTION_SOURCES_SECTION, functionPackages } from '../../catalog/gcp/readme-packages';

/** Terraform, or the Azure CLI for Bicep and ARM. */
export type TPipelineTool = 'terraform' | 'azure-cli';

/** A value the pipeline reads from its store into an environment variable of a step. */
export interface TPipelineInput {
  /** Name in the pipeline's store, without the environment (`DB_ADMIN_PASSWORD`). */
  readonly name: string;
  /** Environment variable the commands read (`TF_VAR_db_admin_password`). */
  readonly env: string;
  readonly isSecret: boolean;
  readonly description: string;
}

export interface TPipelineEnv {
  readonly name: string;
  readonly dir: string;
  /** Shell commands, run in `dir`. */
  readonly setup: readonly string[];
  readonly plan: readonly string[];
  readonly apply: readonly string[];
  /** What a person runs in `dir` to plan and apply this environment (the README). */
  readonly local: readonly string[];
}

/** A file the code reads at every plan, which the pipeline must build first (a Lambda package, a function's source archive). */
export interface TPipelinePackage {
  /** For messages: `Lambda package of ingest`. */
  readonly what: string;
  /** The environment variable giving its path (`TF_VAR_ingest_package`). */
  readonly env: string;
  /** Its path when the variable is unset, relative to the environment's folder. */
  readonly path: string;
  /** The README section that says how to build it. */
  readonly section: string;
}

/**
 * What a generated pipeline does, independent of GitHub or GitLab: for each environment, the
 * folder, the commands and the values it reads from the pipeline's secret store. Both
 * renderers and the README read this one model, so the README documents exactly what the
 * pipeline references.
 */
export interface TPipeline {
  readonly tool: TPipelineTool;
  readonly format: TFormat;
  readonly cloud: TCloud;
  readonly region: string;
  readonly envs: readonly TPipelineEnv[];
  /** Values the infrastructure code needs (sensitive variables, required settings). */
  readonly inputs: readonly TPipelineInput[];
  /** Checked before `terraform init` in every plan and apply job, where the user builds them. */
  readonly packages: readonly TPipelinePackage[];
}

/** Pinned so `required_version` (>= 1.12 for the OCI backend) always holds in the pipeline. */
export const TERRAFORM_VERSION = '1.12.2';

const upper = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

/** Variables with no value in the code: the pipeline must set `TF_VAR_<name>`. */
export function unsetVariables(variables: readonly TTfVariable[]): TTfVariable[] {
  return variables.filter((v) => v.default === undefined && v.perEnv === undefined);
}

export function terraformPipeline(input: TEmitInput, model: TTfModel): TPipeline {
  const { design } = input.resolved;
  const backend = stateBackendOf(design);
  const extraInit = backend.missing.map((m) => `-backend-config="${m.name}=$${m.variable}"`);
  const envs = design.environments.map((e): TPipelineEnv => {
    const shared = input.layout !== 'env-folders';
    const backendArgs = [
      ...(shared ? [` -backend-config=env/${e.name}.backend.hcl`] : []),
      ...extraInit.map((a) => ` ${a}`),
    ].join('');
    const init = `terraform init -input=false${backendArgs}`;
    const varFile = shared ? ` -var-file=env/${e.name}.tfvars` : '';
    return {
      name: e.name,
      dir: shared ? '.' : `envs/${e.name}`,
      setup: [init, 'terraform validate -no-color'],
      plan: [
        `terraform plan -input=false -no-color -lock-timeout=5m${varFile} -out=tfplan`,
        'terraform show -no-color tfplan > plan.txt',
      ],
      apply: [
        `terraform plan -input=false -no-color -lock-timeout=5m${varFile} -out=tfplan`,
        'terraform apply -input=false -no-color -lock-timeout=5m tfplan',
      ],
      // One shared root switches state with -reconfigure (no copy between environments).
      local: [
        `terraform init${shared ? ' -reconfigure' : ''}${backendArgs}`,
        `terraform plan${varFile} -out=tfplan`,
        'terraform apply tfplan',
      ],
    };
  });
  // OCI's tenancy variable is the tenancy the API key signs in to: one value, not two.
  const storeName = (v: TTfVariable) =>
    design.provider === 'oci' && v.name === 'tenancy_ocid' ? 'OCI_TENANCY_OCID' : upper(v.name);
  const inputs: TPipelineInput[] = unsetVariables(model.variables).map((v) => ({
    name: storeName(v),
    env: `TF_VAR_${v.name}`,
    isSecret: v.sensitive === true,
    description: v.description,
  }));
  for (const m of backend.missing)
    inputs.push({ name: m.variable, env: m.variable, isSecret: false, description: m.what });
  const packages = pipelinePackages(input);
  return {
    tool: 'terraform',
    format: 'terraform',
    cloud: design.provider,
    region: design.region,
    envs,
    inputs,
    packages,
  };
}

/** The name of an environment's deployment to its resource group. */
export const deploymentName = (design: string, env: string): string =>
  `${design.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 40)}-${env}`;

/** Bicep reads secrets with `readEnvironmentVariable`; ARM gets them on the command line. */
export function azurePipeline(
  input: TEmitInput,
  format: 'bicep' | 'arm',
  model: TArmModel,
): TPipeline {
  const { design } = input.resolved;
  const unset = model.parameters.filter((p) => p.default === undefined && p.perEnv === undefined);
  const envVar = parameterEnvVar;
  const inputs: TPipelineInput[] = unset.map((p) => ({
    name: envVar(p),
    env: envVar(p),
    isSecret: p.secure === true,
    description: p.description,
  }));
  const envs = design.environments.map((e): TPipelineEnv => {
    const files =
      format === 'bicep'
        ? `--template-file main.bicep --parameters main.${e.name}.bicepparam`
        : `--template-file azuredeploy.json --parameters @azuredeploy.parameters.${e.name}.json${unset.map((p) => ` ${p.name}="$${envVar(p)}"`).join('')}`;
    const target = `--resource-group "$AZURE_RESOURCE_GROUP" --name ${deploymentName(design.name, e.name)}`;
    return {
      name: e.name,
      dir: '.',
      setup: [],
      plan: [`az deployment group what-if ${target} ${files} > plan.txt`],
      apply: [`az deployment group create ${target} ${files}`],
      local: [
        `az deployment group what-if ${target} ${files}`,
        `az deployment group create ${target} ${files}`,
      ],
    };
  });
  return {
    tool: 'azure-cli',
    format,
    cloud: 'azure',
    region: design.region,
    envs,
    inputs,
    packages: [],
  };
}

/** The files a plan reads that the user builds: Lambda packages, Cloud Run function sources. */
function pipelinePackages(input: TEmitInput): TPipelinePackage[] {
  const provider = input.resolved.design.provider;
  const of = (
    list: readonly { node: { name: string }; variable: string; path: string }[],
    what: string,
    section: string,
  ) =>
    list.map((p): TPipelinePackage => ({
      what: `${what} of ${p.node.name}`,
      env: `TF_VAR_${p.variable}`,
      path: p.path,
      section,
    }));
  if (provider === 'aws')
    return of(lambdaPackages(input.resolved), 'Lambda package', LAMBDA_PACKAGES_SECTION);
  if (provider === 'gcp')
    return of(
      functionPackages(input.resolved),
      'Cloud Run function source',
      FUNCTION_SOURCES_SECTION,
    );
  return [];
}

/**
 * One shell line (bash on GitHub, BusyBox sh on GitLab) that stops the job, naming the path,
 * the variable and the README section, when the package is not in the environment's folder:
 * otherwise `filebase64sha256` or `filemd5` fails the plan with a message that names none of them.
 */
export function packageCheck(p: TPipelinePackage, dir: string, error: string): string {
  const path = `\${${p.env}:-${p.path}}`;
  const from = dir === '.' ? '' : ` (relative to ${dir})`;
  return `test -f "${path}" || { echo "${error}${p.what} not found at ${path}${from}: build it before planning, at that path or at the path in ${p.env} (README, section '${p.section}')"; exit 1; }`;
}
