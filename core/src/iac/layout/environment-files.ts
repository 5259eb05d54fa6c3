import type { TGeneratedFile } from '../emit/emitter';
import { renderTfvars, renderVariable } from '../emit/terraform-render';
import type { TTfValue, TTfVariable } from '../ir/terraform-ir';
import { backendConfigFile, type TStateBackend } from './backend';

/** Variable values of one environment (only those that differ by environment). */
export function tfvarsFor(variables: readonly TTfVariable[], env: string): [string, TTfValue][] {
  return variables.flatMap((v): [string, TTfValue][] => {
    const value = v.perEnv?.[env];
    return value === undefined ? [] : [[v.name, value]];
  });
}

/**
 * A root variable whose value every environment sets has no default: forgetting
 * `-var-file=env/<env>.tfvars` then stops the plan instead of planning one environment's values
 * against another's state.
 */
export function rootVariable(v: TTfVariable, envs: readonly string[]): string {
  const everyEnv = v.perEnv !== undefined && envs.every((e) => v.perEnv?.[e] !== undefined);
  return renderVariable(everyEnv ? { ...v, default: undefined } : v);
}

/** `env/<env>.tfvars` and `env/<env>.backend.hcl` for each environment of a shared root. */
export function environmentFiles(
  variables: readonly TTfVariable[],
  envs: readonly string[],
  backend: TStateBackend,
): TGeneratedFile[] {
  return envs.flatMap((env) => [
    { path: `env/${env}.backend.hcl`, content: backendConfigFile(backend, env) },
    { path: `env/${env}.tfvars`, content: renderTfvars(tfvarsFor(variables, env)) },
  ]);
}
