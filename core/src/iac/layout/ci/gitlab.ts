import type { TGeneratedFile } from '../../emit/emitter';
import { cloudAuth } from './cloud-auth';
import { packageCheck, TERRAFORM_VERSION, type TPipeline, type TPipelineEnv } from './pipeline';
import { yamlMap, yamlScalar } from './yaml';

/**
 * GitLab CI: per environment a plan job on merge requests (the plan text an artefact linked
 * from the merge request by `expose_as`) and a manual apply job on the default branch in the
 * GitLab environment of the same name (protected environments add approval rules), with a
 * `resource_group` so two applies never run at once. CI/CD variables are scoped to the
 * environment, so each job reads its own environment's values under one name.
 */
const IMAGE: Record<TPipeline['tool'], string> = {
  terraform: `hashicorp/terraform:${TERRAFORM_VERSION}`,
  'azure-cli': 'mcr.microsoft.com/azure-cli:latest',
};

const list = (items: readonly string[], indent: string) =>
  items.map((i) => `${indent}- ${yamlScalar(i)}`);

/**
 * Where the user's build goes (a comment among the script lines, run in the environment's
 * folder), then the check that every package it must write exists.
 */
function packageScript(p: TPipeline, e: TPipelineEnv): string[] {
  if (p.packages.length === 0) return [];
  return [
    `    # build the packages here, or take them from an earlier job's artifacts (README, section '${p.packages[0]!.section}')`,
    ...list(
      p.packages.map((pkg) => packageCheck(pkg, e.dir, 'ERROR: ')),
      '    ',
    ),
  ];
}

export function gitlabCi(p: TPipeline): TGeneratedFile {
  const auth = cloudAuth(p.cloud, p.tool, p.region);
  const variables: Record<string, string> = { ...auth.env, ...auth.gitlabVariables };
  for (const i of p.inputs) if (i.env !== i.name) variables[i.env] = `$${i.name}`;
  const template = [
    '.deploy:',
    '  image:',
    `    name: ${IMAGE[p.tool]}`,
    "    entrypoint: ['']",
    ...(auth.gitlabIdTokens.length > 0
      ? [
          '  id_tokens:',
          ...auth.gitlabIdTokens.flatMap((t) => [
            `    ${t.name}:`,
            `      aud: ${yamlScalar(t.aud)}`,
          ]),
        ]
      : []),
    ...(Object.keys(variables).length > 0 ? ['  variables:', ...yamlMap(variables, '    ')] : []),
    ...(auth.gitlabScript.length > 0
      ? ['  before_script:', ...list(auth.gitlabScript, '    ')]
      : []),
    '',
  ];
  const jobs: string[] = [];
  if (p.tool === 'terraform') {
    jobs.push(
      'fmt:',
      '  stage: plan',
      '  image:',
      `    name: ${IMAGE.terraform}`,
      "    entrypoint: ['']",
      '  rules:',
      "    - if: $CI_PIPELINE_SOURCE == 'merge_request_event'",
      '  script:',
      '    - terraform fmt -check -recursive',
      '',
    );
  }
  const cd = (dir: string) => (dir === '.' ? [] : [`cd ${dir}`]);
  p.envs.forEach((e, index) => {
    const artefact = e.dir === '.' ? 'plan.txt' : `${e.dir}/plan.txt`;
    jobs.push(
      `plan:${e.name}:`,
      '  extends: .deploy',
      '  stage: plan',
      '  environment:',
      `    name: ${e.name}`,
      '    action: prepare',
      '  rules:',
      "    - if: $CI_PIPELINE_SOURCE == 'merge_request_event'",
      '  script:',
      ...list(cd(e.dir), '    '),
      ...packageScript(p, e),
      ...list([...e.setup, ...e.plan], '    '),
      '  artifacts:',
      `    name: plan-${e.name}`,
      `    expose_as: ${yamlScalar(`${p.tool === 'terraform' ? 'terraform plan' : 'what-if'} ${e.name}`)}`,
      '    paths:',
      `      - ${artefact}`,
      '    expire_in: 1 week',
      '',
      `apply:${e.name}:`,
      '  extends: .deploy',
      '  stage: apply',
      '  environment:',
      `    name: ${e.name}`,
      `  resource_group: ${p.format}-${e.name}`,
      ...(index > 0 ? ['  needs:', `    - apply:${p.envs[index - 1]!.name}`] : ['  needs: []']),
      '  rules:',
      '    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH',
      '      when: manual',
      '  script:',
      ...list(cd(e.dir), '    '),
      ...packageScript(p, e),
      ...list([...e.setup, ...e.apply], '    '),
      '',
    );
  });
  const lines = [
    'stages:',
    '  - plan',
    '  - apply',
    '',
    'workflow:',
    '  rules:',
    "    - if: $CI_PIPELINE_SOURCE == 'merge_request_event'",
    '    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH',
    '',
    ...template,
    ...jobs,
  ];
  return { path: '.gitlab-ci.yml', content: lines.join('\n').trimEnd() + '\n' };
}
