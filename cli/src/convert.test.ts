import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './testing/fixtures';

/** `stratum convert` as a user runs it: through cli/bin/stratum.mjs. */
const work = mkdtempSync(join(tmpdir(), 'stratum-convert-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function stratum(...args: string[]) {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'cli/bin/stratum.mjs'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const BICEP = `param location string = resourceGroup().location

resource plan 'Microsoft.Web/serverfarms@2022-09-01' = {
  name: 'plan-\${uniqueString(resourceGroup().id)}'
  location: location
  sku: {
    name: 'B1'
  }
}

resource site 'Microsoft.Web/sites@2022-09-01' = {
  name: 'app-\${uniqueString(resourceGroup().id)}'
  location: location
  properties: {
    serverFarmId: plan.id
  }
}
`;

describe('stratum convert', () => {
  it('converts a Bicep folder to an ARM template in --out, validated, exit 0', () => {
    const input = join(work, 'bicep');
    mkdirSync(input, { recursive: true });
    writeFileSync(join(input, 'main.bicep'), BICEP);
    const out = join(work, 'arm');
    const r = stratum('convert', input, '--from', 'bicep', '--to', 'arm', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('files written to');
    const json = readdirSync(out).find((f) => f.endsWith('.json') && !f.startsWith('.'))!;
    const template = JSON.parse(readFileSync(join(out, json), 'utf8')) as {
      resources: { type: string; dependsOn?: string[] }[];
    };
    expect(template.resources.map((x) => x.type)).toEqual([
      'Microsoft.Web/serverfarms',
      'Microsoft.Web/sites',
    ]);
    // plan.id in the site makes the site depend on the plan, as bicep build does.
    expect(template.resources[1]?.dependsOn?.[0]).toContain(
      "resourceId('Microsoft.Web/serverfarms'",
    );
  });

  it('reads a zip, and answers --json with the files and their validation', () => {
    const zip = join(work, 'in.zip');
    writeFileSync(zip, zipSync({ 'infra/main.bicep': strToU8(BICEP) }));
    const r = stratum(
      'convert',
      zip,
      '--from',
      'bicep',
      '--to',
      'arm',
      '--out',
      join(work, 'from-zip'),
      '--json',
    );
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout) as { ok: boolean; files: string[]; validation: unknown[] };
    expect(answer.ok).toBe(true);
    expect(answer.files.some((f) => f.endsWith('.json'))).toBe(true);
    expect(answer.validation).toEqual([]);
  });

  it('prints what it left out as file:line, and refuses a pair it does not write', () => {
    const input = join(work, 'aws.tf');
    writeFileSync(
      input,
      `resource "aws_vpc" "main" {\n  cidr_block = "10.0.0.0/16"\n}\n\ndata "aws_ami" "ubuntu" {\n  most_recent = true\n}\n`,
    );
    const r = stratum(
      'convert',
      input,
      '--from',
      'terraform',
      '--to',
      'design',
      '--out',
      join(work, 'design'),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(work, 'design'))).toContain('design.json');
    expect(r.stdout).toMatch(/^aws\.tf:5: not converted: data /m);

    const refused = stratum(
      'convert',
      input,
      '--from',
      'bicep',
      '--to',
      'terraform',
      '--out',
      work,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Bicep cannot be converted to Terraform');
  });

  it('names the options it needs', () => {
    const r = stratum('convert', work, '--from', 'cobol', '--to', 'arm', '--out', work);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--from must be one of terraform, bicep, arm');
  });
});
