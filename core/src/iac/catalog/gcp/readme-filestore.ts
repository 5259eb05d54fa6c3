import type { TResolvedDesign } from '../../design/resolve';
import type { TNode } from '../service';
import { consumerSettingNamer } from './readme-subscriptions';

/** Compute Engine clients of a Filestore share: they mount it themselves (the image is stock). */
const MOUNTING = new Set(['gcp.compute-instance', 'gcp.managed-instance-group']);

/** Where the README mounts a share: `/mnt/<its name>`, as the EFS mounts of AWS VMs. */
const mountPoint = (fs: TNode): string => `/mnt/${fs.local}`;

/**
 * README section for the VMs and instance groups with a data connection to a Filestore
 * instance: they are told its address and share in their metadata (connection-env.ts) and mount
 * it over NFSv3 from their startup script, with the options Filestore recommends
 * ("Mounting file shares on Compute Engine clients", Filestore documentation: `hard`, so a
 * client waits out a failover instead of returning I/O errors to the application).
 */
export function filestoreMountsReadme(resolved: TResolvedDesign): string[] {
  const mounts = resolved.design.connections.flatMap((c) => {
    const client = resolved.byId.get(c.from);
    const fs = resolved.byId.get(c.to);
    if (c.type !== 'data' || !client || fs?.service.id !== 'gcp.filestore') return [];
    return MOUNTING.has(client.service.id) ? [{ client, fs }] : [];
  });
  if (mounts.length === 0) return [];
  const metadata = (key: string) =>
    `$(curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/attributes/${key})`;
  return [
    '## Filestore shares',
    '',
    "A VM or instance group connected to a Filestore instance is told the share's address and name as two metadata keys (see Connection settings); Filestore needs no credentials, so its startup script mounts it over NFSv3:",
    '',
    ...mounts.map(({ client, fs }) => {
      const name = consumerSettingNamer(resolved, client);
      return `- \`${client.name}\`: \`${fs.name}\` from \`${name(fs, 'HOST')}\` and \`${name(fs, 'SHARE')}\`, at \`${mountPoint(fs)}\` below.`;
    }),
    '',
    '```sh',
    '# Debian and Ubuntu images; on Rocky and RHEL: dnf install -y nfs-utils',
    'apt-get install -y nfs-common',
    ...mounts.slice(0, 1).flatMap(({ client, fs }) => {
      const name = consumerSettingNamer(resolved, client);
      return [
        `mkdir -p ${mountPoint(fs)}`,
        `mount -t nfs -o rw,hard "${metadata(name(fs, 'HOST'))}:/${metadata(name(fs, 'SHARE'))}" ${mountPoint(fs)}`,
      ];
    }),
    '```',
    '',
  ];
}
