import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { designJsonSchema } from '@stratum/core/iac/design/json-schema';
import { REPO_ROOT } from './testing/fixtures';

/** The `stratum` command as a user runs it: through cli/bin/stratum.mjs. */
const work = mkdtempSync(join(tmpdir(), 'stratum-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function stratum(...args: string[]) {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'cli/bin/stratum.mjs'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const example = (name: string) => join(REPO_ROOT, 'examples', name);

describe('stratum CLI', () => {
  it('generate writes the files and exits 0', () => {
    const out = join(work, 'tf');
    const r = stratum(
      'generate',
      example('aws-serverless-api.json'),
      '--format',
      'terraform',
      '--layout',
      'standard',
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      '.stratum-files.json',
      'README.md',
      'backend.tf',
      'env',
      'main.tf',
      'outputs.tf',
      'providers.tf',
      'variables.tf',
      'versions.tf',
    ]);
    // One state and one set of values per environment, nothing auto-loaded for any of them.
    expect(readdirSync(join(out, 'env')).sort()).toEqual([
      'dev.backend.hcl',
      'dev.tfvars',
      'prod.backend.hcl',
      'prod.tfvars',
    ]);
  }, 60_000);

  it('generate --json reports files, completions and naming fixes', () => {
    const r = stratum(
      'generate',
      example('azure-web-platform.json'),
      '--format',
      'arm',
      '--out',
      join(work, 'arm'),
      '--json',
    );
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as {
      ok: boolean;
      files: string[];
      naming: { node: string }[];
    };
    expect(json.ok).toBe(true);
    expect(json.files).toContain('azuredeploy.json');
    expect(json.naming.map((n) => n.node)).toContain('files');
  }, 60_000);

  it('validate exits 1 with the reasons on stderr for an invalid design', () => {
    const bad = join(work, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        v: 2,
        name: 'x',
        provider: 'aws',
        region: 'us-east-1',
        components: [{ id: 'db', service: 'aws.rds-mysql', name: 'db' }],
      }),
    );
    const r = stratum('validate', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('components[0].group: database must be placed in a subnet');
    expect(stratum('validate', example('gcp-web-platform.json')).code).toBe(0);
  }, 60_000);

  it('exits 1 on unreadable input, bad JSON and bad options', () => {
    expect(stratum('validate', join(work, 'missing.json')).stderr).toContain('cannot be read');
    const notJson = join(work, 'not.json');
    writeFileSync(notJson, '{');
    expect(stratum('validate', notJson).code).toBe(1);
    const r = stratum(
      'generate',
      example('aws-serverless-api.json'),
      '--format',
      'bicep',
      '--out',
      join(work, 'x'),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bicep is available for azure only');
  }, 60_000);

  it('refuses an --out that is a file or has a file in the way, and writes nothing', () => {
    const file = join(work, 'a-file');
    writeFileSync(file, 'mine');
    const args = ['generate', example('aws-serverless-api.json'), '--format', 'terraform'];
    const r = stratum(...args, '--out', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`--out ${file}: exists and is not a folder`);
    expect(r.stderr).not.toContain('    at ');
    expect(readFileSync(file, 'utf8')).toBe('mine');

    const blocked = join(work, 'blocked');
    mkdirSync(blocked);
    writeFileSync(join(blocked, 'env'), 'not a folder');
    const b = stratum(...args, '--layout', 'standard', '--out', blocked);
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('env is a file, but the output needs a folder there');
    expect(b.stderr).not.toContain('    at ');
    expect(readdirSync(blocked)).toEqual(['env']);

    const folder = join(work, 'a-folder');
    mkdirSync(folder);
    const t = stratum(
      'retarget',
      example('aws-serverless-api.json'),
      '--to',
      'gcp',
      '--out',
      folder,
    );
    expect(t.code).toBe(1);
    expect(t.stderr).toContain('is a folder, not a file');
    expect(t.stderr).not.toContain('    at ');
  }, 60_000);

  it('regenerating into an older generation removes its stale files and keeps the user’s', () => {
    const out = join(work, 'regen');
    const args = ['generate', example('aws-serverless-api.json'), '--format', 'terraform'];
    expect(stratum(...args, '--layout', 'modules', '--out', out).code).toBe(0);
    const modules = readdirSync(join(out, 'modules'));
    expect(modules.length).toBeGreaterThan(0);
    writeFileSync(join(out, 'local-overrides.tf'), '# mine\n');
    const r = stratum(...args, '--layout', 'single', '--out', out);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`removed modules/${modules[0]}/main.tf (no longer generated)`);
    expect(existsSync(join(out, 'modules'))).toBe(false);
    expect(readFileSync(join(out, 'local-overrides.tf'), 'utf8')).toBe('# mine\n');
    expect(stratum('check', out).code).toBe(0);
  }, 60_000);

  it("generate --ci --ci-provider writes that provider's pipeline, and refuses an unknown one", () => {
    const out = join(work, 'gitlab');
    const args = ['generate', example('aws-serverless-api.json'), '--format', 'terraform'];
    expect(stratum(...args, '--ci', '--ci-provider', 'gitlab', '--out', out).code).toBe(0);
    expect(readdirSync(out)).toContain('.gitlab-ci.yml');
    expect(readdirSync(out)).not.toContain('.github');
    const r = stratum(...args, '--ci', '--ci-provider', 'jenkins', '--out', join(work, 'j'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--ci-provider must be one of github, gitlab');
  }, 60_000);

  it('naming lists names per environment and the fixes', () => {
    const r = stratum('naming', example('azure-web-platform.json'), '--json');
    const json = JSON.parse(r.stdout) as { violations: { reason: string; fix: string }[] };
    expect(r.code).toBe(0);
    expect(
      json.violations.some((v) => v.reason.startsWith('longer than 24') && v.fix.length <= 24),
    ).toBe(true);
  }, 60_000);

  it('retarget prints the new design and what could not be mapped', () => {
    const r = stratum('retarget', example('aws-serverless-api.json'), '--to', 'gcp', '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as {
      design: { provider: string };
      unmapped: { id: string }[];
    };
    expect(json.design.provider).toBe('gcp');
    expect(json.unmapped.map((u) => u.id)).toContain('api');
    const out = join(work, 'retargeted', 'shop-oci.json');
    expect(
      stratum('retarget', example('aws-three-tier-web-app.json'), '--to', 'oci', '--out', out).code,
    ).toBe(0);
    expect(stratum('generate', out, '--format', 'terraform', '--out', join(work, 'oci')).code).toBe(
      0,
    );
    expect(stratum('check', join(work, 'oci')).code).toBe(0);
  }, 60_000);

  it('check validates a generated folder offline', () => {
    expect(stratum('check', join(work, 'tf')).code).toBe(0);
    writeFileSync(join(work, 'tf', 'extra.tf'), 'resource "aws_nope" "x" {}\n');
    const r = stratum('check', join(work, 'tf'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown resource type aws_nope');
  }, 60_000);

  it('the committed JSON Schema is up to date (regenerate: npx stratum schema --out docs/design-document.schema.json)', () => {
    const committed = JSON.parse(
      readFileSync(join(REPO_ROOT, 'docs/design-document.schema.json'), 'utf8'),
    ) as unknown;
    expect(committed).toEqual(designJsonSchema());
  });
});
