import { describe, expect, it } from 'vitest';
import { exampleFiles, readExample, useSchemaData } from '@stratum/cli/testing/fixtures';
import {
  gitlabCiErrors,
  githubWorkflowErrors,
  readPipeline,
} from '@stratum/cli/testing/ci-schemas';
import { generate } from '../../generate';
import type { TFormat, TGeneratedFile } from '../../emit/emitter';
import { TERRAFORM_LAYOUT_NAMES } from '../../emit/terraform-emitter';
import { formatsOf } from '../../testing/formats';

/**
 * Every example, in every format and layout, with each CI provider: the pipeline passes the
 * provider's official schema, reads no secret or variable the README does not document, and
 * sets `TF_VAR_<name>` for every variable the code leaves to the pipeline.
 */
interface TExample {
  provider: string;
  components?: { service: string }[];
  layout?: Record<string, unknown>;
}

function files(file: string, format: TFormat, layout: string | undefined, ciProvider: string) {
  const design = readExample(file) as TExample;
  const r = generate(
    { ...design, layout: { ...design.layout, ci: true, ciProvider } },
    { format, ...(layout ? { layout } : {}) },
  );
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files;
}

// Generic components get their sensitive arguments as variables from the schema data, as in the app.
useSchemaData();

const cases = exampleFiles().flatMap((file) => {
  const example = readExample(file) as TExample;
  const { provider } = example;
  const formats = formatsOf(example);
  const all: [TFormat, string | undefined][] = [
    ...TERRAFORM_LAYOUT_NAMES.map((l): [TFormat, string] => ['terraform', l]),
    ...(provider === 'azure'
      ? ([
          ['bicep', 'single'],
          ['bicep', 'modules'],
          ['arm', undefined],
        ] as [TFormat, string | undefined][])
      : []),
  ];
  const targets = all.filter(([format]) => formats.includes(format));
  return targets.flatMap(([format, layout]) =>
    ['github', 'gitlab'].map((ci) => ({ file, format, layout, ci })),
  );
});

const get = (all: readonly TGeneratedFile[], path: string) => {
  const f = all.find((x) => x.path === path);
  if (!f) throw new Error(`${path} not generated`);
  return f.content;
};

/** Names a GitHub workflow reads from the repository's variables and secrets. */
const githubReads = (yml: string) =>
  [...yml.matchAll(/\$\{\{\s*(?:secrets|vars)\.([A-Z0-9_]+)\s*\}\}/g)].map((m) => m[1]!);

/**
 * `$NAME` a GitLab file reads that neither GitLab nor the file itself defines; whole names, so
 * `${TF_VAR_fn_package:-…}` reads `TF_VAR_fn_package`, not `TF_VAR_`.
 */
