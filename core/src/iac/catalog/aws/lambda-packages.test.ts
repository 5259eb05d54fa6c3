import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  gitlabCiErrors,
  githubWorkflowErrors,
  readPipeline,
} from '@stratum/cli/testing/ci-schemas';
import { generate } from '../../generate';
import { smallDesign } from '../../testing/small-design';

/**
 * A Lambda function deploys the package at `var.<fn>_package`, which every plan hashes
 * (`filebase64sha256`): nothing builds it, so the README says how and the pipeline checks it
 * before planning, naming the path, the variable and the README section, where otherwise the
 * plan failed in CI on a missing file with an error that named none of them.
 */
const design = (withFunctions: boolean) =>
  smallDesign({
    cloud: 'aws',
    components: withFunctions
      ? [
          { id: 'ingest', service: 'aws.lambda', name: 'ingest' },
          {
            id: 'report',
            service: 'aws.lambda',
            name: 'report',
            properties: { runtime: 'python3.13', handler: 'main.run' },
          },
        ]
      : [{ id: 'files', service: 'aws.s3', name: 'files' }],
  });

function files(withFunctions: boolean, layout: string, ciProvider?: 'github' | 'gitlab') {
  const r = generate(design(withFunctions), {
    format: 'terraform',
    layout,
    ...(ciProvider ? { ci: true, ciProvider } : {}),
  });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const get = (path: string) => r.files.find((f) => f.path === path)?.content ?? '';
  return { readme: get('README.md'), github: get('.github/workflows/terraform.yml'), get };
}

const section = (readme: string) => /## Lambda packages\n[\s\S]*?(?=\n## |$)/.exec(readme)?.[0];

type TStep = { name?: string; run?: string; uses?: string };

const work = mkdtempSync(join(tmpdir(), 'stratum-lambda-packages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs a check line in a folder holding the given files; its exit status and output. */
function runCheck(line: string, present: readonly string[], env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(work, 'job-'));
  for (const f of present) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), 'zip');
  }
  try {
    const out = execFileSync('sh', ['-c', line], {
      cwd: dir,
      env: { PATH: process.env['PATH'], ...env },
    });
    return { status: 0, out: out.toString() };
  } catch (e) {
    const error = e as { status: number; stdout: Buffer };
    return { status: error.status, out: error.stdout.toString() };
  }
}

describe('aws: Lambda packages in the README', () => {
  it('lists each function, its variable and default path, and how to build it', () => {
    const text = section(files(true, 'single').readme);
    expect(text).toBeDefined();
    expect(text).toContain(
      '- `ingest` (nodejs22.x, handler `index.handler`): `TF_VAR_ingest_package`, by default `build/ingest.zip` (every environment).',
    );
    expect(text).toContain(
      '- `report` (python3.13, handler `main.run`): `TF_VAR_report_package`, by default `build/report.zip` (every environment).',
    );
    expect(text).toContain('zip -qjX build/ingest.zip dist/ingest/*');
    expect(text).toMatch(/must build them before planning/);
  });

  it('gives the path from each environment folder where each environment is planned there', () => {
    const text = section(files(true, 'env-folders').readme)!;
    expect(text).toContain(
      '`TF_VAR_ingest_package`, by default `envs/dev/build/ingest.zip` (dev), `envs/prod/build/ingest.zip` (prod).',
    );
    expect(text).toContain('zip -qjX envs/prod/build/ingest.zip dist/ingest/*');
  });

  it('says where the pipeline builds them', () => {
    expect(section(files(true, 'single', 'github').readme)).toMatch(
      /checks, before `terraform init`, that every package is at its path[\s\S]*`build the packages here`/,
    );
    expect(section(files(true, 'single', 'gitlab').readme)).toMatch(/build in an earlier job/);
  });

  it('is absent without functions', () => {
    expect(section(files(false, 'single', 'github').readme)).toBeUndefined();
  });
});

