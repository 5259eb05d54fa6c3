import type { TResolvedDesign } from '../../design/resolve';
import type { TEmitInput } from '../../emit/emitter';
import { codePackages, packageFolders, type TCodePackage } from '../code-packages';

/** Title of the README section, which the pipeline's package check names. */
export const FUNCTION_SOURCES_SECTION = 'Cloud Run function sources';

/** The source archive of each Cloud Run function (platform.ts), in the design's order. */
export const functionPackages = (resolved: TResolvedDesign): TCodePackage[] =>
  codePackages(resolved, 'gcp.cloud-function');

/** What Cloud Build expects at the root of the archive for a runtime, and what the entry point names. */
function sourceOf(runtime: string): string {
  if (runtime.startsWith('nodejs'))
    return '`package.json` and the file it names as `main` (`index.js` by default), which exports the entry point';
  if (runtime.startsWith('python'))
    return '`main.py`, which defines the entry point, and `requirements.txt`';
  if (runtime.startsWith('go'))
    return '`go.mod` and the package that registers the entry point with the Functions Framework';
  if (runtime.startsWith('java'))
    return '`pom.xml` (or `build.gradle`) and `src/`; the entry point is a fully qualified class name';
  if (runtime.startsWith('dotnet'))
    return 'the `.csproj` and its sources; the entry point is a fully qualified type name';
  return 'the sources of its runtime';
}

/**
 * README section for the functions' source archives: the code uploads each one under a name
 * holding its MD5 (`filemd5`, read at every plan) and Cloud Build builds it, but Stratum cannot
 * know the user's code, so the archive must exist before any plan, locally and in the pipeline
 * (whose jobs check it).
 */
export function functionPackagesReadme(input: TEmitInput): string[] {
  const packages = functionPackages(input.resolved);
  if (packages.length === 0) return [];
  const { dirs, at, defaults } = packageFolders(input);
  const item = ({ node, variable, path }: TCodePackage) => {
    const runtime = String(node.properties['runtime']);
    return `- \`${node.name}\` (${runtime}, entry point \`${String(node.properties['handler'])}\`): \`TF_VAR_${variable}\`, by default ${defaults(path)}; at the root of the archive, ${sourceOf(runtime)}.`;
  };
  const first = packages[0]!;
  const source = `src/${first.node.name}`;
  const pipeline = input.ci
    ? [
        `The pipeline plans on a fresh checkout, where an archive exists only if it is committed, so it must build them before planning. Each plan and apply job checks, before \`terraform init\`, that every archive is at its path, and otherwise stops naming the path, the variable and this section: add your build where the pipeline file says \`build the packages here\`${input.ciProvider === 'gitlab' ? " (the job's image, `hashicorp/terraform`, has no `zip`: build in an earlier job, keep the archives as its artifacts and add it to the job's `needs`)" : ''}.`,
      ]
    : [
        'A pipeline that plans this code must build them before planning too: on a fresh checkout no archive exists unless it is committed.',
      ];
  return [
    `## ${FUNCTION_SOURCES_SECTION}`,
    '',
    `Each Cloud Run function is built by Cloud Build from the source in a .zip archive that this code uploads to the functions' source bucket but does not create: Stratum cannot know your code. The archive holds the source, not a build: the files of the function's runtime at its root, not in a folder. Terraform reads every archive at every plan (\`filemd5\`), so a plan stops with \`Invalid value for "path" parameter: no file exists at …\` while one is missing. Build each at the path in its variable; a relative path is relative to the folder the environment is planned in:`,
    '',
    ...packages.map(item),
    '',
    `The archive is uploaded as \`<function>-<MD5 of the archive>.zip\`: a changed archive is a new object, so the plan replaces the object and updates the function, which Cloud Build builds and deploys as a new revision; an unchanged archive changes nothing. Zip also stores the files' times, so fix them for an unchanged source to give the same archive. For example, with the source of \`${first.node.name}\` in \`${source}/\`:`,
    '',
    '```sh',
    `find ${source} -exec touch -t 202001010000 {} +`,
    ...dirs.flatMap((dir) => {
      const zip = at(dir, first.path);
      return [`mkdir -p ${zip.replace(/\/[^/]+$/, '')}`, `(cd ${source} && zip -qrX - .) > ${zip}`];
    }),
    '```',
    '',
    ...pipeline,
    '',
  ];
}
