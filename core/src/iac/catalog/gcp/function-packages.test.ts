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
 * A Cloud Run function builds from the archive at `var.<fn>_package`, which every plan hashes
 * (`filemd5`): nothing built or mentioned it, so every plan in CI failed on a missing file. The
 * README says what the archive holds and how a change reaches the function, and the pipeline
 * checks it before planning, naming the path, the variable and the README section.
 */
const design = (withFunctions: boolean) =>
  smallDesign({
    cloud: 'gcp',
    components: withFunctions
      ? [
          { id: 'api', service: 'gcp.cloud-function', name: 'api' },
          {
            id: 'worker',
            service: 'gcp.cloud-function',
            name: 'worker',
            properties: { runtime: 'python313', handler: 'run' },
          },
        ]
      : [{ id: 'files', service: 'gcp.cloud-storage', name: 'files' }],
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

const section = (readme: string) =>
  /## Cloud Run function sources\n[\s\S]*?(?=\n## |$)/.exec(readme)?.[0];

type TStep = { name?: string; run?: string; uses?: string };

const work = mkdtempSync(join(tmpdir(), 'stratum-function-packages-'));
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

describe('gcp: Cloud Run function sources in the README', () => {
  it('lists each function, its variable, default path and what the archive holds', () => {
    const text = section(files(true, 'single').readme);
    expect(text).toBeDefined();
    expect(text).toContain(
      '- `api` (nodejs22, entry point `handler`): `TF_VAR_api_package`, by default `build/api.zip` (every environment); at the root of the archive, `package.json` and the file it names as `main` (`index.js` by default), which exports the entry point.',
    );
    expect(text).toContain(
      '- `worker` (python313, entry point `run`): `TF_VAR_worker_package`, by default `build/worker.zip` (every environment); at the root of the archive, `main.py`, which defines the entry point, and `requirements.txt`.',
    );
    // The source at the root of the archive, not in a folder.
    expect(text).toContain('(cd src/api && zip -qrX - .) > build/api.zip');
    // How a change reaches the function: a new object name.
    expect(text).toContain('`<function>-<MD5 of the archive>.zip`');
    expect(text).toMatch(/must build them before planning/);
  });

  it('gives the path from each environment folder where each environment is planned there', () => {
    const text = section(files(true, 'env-folders').readme)!;
    expect(text).toContain(
      '`TF_VAR_api_package`, by default `envs/dev/build/api.zip` (dev), `envs/prod/build/api.zip` (prod);',
    );
    expect(text).toContain('(cd src/api && zip -qrX - .) > envs/prod/build/api.zip');
  });

  it('says where the pipeline builds them', () => {
    expect(section(files(true, 'single', 'github').readme)).toMatch(
      /checks, before `terraform init`, that every archive is at its path[\s\S]*`build the packages here`/,
    );
    expect(section(files(true, 'single', 'gitlab').readme)).toMatch(/build in an earlier job/);
  });

  it('is absent without functions', () => {
    expect(section(files(false, 'single', 'github').readme)).toBeUndefined();
  });
});

describe('gcp: the GitHub workflow checks the sources before planning', () => {
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
        expect(run).toContain('::error::Cloud Run function source of api not found');
        expect(run).toContain('TF_VAR_worker_package');
      }
      expect(github.match(/# build the packages here.*\n\s+- name: check packages/g)).toHaveLength(
        4,
      );
    });
  }

  it('stops naming the path, the variable and the README section, unless the archive is there', () => {
    const { github } = files(true, 'env-folders', 'github');
    const jobs = readPipeline(github)['jobs'] as Record<string, { steps: TStep[] }>;
    const run = jobs['plan-dev']!.steps.find((s) => s.name === 'check packages')!.run!;
    const missing = runCheck(run, ['build/api.zip']);
    expect(missing.status).toBe(1);
    expect(missing.out.trim()).toBe(
      "::error::Cloud Run function source of worker not found at build/worker.zip (relative to envs/dev): build it before planning, at that path or at the path in TF_VAR_worker_package (README, section 'Cloud Run function sources')",
    );
    expect(runCheck(run, ['build/api.zip', 'build/worker.zip']).status).toBe(0);
    expect(
      runCheck(run, ['build/api.zip', 'out/w.zip'], { TF_VAR_worker_package: 'out/w.zip' }).status,
    ).toBe(0);
  });

  it('has no check without functions', () => {
    expect(files(false, 'single', 'github').github).not.toMatch(/check packages/);
  });
});

describe('gcp: GitLab CI checks the sources before planning', () => {
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
        /^ERROR: Cloud Run function source of api not found at build\/api\.zip \(relative to envs\/\w+\).*TF_VAR_api_package.*'Cloud Run function sources'/,
      );
    }
    expect(yml.match(/# build the packages here/g)).toHaveLength(4);
  });

  it('has no check without functions', () => {
    expect(files(false, 'single', 'gitlab').get('.gitlab-ci.yml')).not.toMatch(
      /check packages|build the packages/,
    );
  });
});