function gitlabReads(yml: string): string[] {
  const defined = new Set([
    ...[...yml.matchAll(/^\s+([A-Z][A-Za-z0-9_]*):/gm)].map((m) => m[1]!),
    'HOME',
  ]);
  return [...yml.matchAll(/\$\{?([A-Z][A-Za-z0-9_]*)/g)]
    .map((m) => m[1]!)
    .filter((n) => !n.startsWith('CI_') && !defined.has(n));
}

describe.each(cases)('$file $format $layout $ci', ({ file, format, layout, ci }) => {
  const all = files(file, format, layout, ci);
  const readme = get(all, 'README.md');
  const path = ci === 'github' ? `.github/workflows/${format}.yml` : '.gitlab-ci.yml';
  const pipeline = get(all, path);

  it('passes the CI provider schema', () => {
    expect(
      ci === 'github' ? githubWorkflowErrors(path, pipeline) : gitlabCiErrors(pipeline),
    ).toEqual([]);
  });

  it('reads only variables and secrets the README documents', () => {
    const reads = ci === 'github' ? githubReads(pipeline) : gitlabReads(pipeline);
    // The reader works: GitHub always reads a sign-in value; a GitLab job at least CI_ values
    // (a design with no secret leaves nothing else to read on GitLab).
    expect(
      ci === 'github' ? reads.length : [...pipeline.matchAll(/\$\{?CI_/g)].length,
    ).toBeGreaterThan(0);
    expect([...new Set(reads)].filter((n) => !readme.includes(`\`${n}\``))).toEqual([]);
  });

  it('plans on review, applies on the main branch per environment behind approval, one at a time', () => {
    const envs = (
      (readExample(file) as { environments?: { name: string }[] }).environments ?? [
        { name: 'dev' },
        { name: 'staging' },
        { name: 'prod' },
      ]
    ).map((e) => e.name);
    const doc = readPipeline(pipeline);
    type TJob = Record<string, unknown>;
    if (ci === 'github') {
      const jobs = doc['jobs'] as Record<string, TJob>;
      for (const env of envs) {
        expect(jobs[`plan-${env}`]?.['if']).toBe("github.event_name == 'pull_request'");
        const apply = jobs[`apply-${env}`]!;
        expect(apply['if']).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
        expect(apply['environment']).toBe(env);
        expect(apply['concurrency']).toEqual({
          group: `${format}-apply-${env}`,
          'cancel-in-progress': false,
        });
      }
    } else {
      const jobs = doc as Record<string, TJob>;
      for (const env of envs) {
        expect(jobs[`plan:${env}`]?.['rules']).toEqual([
          { if: "$CI_PIPELINE_SOURCE == 'merge_request_event'" },
        ]);
        const apply = jobs[`apply:${env}`]!;
        expect(apply['environment']).toEqual({ name: env });
        expect(apply['resource_group']).toBe(`${format}-${env}`);
        expect(apply['rules']).toEqual([
          { if: '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH', when: 'manual' },
        ]);
      }
    }
  });

  it.runIf(format === 'bicep')('sets every variable the .bicepparam files read', () => {
    const read = all
      .filter((f) => f.path.endsWith('.bicepparam'))
      .flatMap((f) => [...f.content.matchAll(/readEnvironmentVariable\('([A-Z0-9_]+)'\)/g)])
      .map((m) => m[1]!);
    // GitHub maps each into the job's environment; on GitLab it is the scoped CI/CD variable.
    for (const name of new Set(read)) {
      if (ci === 'github') expect(pipeline).toMatch(new RegExp(`\\b${name}: \\$\\{\\{ secrets\\.`));
      else expect(readme).toContain(`| \`${name}\` | secret |`);
    }
  });

  it.runIf(format === 'terraform')('sets TF_VAR_ for every variable left to the pipeline', () => {
    const main = all
      .filter((f) => f.path.endsWith('variables.tf') && !f.path.startsWith('modules/'))
      .map((f) => f.content)
      .join('\n');
    const unset = [...main.matchAll(/variable "([a-z0-9_]+)" \{([^}]*)\}/g)]
      .filter((m) => !/\bdefault\s*=/.test(m[2]!) && /sensitive\s*=\s*true/.test(m[2]!))
      .map((m) => m[1]!);
    for (const name of new Set(unset)) expect(pipeline).toContain(`TF_VAR_${name}:`);
  });
});

describe('state', () => {
  const terraformExamples = exampleFiles().filter((f) =>
    formatsOf(readExample(f) as TExample).includes('terraform'),
  );
  it.each(terraformExamples)('%s: every environment has its own state key', (file) => {
    for (const layout of TERRAFORM_LAYOUT_NAMES) {
      const all = files(file, 'terraform', layout, 'github');
      const configs = all.filter((f) =>
        layout === 'env-folders'
          ? /^envs\/[^/]+\/backend\.tf$/.test(f.path)
          : /^env\/[^/]+\.backend\.hcl$/.test(f.path),
      );
      const { environments = [{}, {}, {}] } = readExample(file) as { environments?: unknown[] };
      expect(configs).toHaveLength(environments.length);
      const keys = configs.map((f) => /(?:key|prefix)\s+=\s+"([^"]+)"/.exec(f.content)?.[1]);
      expect(new Set(keys).size, layout).toBe(configs.length);
    }
  });
});

describe('schema checks can fail', () => {
  it('reject a misspelt permission and an unknown GitLab job keyword', () => {
    const workflow =
      'on: push\npermissions:\n  id-tokens: write\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n';
    expect(githubWorkflowErrors('w.yml', workflow)).toEqual([
      "w.yml: w.yml (Line: 3, Col: 3): Unexpected value 'id-tokens'",
    ]);
    expect(gitlabCiErrors('job:\n  script: [echo]\n  approve: true\n')).not.toEqual([]);
  });
});
