import type { TResolvedDesign } from '../../design/resolve';
import type { TEmitInput } from '../../emit/emitter';
import { codePackages, packageFolders, type TCodePackage } from '../code-packages';

/** Title of the README section, which the pipeline's package check names. */
export const LAMBDA_PACKAGES_SECTION = 'Lambda packages';

/** The deployment package of each Lambda function (functions.ts), in the design's order. */
export const lambdaPackages = (resolved: TResolvedDesign): TCodePackage[] =>
  codePackages(resolved, 'aws.lambda');

/**
 * README section for the functions' packages: the code uploads each one and hashes it at every
 * plan (`filebase64sha256`), but Stratum cannot know how the user's code is built, so the package
 * must be built before any plan, locally and in the pipeline (whose jobs check it).
 */
export function lambdaPackagesReadme(input: TEmitInput): string[] {
  const packages = lambdaPackages(input.resolved);
  if (packages.length === 0) return [];
  const { dirs, at, defaults } = packageFolders(input);
  const item = ({ node, variable, path }: TCodePackage) =>
    `- \`${node.name}\` (${String(node.properties['runtime'])}, handler \`${String(node.properties['handler'])}\`): \`TF_VAR_${variable}\`, by default ${defaults(path)}.`;
  const first = packages[0]!;
  const source = `dist/${first.node.name}`;
  const pipeline = input.ci
    ? [
        `The pipeline plans on a fresh checkout, where a package exists only if it is committed, so it must build them before planning. Each plan and apply job checks, before \`terraform init\`, that every package is at its path, and otherwise stops naming the path, the variable and this section: add your build where the pipeline file says \`build the packages here\`${input.ciProvider === 'gitlab' ? " (the job's image, `hashicorp/terraform`, has no build tools: build in an earlier job, keep the packages as its artifacts and add it to the job's `needs`)" : ''}.`,
      ]
    : [
        'A pipeline that plans this code must build them before planning too: on a fresh checkout no package exists unless it is committed.',
      ];
  return [
    `## ${LAMBDA_PACKAGES_SECTION}`,
    '',
    `Each Lambda function runs the code of a .zip package that this code uploads but does not build: Stratum cannot know how your code is built. Terraform reads every package at every plan (\`filebase64sha256\`, so that a rebuilt package is deployed), so a plan stops with \`Invalid value for "path" parameter: no file exists at …\` while one is missing. Build each at the path in its variable; a relative path is relative to the folder the environment is planned in:`,
    '',
    ...packages.map(item),
    '',
    `For example, with the built files of \`${first.node.name}\` in \`${source}/\`, the file of its handler at the top (\`zip -j\` stores them without their folders), and their times fixed so that an unchanged build gives the same package and no change in the plan:`,
    '',
    '```sh',
    `find ${source} -exec touch -t 202001010000 {} +`,
    ...dirs.flatMap((dir) => {
      const zip = at(dir, first.path);
      return [
        `mkdir -p ${zip.replace(/\/[^/]+$/, '')} && rm -f ${zip}`,
        `zip -qjX ${zip} ${source}/*`,
      ];
    }),
    '```',
    '',
    ...pipeline,
    '',
  ];
}
