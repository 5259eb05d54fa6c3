import type { TResolvedDesign } from '../../design/resolve';
import type { TNode } from '../service';
import { efsMountPoint, isEfs, mountsAtBoot } from './efs-mounts';

/**
 * README section for EC2 instances and Auto Scaling groups with a data connection to an EFS file
 * system (efs-mounts.ts): where the boot script mounts it, or, on an image whose package manager
 * has no EFS mount helper (Ubuntu), that nothing does and how to mount it by hand.
 * https://docs.aws.amazon.com/efs/latest/ug/mounting-fs-mount-helper-ec2-linux.html
 */
export function efsMountsReadme(resolved: TResolvedDesign): string[] {
  const pairs = resolved.nodes
    .filter((n) => n.service.id === 'aws.ec2' || n.service.id === 'aws.autoscaling-group')
    .flatMap((vm) =>
      resolved.design.connections.flatMap((c) => {
        const fs = c.from === vm.id && c.type === 'data' ? resolved.byId.get(c.to) : undefined;
        return fs && isEfs(fs) ? [{ vm, fs }] : [];
      }),
    );
  if (pairs.length === 0) return [];
  const atBoot = pairs.filter((p) => mountsAtBoot(String(p.vm.properties['os'])));
  const byHand = pairs.filter((p) => !atBoot.includes(p));
  const line = ({ vm, fs }: { vm: TNode; fs: TNode }) =>
    `- \`${fs.name}\` on \`${vm.name}\` (${String(vm.properties['os'])}): \`${efsMountPoint(fs)}\``;
  return [
    '## EFS file systems on EC2 instances',
    '',
    "An EFS file system's policy admits clients that use TLS and sign in with IAM only, the instance profile's role among them: the EFS mount helper (amazon-efs-utils) mounts with the options `tls` and `iam`, plain NFS is refused.",
    '',
    ...(atBoot.length === 0
      ? []
      : [
          'At its first boot, before the user data you give if any, an Amazon Linux instance installs amazon-efs-utils, mounts each file system it is connected to and adds it to `/etc/fstab` (`_netdev,tls,iam`), so later boots mount it too; its settings tell the code the path (`<FILE SYSTEM>_PATH`):',
          '',
          ...atBoot.map(line),
          '',
          'An instance running before the connection was drawn keeps the script of its first boot: replace it (a group: an instance refresh) to have the file system mounted.',
          '',
        ]),
    ...(byHand.length === 0
      ? []
      : [
          'Ubuntu has no amazon-efs-utils package: the mount helper is built from source (github.com/aws/efs-utils, "Building efs-utils from Source", with Rust, Go and CMake, on two vCPUs and 4 GB of memory), so no boot script mounts these file systems, and their settings give no path. Choose Amazon Linux 2023 (property `os`) to have them mounted at boot, or build the package once (`./build-deb.sh`), install it on each instance and mount:',
          '',
          ...byHand.map(line),
          '',
          '```sh',
          ...[...new Set(byHand.map((p) => p.fs))].flatMap((fs) => [
            `# ${fs.name}: <ID> is \`terraform output -raw ${fs.local}_file_system_id\``,
            `sudo mkdir -p ${efsMountPoint(fs)}`,
            `echo "<ID>:/ ${efsMountPoint(fs)} efs _netdev,tls,iam 0 0" | sudo tee -a /etc/fstab`,
            `sudo mount ${efsMountPoint(fs)}`,
          ]),
          '```',
          '',
        ]),
  ];
}