describe('aws: the GitHub workflow checks the packages before planning', () => {
  for (const layout of ['single', 'env-folders']) {
    it(`in every plan and apply job (${layout})`, () => {
      const { github } = files(true, layout, 'github');
      expect(githubWorkflowErrors('terraform.yml', github)).toEqual([]);
      const jobs = readPipeline(github)['jobs'] as Record<string, { steps: TStep[] }>;
      const deploying = Object.keys(jobs).filter((j) => /^(plan|apply)-/.test(j));
      expect(deploying).toEqual(['plan-dev', 'apply-dev', 'plan-prod', 'apply-prod']);
      for (const job of deploying) {
        const names = jobs[job]!.steps.map((s) => s.name);
        const check = names.indexOf('check packages');
        expect(check, job).toBeGreaterThan(0);
        expect(check, job).toBeLessThan(names.indexOf('init'));
        const run = jobs[job]!.steps[check]!.run!;
        expect(run).toContain('::error::Lambda package of ingest not found');
        expect(run).toContain('TF_VAR_report_package');
      }
      // The place for the user's build, right above each check.
      expect(github.match(/# build the packages here.*\n\s+- name: check packages/g)).toHaveLength(
        4,
      );
    });
  }

  it('stops naming the path, the variable and the README section, unless the package is there', () => {
    const { github } = files(true, 'env-folders', 'github');
    const jobs = readPipeline(github)['jobs'] as Record<string, { steps: TStep[] }>;
    const run = jobs['plan-dev']!.steps.find((s) => s.name === 'check packages')!.run!;
    const missing = runCheck(run, ['build/ingest.zip']);
    expect(missing.status).toBe(1);
    expect(missing.out.trim()).toBe(
      "::error::Lambda package of report not found at build/report.zip (relative to envs/dev): build it before planning, at that path or at the path in TF_VAR_report_package (README, section 'Lambda packages')",
    );
    expect(runCheck(run, ['build/ingest.zip', 'build/report.zip']).status).toBe(0);
    // A path given in the variable is the one checked.
    expect(
      runCheck(run, ['build/ingest.zip', 'out/r.zip'], { TF_VAR_report_package: 'out/r.zip' })
        .status,
    ).toBe(0);
  });

  it('has no check without functions', () => {
    expect(files(false, 'single', 'github').github).not.toMatch(/packages/);
  });
});

describe('aws: GitLab CI checks the packages before planning', () => {
  it('in every plan and apply job, in the environment folder, before terraform init', () => {
    const { get } = files(true, 'env-folders', 'gitlab');
    const yml = get('.gitlab-ci.yml');
    expect(gitlabCiErrors(yml)).toEqual([]);
    const doc = readPipeline(yml) as Record<string, { script?: string[] }>;
    for (const job of ['plan:dev', 'apply:dev', 'plan:prod', 'apply:prod']) {
      const script = doc[job]!.script!;
      const init = script.findIndex((l) => l.startsWith('terraform init'));
      const checks = script.filter((l) => l.startsWith('test -f'));
      expect(checks, job).toHaveLength(2);
      expect(script.indexOf(checks[0]!), job).toBeGreaterThan(
        script.indexOf(`cd envs/${job.split(':')[1]!}`),
      );
      expect(script.indexOf(checks[1]!), job).toBeLessThan(init);
      const missing = runCheck(checks[0]!, []);
      expect(missing.status).toBe(1);
      expect(missing.out).toMatch(
        /^ERROR: Lambda package of ingest not found at build\/ingest\.zip \(relative to envs\/\w+\).*TF_VAR_ingest_package.*'Lambda packages'/,
      );
    }
    expect(yml.match(/# build the packages here/g)).toHaveLength(4);
  });

  it('has no check without functions', () => {
    expect(files(false, 'single', 'gitlab').get('.gitlab-ci.yml')).not.toMatch(/packages/);
  });
});
