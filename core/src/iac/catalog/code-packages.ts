import type { TResolvedDesign } from '../design/resolve';
import type { TEmitInput } from '../emit/emitter';
import type { TNode } from './service';

/**
 * A function's code, uploaded from a local .zip the user builds (AWS Lambda packages, Cloud Run
 * function sources): its Terraform variable and default path, and where each environment reads
 * it. The READMEs and the pipelines' package checks share these.
 */
export interface TCodePackage {
  readonly node: TNode;
  /** Terraform variable of its path (`ingest_package`). */
  readonly variable: string;
  /** Its default, relative to the folder Terraform runs in (`build/ingest.zip`). */
  readonly path: string;
}

/** The variable holding the path of a function's package. */
export const packageVariable = (node: TNode): string => `${node.local}_package`;
/** Its default, relative to the folder Terraform runs in. */
export const packagePath = (node: TNode): string => `build/${node.name}.zip`;

/** The package of each component of the service, in the design's order. */
export const codePackages = (resolved: TResolvedDesign, serviceId: string): TCodePackage[] =>
  resolved.nodes
    .filter((n) => n.service.id === serviceId)
    .map((node) => ({ node, variable: packageVariable(node), path: packagePath(node) }));

/**
 * The folders environments are planned in (`envs/<env>` in the env-folders layout, else the
 * root `.`), a path in one of them, and a package's default in each environment, as READMEs
 * list it.
 */
export function packageFolders(input: TEmitInput): {
  readonly dirs: readonly string[];
  readonly at: (dir: string, path: string) => string;
  readonly defaults: (path: string) => string;
} {
  const environments = input.resolved.design.environments.map((e) => e.name);
  const perEnv = input.layout === 'env-folders';
  const dirs = perEnv ? environments.map((e) => `envs/${e}`) : ['.'];
  const at = (dir: string, path: string) => (dir === '.' ? path : `${dir}/${path}`);
  const defaults = (path: string) =>
    perEnv
      ? environments.map((e, i) => `\`${at(dirs[i]!, path)}\` (${e})`).join(', ')
      : `\`${path}\` (every environment)`;
  return { dirs, at, defaults };
}
