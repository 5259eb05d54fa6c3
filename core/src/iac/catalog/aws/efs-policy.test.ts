import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { servicesOf } from '../registry';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An EFS file system refuses NFS clients without TLS, and its policy lets mount and write exactly
 * the roles its data connections grant ClientMount and ClientWrite on their side.
 */
const efs = { id: 'files', service: 'aws.efs', name: 'files', group: 'sn-0' };
const alone = smallDesign({ cloud: 'aws', components: [efs] });
const connected = smallDesign({
  cloud: 'aws',
  components: [
    efs,
    { id: 'k8s', service: 'aws.eks', name: 'k8s', group: 'sn-0' },
    { id: 'app', service: 'aws.ecs-fargate', name: 'app', group: 'sn-0' },
    { id: 'job', service: 'aws.lambda', name: 'job', group: 'sn-0' },
  ],
  connections: [
    { from: 'k8s', to: 'sn-1', type: 'placement' },
    { from: 'k8s', to: 'files', type: 'data' },
    { from: 'app', to: 'files', type: 'data' },
    { from: 'job', to: 'files', type: 'data' },
  ],
});
const policyOf = (design: unknown) =>
  resourceBlock(mainTf(design), 'aws_efs_file_system_policy', 'files');

/** The roles an EFS policy lets mount: its Allow statement's principals. */
const principals = (policy: string): string[] =>
  (/Principal = \{\n\s+AWS = \[([^\]]*)\]/.exec(policy)?.[1] ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\.arn$/, ''))
    .filter(Boolean)
    .sort();

/** The roles whose data-access policy grants mounting in `hcl`. */
const mountingRoles = (hcl: string): string[] =>
  [...hcl.matchAll(/resource "aws_iam_role_policy" "\w+" \{[^]*?\n\}/g)]
    .filter((m) => m[0].includes('elasticfilesystem:ClientMount'))
    .map((m) => /role\s+= (aws_iam_role\.\w+)\.id/.exec(m[0])?.[1] ?? '')
    .sort();

describe('aws: the policy of an EFS file system', () => {
  it('refuses every client without TLS, connected or not', () => {
    for (const design of [alone, connected]) {
      expect(policyOf(design)).toMatch(
        /Sid\s+= "DenyInsecureTransport"\n\s+Effect\s+= "Deny"\n\s+Principal = \{\n\s+AWS = "\*"\n\s+\}\n\s+Action\s+= "\*"\n\s+Resource\s+= aws_efs_file_system\.files\.arn\n\s+Condition = \{\n\s+Bool = \{\n\s+"aws:SecureTransport" = "false"/,
      );
    }
  });

  it('lets nobody mount without a data connection', () => {
    expect(policyOf(alone)).not.toContain('"Allow"');
  });

  it('lets the connected roles mount and write, without root access', () => {
    const policy = policyOf(connected);
    expect(principals(policy)).toEqual([
      'aws_iam_role.app_task',
      'aws_iam_role.job',
      'aws_iam_role.k8s_nodes',
    ]);
    expect(policy).toMatch(
      /Action\s+= \["elasticfilesystem:ClientMount", "elasticfilesystem:ClientWrite"\]/,
    );
    expect(policy).not.toContain('ClientRootAccess');
  });

  it('names the same roles the connections grant mounting on their side, for every AWS service', () => {
    const covered: string[] = [];
    for (const s of servicesOf('aws')) {
      const design = smallDesign({
        cloud: 'aws',
        components: [
          efs,
          {
            id: 'src',
            service: s.id,
            name: 'src',
            ...(s.placement === 'none' ? {} : { group: 'sn-0' }),
          },
        ],
        connections: [
          // Mount targets in both zones: a function in both is not refused (efs-mounts.ts).
          { from: 'files', to: 'sn-1', type: 'placement' },
          ...(s.placement === 'none' ? [] : [{ from: 'src', to: 'sn-1', type: 'placement' }]),
          { from: 'src', to: 'files', type: 'data' },
        ],
      });
      const r = generate(design, { format: 'terraform', layout: 'single' });
      // Services that cannot be built this way (groups, load balancers, CDNs) hold no role.
      if (!r.ok) continue;
      const hcl = r.files.find((f) => f.path === 'main.tf')!.content;
      const roles = mountingRoles(hcl);
      expect({ service: s.id, roles: principals(policyOf(design)) }).toEqual({
        service: s.id,
        roles,
      });
      if (roles.length > 0) covered.push(s.id);
    }
    expect(covered).toEqual(
      expect.arrayContaining([
        'aws.ec2',
        'aws.autoscaling-group',
        'aws.eks',
        'aws.ecs-fargate',
        'aws.lambda',
        'aws.iam-role',
        'aws.step-functions',
        'aws.app-runner',
      ]),
    );
  });

  it('passes aws-efs-tls-only and the schema check, in both layouts', async () => {
    const r = generate(connected, { format: 'terraform', layout: 'single' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.policy.filter((f) => f.rule === 'aws-efs-tls-only')).toEqual([]);
    expect(await checkOutput(terraformFiles(connected), sharedOrBundledSchemas())).toEqual([]);
    expect(
      await checkOutput(terraformFiles(connected, 'modules'), sharedOrBundledSchemas()),
    ).toEqual([]);
  });
});
