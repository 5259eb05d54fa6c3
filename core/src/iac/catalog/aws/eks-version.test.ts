import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { findService } from '../registry';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * New EKS clusters get a minor in standard support; saved designs on a minor in extended
 * support (6 times the control-plane price) still generate it, with a warning naming its end.
 */
const cluster = (version?: string, prod?: string) => ({
  ...smallDesign({
    cloud: 'aws',
    components: [
      {
        id: 'k8s',
        service: 'aws.eks',
        name: 'k8s',
        group: 'sn-0',
        properties: version ? { version } : {},
      },
    ],
    connections: [{ from: 'k8s', to: 'sn-1', type: 'placement' }],
  }),
  environments: [
    { name: 'dev' },
    { name: 'prod', ...(prod ? { overrides: { k8s: { version: prod } } } : {}) },
  ],
});

/** Validation issues about the version (a cluster without a NAT gateway gets a warning too). */
const issuesOf = (design: unknown) => {
  const r = generate(design, { format: 'terraform' });
  return (r.ok ? r.warnings : r.issues).filter((i) => i.path.endsWith('version'));
};

describe('aws: EKS Kubernetes version', () => {
  it('offers the minors in standard support, 1.35 by default', () => {
    const version = findService('aws.eks')!.properties.find((p) => p.key === 'version')!;
    expect([version.allowed, version.default]).toEqual([['1.36', '1.35', '1.34'], '1.35']);
    expect(resourceBlock(mainTf(cluster()), 'aws_eks_cluster', 'k8s')).toMatch(
      /version\s+= "1\.35"/,
    );
  });

  it('generates a saved 1.33 and a prod override of 1.32, warning with their support end', async () => {
    const saved = cluster('1.33', '1.32');
    expect(issuesOf(saved).map((i) => [i.severity, i.path, i.message])).toEqual([
      [
        'warning',
        'components[0].properties.version',
        expect.stringMatching(/^version "1\.33" is no longer offered: .*until 2027-07-29/),
      ],
      [
        'warning',
        'environments[1].overrides.k8s.version',
        expect.stringMatching(/^version "1\.32" is no longer offered: .*until 2027-03-23/),
      ],
    ]);
    const files = terraformFiles(saved);
    const tfvars = (env: string) => files.find((f) => f.path === `env/${env}.tfvars`)!.content;
    expect(tfvars('dev')).toMatch(/k8s_version\s+= "1\.33"/);
    expect(tfvars('prod')).toMatch(/k8s_version\s+= "1\.32"/);
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });

  it('refuses a minor EKS no longer runs', () => {
    expect(
      issuesOf(cluster('1.31'))
        .filter((i) => i.severity === 'error')
        .map((i) => [i.path, i.message]),
    ).toEqual([
      ['components[0].properties.version', 'version "1.31" is not one of: 1.36, 1.35, 1.34'],
    ]);
  });
});
