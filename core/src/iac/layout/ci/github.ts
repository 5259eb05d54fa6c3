import type { TGeneratedFile } from '../../emit/emitter';
import { cloudAuth } from './cloud-auth';
import {
  packageCheck,
  TERRAFORM_VERSION,
  type TPipeline,
  type TPipelineEnv,
  type TPipelineInput,
} from './pipeline';
import { yamlBlock, yamlMap } from './yaml';

/**
 * GitHub Actions: per environment a plan job on pull requests (the plan posted as a comment)
 * and an apply job on main behind the GitHub environment of the same name (its required
 * reviewers are the approval), promoted in the order of the design's environments.
 * Values come from repository variables and secrets suffixed with the environment
 * (`AWS_ROLE_ARN_PROD`), so a plan on a pull request reads them without entering the
 * protected environment.
 */
export const githubName = (i: TPipelineInput, env: string) => `${i.name}_${env.toUpperCase()}`;

const storeRef = (i: TPipelineInput, env: string) =>
  `\${{ ${i.isSecret ? 'secrets' : 'vars'}.${githubName(i, env)} }}`;

/** Plan text as a pull request comment, cut to GitHub's 65,536-character limit. */
const COMMENT_SCRIPT = [
  "const fs = require('fs');",
  "const text = fs.readFileSync(process.env.PLAN_FILE, 'utf8');",
  'const cut = text.length > 60000 ? text.slice(0, 60000) + "\\n… cut: see the job log" : text;',
  'const body = `#### ${process.env.PLAN_TITLE}\\n<details><summary>Show</summary>\\n\\n\\`\\`\\`\\n${cut}\\n\\`\\`\\`\\n</details>`;',
  'await github.rest.issues.createComment({ ...context.repo, issue_number: context.issue.number, body });',
];

/** Where the user's build goes, then the check that every package it must write exists. */
function packageSteps(p: TPipeline, e: TPipelineEnv): string[] {
  if (p.packages.length === 0) return [];
  return [
    `      # build the packages here, in steps of your own (README, section '${p.packages[0]!.section}')`,
    '      - name: check packages',
    ...yamlBlock(
      'run',
      p.packages.map((pkg) => packageCheck(pkg, e.dir, '::error::')),
      '        ',
    ),
  ];
}

export function githubWorkflow(p: TPipeline): TGeneratedFile {
  const auth = cloudAuth(p.cloud, p.tool, p.region);
  const inputs = [...auth.inputs, ...p.inputs];
  const byName = new Map(inputs.map((i) => [i.name, i]));
  const jobEnv = (env: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const i of inputs) out[i.env] = storeRef(i, env);
    for (const [k, v] of Object.entries(auth.env)) {
      const from = v.startsWith('$') ? byName.get(v.slice(1)) : undefined;
      out[k] = from ? storeRef(from, env) : v;
    }
    return out;
  };
  const title = p.tool === 'terraform' ? 'terraform plan' : 'az deployment group what-if';
  const setupSteps =
    p.tool === 'terraform'
      ? [
          '      - uses: hashicorp/setup-terraform@v3',
          '        with:',
          `          terraform_version: ${TERRAFORM_VERSION}`,
          '          terraform_wrapper: false',
        ]
      : [];
  const common = (e: TPipelineEnv) => [
    '    runs-on: ubuntu-latest',
    '    env:',
    ...yamlMap(jobEnv(e.name), '      '),
    '    defaults:',
    '      run:',
    `        working-directory: ${e.dir}`,
    '    steps:',
    '      - uses: actions/checkout@v4',
    ...setupSteps,
    ...auth.github.map((l) => `      ${l}`),
    ...packageSteps(p, e),
    ...(e.setup.length > 0 ? ['      - name: init', ...yamlBlock('run', e.setup, '        ')] : []),
  ];
  const jobs: string[] = [];
  if (p.tool === 'terraform') {
    jobs.push(
      '  fmt:',
      "    if: github.event_name == 'pull_request'",
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v4',
      ...setupSteps,
      '      - run: terraform fmt -check -recursive',
      '',
    );
  }
  p.envs.forEach((e, index) => {
    jobs.push(
      `  plan-${e.name}:`,
      `    name: plan (${e.name})`,
      "    if: github.event_name == 'pull_request'",
      '    permissions:',
      '      contents: read',
      '      id-token: write',
      '      pull-requests: write',
      ...common(e),
      `      - name: ${p.tool === 'terraform' ? 'plan' : 'what-if'}`,
      ...yamlBlock('run', e.plan, '        '),
      '      - name: comment',
      '        uses: actions/github-script@v7',
      '        env:',
      `          PLAN_FILE: ${e.dir === '.' ? '' : `${e.dir}/`}plan.txt`,
      `          PLAN_TITLE: ${title} (${e.name})`,
      '        with:',
      ...yamlBlock('script', COMMENT_SCRIPT, '          '),
      '',
      `  apply-${e.name}:`,
      `    name: apply (${e.name})`,
      "    if: github.event_name == 'push' && github.ref == 'refs/heads/main'",
      ...(index > 0 ? [`    needs: apply-${p.envs[index - 1]!.name}`] : []),
      `    environment: ${e.name}`,
      '    concurrency:',
      `      group: ${p.format}-apply-${e.name}`,
      '      cancel-in-progress: false',
      '    permissions:',
      '      contents: read',
      '      id-token: write',
      ...common(e),
      `      - name: ${p.tool === 'terraform' ? 'apply' : 'deploy'}`,
      ...yamlBlock('run', e.apply, '        '),
      '',
    );
  });
  const lines = [
    `name: ${p.format}`,
    '',
    'on:',
    '  pull_request:',
    '    branches: [main]',
    '  push:',
    '    branches: [main]',
    '',
    'permissions:',
    '  contents: read',
    '',
    'jobs:',
    ...jobs,
  ];
  return {
    path: `.github/workflows/${p.format}.yml`,
    content: lines.join('\n').trimEnd() + '\n',
  };
}
