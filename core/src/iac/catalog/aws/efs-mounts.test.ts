import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Compute with a data connection to an EFS file system has it mounted at /mnt/<name>, with TLS
 * and IAM as the file system's policy requires: Lambda and ECS through an access point of their
 * own, Amazon Linux instances with the mount helper at first boot. Ubuntu has no helper package:
 * the README says how to mount by hand instead.
 */
const efs = { id: 'files', service: 'aws.efs', name: 'files', group: 'sn-0' };
const twoZones = { from: 'files', to: 'sn-1', type: 'placement' };
const MOUNT_TARGETS = '[aws_efs_mount_target.files_sn_0, aws_efs_mount_target.files_sn_1]';

const design = (components: Record<string, unknown>[], extra: Record<string, unknown>[] = []) =>
  smallDesign({
    cloud: 'aws',
    components: [efs, ...components],
    connections: [
      twoZones,
      ...components.map((c) => ({ from: c['id'], to: 'files', type: 'data' })),
      ...extra,
    ],
  });

const readmeOf = (d: unknown): string => {
  const r = generate(d, { format: 'terraform', layout: 'single', readme: true });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.files.find((f) => f.path === 'README.md')!.content;
};

const accessPointOf = (hcl: string, name: string) =>
  resourceBlock(hcl, 'aws_efs_access_point', name);

