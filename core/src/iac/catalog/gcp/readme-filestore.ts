import type { TResolvedDesign } from '../../design/resolve';
import { k8sObjectName } from '../kubernetes-names';
import type { TNode } from '../service';
import { consumerSettingNamer } from './readme-subscriptions';
import { filestoreCapacity } from './data';

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
  const clients = resolved.design.connections.flatMap((c) => {
    const client = resolved.byId.get(c.from);
    const fs = resolved.byId.get(c.to);
    if (c.type !== 'data' || !client || fs?.service.id !== 'gcp.filestore') return [];
    return [{ client, fs }];
  });
  const mounts = clients.filter(({ client }) => MOUNTING.has(client.service.id));
  const clusters = clients.filter(({ client }) => client.service.id === 'gcp.gke');
  if (mounts.length === 0 && clusters.length === 0) return [];
  return ['## Filestore shares', '', ...vmMounts(resolved, mounts), ...clusterVolumes(clusters)];
}

function vmMounts(
  resolved: TResolvedDesign,
  mounts: readonly { client: TNode; fs: TNode }[],
): string[] {
  if (mounts.length === 0) return [];
  const metadata = (key: string) =>
    `$(curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/attributes/${key})`;
  return [
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

/**
 * How a GKE cluster's pods use a connected share: the cluster runs the Filestore CSI driver
 * (containers.ts), and a static PersistentVolume of that driver names the existing instance, its
 * address and share, bound to a claim in the workloads' namespace. The claim's empty StorageClass
 * keeps the driver from provisioning a new instance, as the `standard-rwx` class would.
 * https://cloud.google.com/kubernetes-engine/docs/how-to/persistent-volumes/filestore-csi-driver#access
 */
function clusterVolumes(clusters: readonly { client: TNode; fs: TNode }[]): string[] {
  if (clusters.length === 0) return [];
  return [
    'A GKE cluster connected to a Filestore instance runs the Filestore CSI driver (`addons_config.gcp_filestore_csi_driver_config`), and its nodes mount the share over NFSv3 for the pods. The instance exists already: give it to the cluster as a PersistentVolume of the driver `filestore.csi.storage.gke.io` naming its address and share, with `storageClassName: ""` on the volume and its claim so that no new instance is provisioned. With kubectl signed in to the cluster (see Cluster access):',
    '',
    ...clusters.flatMap(({ client, fs }) => {
      const name = k8sObjectName(fs.id);
      const namespace = String(client.properties['namespace']);
      const size = `${filestoreCapacity(String(fs.properties['tier']), Number(fs.properties['capacity']))}Gi`;
      return [
        `\`${fs.name}\` on \`${client.name}\`, as the claim \`${name}\` in the namespace \`${namespace}\`:`,
        '',
        '```sh',
        'kubectl apply -f - <<EOF',
        'apiVersion: v1',
        'kind: PersistentVolume',
        'metadata:',
        `  name: ${name}`,
        'spec:',
        '  storageClassName: ""',
        '  capacity:',
        `    storage: ${size}`,
        '  accessModes:',
        '    - ReadWriteMany',
        '  persistentVolumeReclaimPolicy: Retain',
        '  volumeMode: Filesystem',
        '  csi:',
        '    driver: filestore.csi.storage.gke.io',
        `    volumeHandle: $(terraform output -raw ${fs.local}_volume_handle)`,
        '    volumeAttributes:',
        `      ip: $(terraform output -raw ${fs.local}_ip_address)`,
        `      volume: ${String(fs.properties['shareName'])}`,
        '  claimRef:',
        `    name: ${name}`,
        `    namespace: ${namespace}`,
        '---',
        'apiVersion: v1',
        'kind: PersistentVolumeClaim',
        'metadata:',
        `  name: ${name}`,
        `  namespace: ${namespace}`,
        'spec:',
        '  storageClassName: ""',
        `  volumeName: ${name}`,
        '  accessModes:',
        '    - ReadWriteMany',
        '  resources:',
        '    requests:',
        `      storage: ${size}`,
        'EOF',
        '```',
        '',
      ];
    }),
    "A pod mounts it as a volume with `persistentVolumeClaim.claimName` set to the claim's name; `persistentVolumeReclaimPolicy: Retain` keeps the instance and its files when the claim is deleted.",
    '',
  ];
}
