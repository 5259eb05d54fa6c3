import type { TNode, TTfBuildContext } from '../service';
import { BuildError } from '../../build/terraform-build';
import { block, obj, ref, tpl, type TTfBlock, type TTfValue } from '../../ir/terraform-ir';
import { hasNetwork } from './shared';

/**
 * Compute with a data connection to an EFS file system has it mounted at `/mnt/<its local
 * name>`, as the file system's policy admits clients: over TLS, signed in with the role the
 * connection grants ClientMount and ClientWrite (storage.ts). Lambda and ECS mount through an
 * access point of their own; EC2 instances with the EFS mount helper (`-o tls,iam`).
 */

/** POSIX user and group of an access point's clients, and owner of the directory it creates. */
const POSIX_ID = 1000;

/**
 * How an image family (ami.ts) installs amazon-efs-utils, the mount helper that `tls` and `iam`
 * need, from its own package manager. Ubuntu has no package: efs-utils is built from source
 * there ("Manually installing the Amazon EFS client", EFS user guide), which readme-efs-mounts.ts
 * explains rather than a boot script that could break with the next release.
 */
export const EFS_UTILS_INSTALL: Readonly<Record<string, string>> = {
  'amazon-linux-2023': 'dnf install -y amazon-efs-utils',
};

export const isEfs = (node: TNode): boolean => node.service.id === 'aws.efs';

/** Where a connected file system is mounted: `/mnt/<its local name>`. */
export const efsMountPoint = (efs: TNode): string => `/mnt/${efs.local}`;

/** The EFS file systems the node has a data connection to. */
export const efsTargets = (ctx: TTfBuildContext): TNode[] =>
  ctx
    .outgoing('data')
    .map((e) => e.node)
    .filter(isEfs);

/** Whether an EC2 instance or group of `os` gets its file systems mounted at first boot. */
export const mountsAtBoot = (os: string): boolean => EFS_UTILS_INSTALL[os] !== undefined;

/** Where `ctx.node` has `efs` mounted, when it does: what its settings tell the code. */
export function efsMountPath(ctx: TTfBuildContext, efs: TNode): string | undefined {
  if (!isEfs(efs)) return undefined;
  switch (ctx.node.service.id) {
    case 'aws.lambda':
      return hasNetwork(ctx, ctx.node) ? efsMountPoint(efs) : undefined;
    case 'aws.ecs-fargate':
      return efsMountPoint(efs);
    case 'aws.ec2':
    case 'aws.autoscaling-group':
      return mountsAtBoot(ctx.value('os')) ? efsMountPoint(efs) : undefined;
    default:
      return undefined;
  }
}

/** Addresses of the file system's mount targets, one per subnet (storage.ts). */
export const mountTargets = (ctx: TTfBuildContext, efs: TNode): string[] =>
  ctx.subnetsOf(efs).map((s) => ctx.address(efs, 'aws_efs_mount_target', `_${s.local}`));

/**
 * The access point `ctx.node` mounts `efs` through: its clients act as 1000:1000 in
 * `/<component name>`, which EFS creates on first use, readable by the group only.
 */
function accessPoint(ctx: TTfBuildContext, efs: TNode): string {
  return ctx.resource('aws_efs_access_point', `${ctx.node.local}_${efs.local}`, {
    file_system_id: ref(ctx.address(efs, 'aws_efs_file_system'), 'id'),
    tags: ctx.tags(),
    posix_user: block({ uid: POSIX_ID, gid: POSIX_ID }),
    root_directory: block({
      path: `/${ctx.node.name}`,
      creation_info: block({ owner_uid: POSIX_ID, owner_gid: POSIX_ID, permissions: '750' }),
    }),
  }).address;
}

const zoneOf = (subnet: TNode): string => String(subnet.properties['zone'] ?? '0');

/**
 * A Lambda function's `file_system_config`, and the mount targets it waits for: Lambda refuses a
 * function whose subnets are in a zone without one ("does not have mount targets created in all
 * availability zones the function will execute in"), and mounts one file system at most.
 */
