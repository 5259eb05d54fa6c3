import { beforeAll, describe, expect, it } from 'vitest';
import { checkOutput, schemaSource, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../iac/generate';
import { smallDesign } from '../iac/testing/small-design';
import type { TCloud } from '../iac/types';
import { ZTagPolicyInput, type TTagPolicy } from './model';

beforeAll(() => {
  schemaSource().lookup('aws_vpc', false);
}, 120_000);

const STORAGE: Readonly<Record<TCloud, string>> = {
  aws: 'aws.s3',
  azure: 'azure.storage-account',
  gcp: 'gcp.cloud-storage',
  oci: 'oci.object-storage',
};

const costCenter: TTagPolicy = {
  ...ZTagPolicyInput.parse({
    name: 'Cost allocation',
    cloud: 'any',
    rules: [{ key: 'cost-center', allowedValues: ['finance', 'platform'] }],
  }),
  id: 'p1',
};

const design = (cloud: TCloud, tags?: Record<string, string>) =>
  smallDesign({
    cloud,
    tags: { Owner: 'Platform Team' },
    components: [{ id: 'files', service: STORAGE[cloud], name: 'files', ...(tags && { tags }) }],
  });

const text = (files: readonly { path: string; content: string }[]) =>
  files.map((f) => f.content).join('\n');

describe.each(['aws', 'azure', 'gcp', 'oci'] as const)('tags at generation on %s', (cloud) => {
  it('a block policy the design breaks stops generation with the fix', () => {
    const r = generate(design(cloud, { 'Cost Center': 'finance' }), {
      format: 'terraform',
      tagPolicies: [costCenter],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      {
        path: 'components[0].tags',
        severity: 'error',
        message:
          'Component “files”: The tag `Cost Center` should be spelled `cost-center`. (policy “Cost allocation”) Fix: rename `Cost Center` to `cost-center`.',
      },
    ]);
  });

  it('the fixed design generates, the tag is in the code and the code passes the validators', async () => {
    const r = generate(design(cloud, { 'cost-center': 'finance' }), {
      format: 'terraform',
      tagPolicies: [costCenter],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const tf = text(r.files);
    // GCP labels are lowercase with _ for anything else; the others keep the key as written.
    if (cloud === 'gcp') {
      expect(tf).toMatch(/labels\s*=\s*\{[^}]*cost-center\s*=\s*"finance"/s);
      expect(tf).toMatch(/owner\s*=\s*"platform_team"/);
    } else expect(tf).toMatch(/"?cost-center"?\s*=\s*"finance"/);
    if (cloud === 'aws') expect(tf).toMatch(/default_tags\s*\{\s*tags\s*=\s*\{[^}]*Owner/s);
    if (cloud === 'oci') expect(tf).toMatch(/freeform_tags\s*=/);
    expect(await checkOutput(r.files, sharedOrBundledSchemas())).toEqual([]);
  }, 120_000);
});

describe('tags in Bicep and ARM', () => {
  it.each(['bicep', 'arm'] as const)(
    '%s carries the component tags and validates',
    async (format) => {
      const r = generate(design('azure', { 'cost-center': 'finance', 'a/b': 'x' }), {
        format,
        tagPolicies: [costCenter],
      });
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      const out = text(r.files);
      expect(out).toMatch(/'?"?cost-center'?"?\s*:\s*'?"?finance/);
      // Azure refuses / in tag names: written as a-b, and reported as a warning with the fix.
      expect(out).toContain('a-b');
      expect(out).not.toContain('a/b');
      expect(r.tags[0]?.violations.map((v) => v.fix)).toEqual(['rename `a/b` to `a-b`']);
      expect(await checkOutput(r.files, sharedOrBundledSchemas())).toEqual([]);
    },
    120_000,
  );
});

describe('designs saved before component tags', () => {
  it('still generate, with the design tags only', () => {
    const r = generate(design('aws'), { format: 'terraform' });
    expect(r.ok).toBe(true);
  });
});