describe('aws: a Lambda function connected to an EFS file system', () => {
  const hcl = mainTf(design([{ id: 'job', service: 'aws.lambda', name: 'job', group: 'sn-1' }]));

  it('mounts it at /mnt/<name> through an access point of its own, once the mount targets exist', () => {
    const fn = resourceBlock(hcl, 'aws_lambda_function', 'job');
    expect(fn).toMatch(
      /file_system_config \{\n\s+arn\s+= aws_efs_access_point\.job_files\.arn\n\s+local_mount_path = "\/mnt\/files"/,
    );
    expect(fn).toContain(
      `depends_on = [aws_cloudwatch_log_group.job, aws_iam_role_policy_attachment.job_1, ${MOUNT_TARGETS.slice(1)}`,
    );
    const ap = accessPointOf(hcl, 'job_files');
    expect(ap).toContain('file_system_id = aws_efs_file_system.files.id');
    expect(ap).toMatch(/posix_user \{\n\s+uid = 1000\n\s+gid = 1000\n/);
    expect(ap).toMatch(
      /root_directory \{\n\s+path = "\/job"\n\n\s+creation_info \{\n\s+owner_uid\s+= 1000\n\s+owner_gid\s+= 1000\n\s+permissions = "750"/,
    );
  });

  it('reaches the file system on NFS and is told the path', () => {
    const rule = resourceBlock(hcl, 'aws_vpc_security_group_ingress_rule', 'files_from_job_2049');
    expect(rule).toContain('security_group_id            = aws_security_group.files_sg.id');
    expect(rule).toContain('referenced_security_group_id = aws_security_group.job_sg.id');
    expect(resourceBlock(hcl, 'aws_lambda_function', 'job')).toMatch(/FILES_PATH = "\/mnt\/files"/);
  });

  it('mounts nothing outside a VPC, and says no path', () => {
    const outside = mainTf(design([{ id: 'job', service: 'aws.lambda', name: 'job' }]));
    expect(outside).not.toContain('file_system_config');
    expect(outside).not.toContain('aws_efs_access_point');
    expect(outside).not.toContain('FILES_PATH');
  });

  it('is refused in a zone without a mount target, or with two file systems', () => {
    const oneZone = smallDesign({
      cloud: 'aws',
      components: [efs, { id: 'job', service: 'aws.lambda', name: 'job', group: 'sn-1' }],
      connections: [{ from: 'job', to: 'files', type: 'data' }],
    });
    const r = generate(oneZone, { format: 'terraform', layout: 'single' });
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringContaining(
        'Lambda function job runs in subnet sn1, where EFS file system files has no mount target',
      ),
    ]);
    const two = design(
      [
        { id: 'more', service: 'aws.efs', name: 'more', group: 'sn-1' },
        { id: 'job', service: 'aws.lambda', name: 'job', group: 'sn-1' },
      ],
      [{ from: 'job', to: 'more', type: 'data' }],
    );
    const r2 = generate(two, { format: 'terraform', layout: 'single' });
    expect(r2.ok ? [] : r2.issues.map((i) => i.message)).toEqual([
      expect.stringContaining('a function mounts one file system'),
    ]);
  });
});

describe('aws: an ECS service connected to an EFS file system', () => {
  const hcl = mainTf(
    design([{ id: 'app', service: 'aws.ecs-fargate', name: 'app', group: 'sn-0' }]),
  );
  const definition = resourceBlock(hcl, 'aws_ecs_task_definition', 'app');

  it('gives its tasks a volume mounted with TLS and IAM through an access point', () => {
    expect(definition).toMatch(
      /volume \{\n\s+name = "files"\n\n\s+efs_volume_configuration \{\n\s+file_system_id\s+= aws_efs_file_system\.files\.id\n\s+transit_encryption = "ENABLED"\n\n\s+authorization_config \{\n\s+access_point_id = aws_efs_access_point\.app_files\.id\n\s+iam\s+= "ENABLED"/,
    );
    expect(accessPointOf(hcl, 'app_files')).toContain('path = "/app"');
  });

  it('mounts it in the container at /mnt/<name> and says so in its environment', () => {
    expect(definition).toMatch(
      /mountPoints = \[\n\s+\{\n\s+sourceVolume\s+= "files"\n\s+containerPath = "\/mnt\/files"\n\s+readOnly\s+= false/,
    );
    expect(definition).toMatch(/name\s+= "FILES_PATH"\n\s+value = "\/mnt\/files"/);
  });

  it('lets the task role mount, and starts tasks once the mount targets exist', () => {
    expect(definition).toContain('task_role_arn            = aws_iam_role.app_task.arn');
    const policy = resourceBlock(hcl, 'aws_efs_file_system_policy', 'files');
    expect(policy).toMatch(/AWS = \[aws_iam_role\.app_task\.arn\]/);
    expect(resourceBlock(hcl, 'aws_ecs_service', 'app')).toContain(
      `depends_on = [aws_iam_role_policy_attachment.app_execution_1, ${MOUNT_TARGETS.slice(1)}`,
    );
  });
});

/** An internal Application Load Balancer, for a group that needs the application's user data. */
const ALB = {
  id: 'alb',
  service: 'aws.alb',
  name: 'www',
  group: 'sn-0',
  properties: {
    public: false,
    certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/web',
  },
};

describe('aws: EC2 instances connected to an EFS file system', () => {
  const d = design(
    [
      {
        id: 'vm',
        service: 'aws.ec2',
        name: 'vm',
        group: 'sn-0',
        properties: { os: 'amazon-linux-2023' },
      },
      { id: 'web', service: 'aws.autoscaling-group', name: 'web', group: 'sn-0' },
      { id: 'ub', service: 'aws.ec2', name: 'ub', group: 'sn-1' },
    ],
    [
      { from: 'alb', to: 'sn-1', type: 'placement' },
      { from: 'alb', to: 'web', type: 'traffic', port: 8080 },
    ],
  );
  // The load balancer is added after the data connections: it reads no file system.
  const withAlb = { ...d, components: [...(d['components'] as object[]), ALB] };
  const hcl = mainTf(withAlb);

  it('mount it at first boot on Amazon Linux with the mount helper, TLS and IAM, also at later boots', () => {
    const vm = resourceBlock(hcl, 'aws_instance', 'vm');
    const script = /user_data\s+= "(.*)"\n/.exec(vm)?.[1] ?? '';
    expect(script.split('\\n')).toEqual([
      '#!/bin/bash',
      '# EFS file systems, mounted with TLS and IAM as their policy requires.',
      'set -euo pipefail',
      'dnf install -y amazon-efs-utils',
      'mkdir -p /mnt/files',
      'echo \\"${aws_efs_file_system.files.id}:/ /mnt/files efs _netdev,tls,iam 0 0\\" >> /etc/fstab',
      'for i in $(seq 30); do mount /mnt/files && break; sleep 10; done',
      'mountpoint -q /mnt/files',
      '',
    ]);
    expect(vm).toContain(`depends_on = ${MOUNT_TARGETS}`);
    expect(vm).toMatch(/ignore_changes = \[user_data\]/);
    expect(resourceBlock(hcl, 'aws_ssm_parameter', 'vm_files_path')).toMatch(
      /value\s+= "\/mnt\/files"/,
    );
  });

  it('run the mount script before the application user data of a group behind a load balancer', () => {
    const template = resourceBlock(hcl, 'aws_launch_template', 'web');
    const data = /user_data\s+= base64encode\("(.*)"\)\n/.exec(template)?.[1] ?? '';
    const parts = data.split('--==STRATUM==');
    expect(parts[0]).toContain('Content-Type: multipart/mixed; boundary=\\"==STRATUM==\\"');
    expect(parts[1]).toContain('Content-Type: text/x-shellscript');
    expect(parts[1]).toContain('mount /mnt/files');
    // Typed by how it starts, as cloud-init types user data alone.
    expect(parts[2]).toContain('Content-Type: text/plain');
    expect(parts[2]).toContain('${var.web_user_data}');
    expect(parts[3]).toBe('--\\n');
    expect(resourceBlock(hcl, 'aws_autoscaling_group', 'web')).toContain(
      `depends_on          = ${MOUNT_TARGETS}`,
    );
  });

  it('leave it to the README on Ubuntu, which has no mount helper package', () => {
    const ub = resourceBlock(hcl, 'aws_instance', 'ub');
    expect(ub).not.toContain('user_data');
    expect(ub).not.toContain('depends_on');
    expect(hcl).not.toContain('"ub_files_path"');
    const readme = readmeOf(withAlb);
    const section = readme.slice(readme.indexOf('## EFS file systems on EC2 instances'));
    expect(section).toContain('- `files` on `vm` (amazon-linux-2023): `/mnt/files`');
    expect(section).toContain('Ubuntu has no amazon-efs-utils package');
    expect(section).toContain('- `files` on `ub` (ubuntu-24.04): `/mnt/files`');
    expect(section).toContain(
      'echo "<ID>:/ /mnt/files efs _netdev,tls,iam 0 0" | sudo tee -a /etc/fstab',
    );
  });

  it('leave an instance without a file system as it was', () => {
    const plain = mainTf(
      smallDesign({
        cloud: 'aws',
        components: [
          {
            id: 'vm',
            service: 'aws.ec2',
            name: 'vm',
            group: 'sn-0',
            properties: { os: 'amazon-linux-2023' },
          },
        ],
      }),
    );
    expect(resourceBlock(plain, 'aws_instance', 'vm')).not.toContain('user_data');
    expect(readmeOf(smallDesign({ cloud: 'aws', components: [] }))).not.toContain('EFS');
  });

  it('pass the schema check and every policy rule, in both layouts', async () => {
    const all = design([
      { id: 'job', service: 'aws.lambda', name: 'job', group: 'sn-1' },
      { id: 'app', service: 'aws.ecs-fargate', name: 'app', group: 'sn-0' },
      {
        id: 'vm',
        service: 'aws.ec2',
        name: 'vm',
        group: 'sn-0',
        properties: { os: 'amazon-linux-2023' },
      },
    ]);
    for (const d2 of [all, withAlb]) {
      const r = generate(d2, { format: 'terraform', layout: 'single' });
      expect(r.ok ? r.policy.map((f) => `${f.rule} ${f.address}`) : r.issues).toEqual([]);
      for (const layout of ['single', 'modules'])
        expect(await checkOutput(terraformFiles(d2, layout), sharedOrBundledSchemas())).toEqual([]);
    }
  });
});