export function lambdaFileSystem(
  ctx: TTfBuildContext,
): { readonly config: TTfBlock; readonly dependsOn: readonly string[] } | undefined {
  const targets = efsTargets(ctx);
  const [efs] = targets;
  if (!efs || !hasNetwork(ctx, ctx.node)) return undefined;
  const name = `Lambda function ${ctx.node.name}`;
  if (targets.length > 1)
    throw new BuildError(
      `${name} has data connections to ${targets.length} EFS file systems (${targets.map((t) => t.name).join(', ')}): a function mounts one file system; connect the others to another function`,
    );
  const efsSubnets = ctx.subnetsOf(efs);
  const zones = new Set(efsSubnets.map(zoneOf));
  const network = efsSubnets[0]?.parent;
  for (const subnet of ctx.subnets()) {
    if (subnet.parent !== network || !zones.has(zoneOf(subnet)))
      throw new BuildError(
        `${name} runs in subnet ${subnet.name}, where EFS file system ${efs.name} has no mount target: Lambda refuses a function that would run in a zone without one; place ${efs.name} in a subnet of that zone too, or the function in a subnet of ${efs.name}'s zones`,
      );
  }
  return {
    config: block({
      arn: ref(accessPoint(ctx, efs), 'arn'),
      local_mount_path: efsMountPoint(efs),
    }),
    dependsOn: mountTargets(ctx, efs),
  };
}

/**
 * An ECS task definition's EFS volumes (TLS, IAM as the task role, an access point each), the
 * container's mount points, and the mount targets the service waits for.
 */
export function ecsFileSystems(ctx: TTfBuildContext): {
  readonly volumes: readonly TTfBlock[];
  readonly mountPoints: readonly TTfValue[];
  readonly dependsOn: readonly string[];
} {
  const targets = efsTargets(ctx);
  return {
    volumes: targets.map((efs) =>
      block({
        name: efs.name,
        efs_volume_configuration: block({
          file_system_id: ref(ctx.address(efs, 'aws_efs_file_system'), 'id'),
          transit_encryption: 'ENABLED',
          authorization_config: block({
            access_point_id: ref(accessPoint(ctx, efs), 'id'),
            iam: 'ENABLED',
          }),
        }),
      }),
    ),
    mountPoints: targets.map((efs) =>
      obj({ sourceVolume: efs.name, containerPath: efsMountPoint(efs), readOnly: false }),
    ),
    dependsOn: targets.flatMap((efs) => mountTargets(ctx, efs)),
  };
}

/**
 * The boot script that mounts an EC2 instance's file systems with the mount helper, `tls` and
 * `iam` (the instance profile's role), also at every later boot (`/etc/fstab`, `_netdev`): for
 * images whose package manager has the helper, else undefined. A new mount target's DNS name may
 * take a while to resolve, so the mount is retried for five minutes before the script fails.
 */
export function efsMountScript(ctx: TTfBuildContext): TTfValue | undefined {
  const install = EFS_UTILS_INSTALL[ctx.value('os')];
  const targets = efsTargets(ctx);
  if (install === undefined || targets.length === 0) return undefined;
  const lines: (string | TTfValue)[] = [
    '#!/bin/bash\n',
    '# EFS file systems, mounted with TLS and IAM as their policy requires.\n',
    'set -euo pipefail\n',
    `${install}\n`,
  ];
  for (const efs of targets) {
    const at = efsMountPoint(efs);
    const id = ref(ctx.address(efs, 'aws_efs_file_system'), 'id');
    lines.push(
      `mkdir -p ${at}\n`,
      tpl('echo "', id, `:/ ${at} efs _netdev,tls,iam 0 0" >> /etc/fstab\n`),
      `for i in $(seq 30); do mount ${at} && break; sleep 10; done\n`,
      `mountpoint -q ${at}\n`,
    );
  }
  return tpl(...lines);
}

/** The MIME boundary between the mount script and the application's user data. */
const BOUNDARY = '==STRATUM==';

/**
 * The mount script, then the application's user data, as one multi-part document: cloud-init
 * runs the parts in order, and types the second (`text/plain`) by how it starts (`#!`,
 * `#cloud-config`), as it would alone.
 */
export function withMountScript(mount: TTfValue, app: TTfValue): TTfValue {
  return tpl(
    `Content-Type: multipart/mixed; boundary="${BOUNDARY}"\nMIME-Version: 1.0\n\n`,
    `--${BOUNDARY}\nContent-Type: text/x-shellscript; charset="us-ascii"\n\n`,
    mount,
    `\n--${BOUNDARY}\nContent-Type: text/plain; charset="us-ascii"\n\n`,
    app,
    `\n--${BOUNDARY}--\n`,
  );
}
