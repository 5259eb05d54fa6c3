import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A VM or instance group connected to a Filestore instance was told nothing of it: no address,
 * no share name, and the README said nothing of mounting it.
 */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'app', service: 'gcp.compute-instance', name: 'app', group: 'sn-0' },
    { id: 'web', service: 'gcp.managed-instance-group', name: 'web', group: 'sn-0' },
    {
      id: 'media',
      service: 'gcp.filestore',
      name: 'media',
      group: 'net',
      properties: { shareName: 'media1' },
    },
  ],
  connections: ['app', 'web'].map((from) => ({ from, to: 'media', type: 'data' })),
});

const readmeOf = () => terraformFiles(design).find((f) => f.path === 'README.md')!.content;

describe('gcp: Filestore clients', () => {
  it('tell a VM and an instance group the share address and name in their metadata', () => {
    const hcl = mainTf(design);
    for (const [type, local] of [
      ['google_compute_instance', 'app'],
      ['google_compute_instance_template', 'web'],
    ] as const) {
      const body = resourceBlock(hcl, type, local);
      expect(body).toMatch(
        /MEDIA_HOST\s+= google_filestore_instance\.media\.networks\[0\]\.ip_addresses\[0\]/,
      );
      expect(body).toMatch(
        /MEDIA_SHARE\s+= google_filestore_instance\.media\.file_shares\[0\]\.name/,
      );
    }
  });

  it('say in the README how each client mounts the share over NFS', () => {
    const readme = readmeOf();
    expect(readme).toContain('## Filestore shares');
    expect(readme).toContain(
      '- `app`: `media` from `MEDIA_HOST` and `MEDIA_SHARE`, at `/mnt/media` below.',
    );
    expect(readme).toContain('- `web`: `media` from `MEDIA_HOST` and `MEDIA_SHARE`');
    const metadata = (key: string) =>
      `$(curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/attributes/${key})`;
    expect(readme).toContain(
      `mount -t nfs -o rw,hard "${metadata('MEDIA_HOST')}:/${metadata('MEDIA_SHARE')}" /mnt/media`,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

/**
 * A GKE cluster connected to a Filestore instance could not mount it: GKE Standard leaves the
 * Filestore CSI driver off, and the README told its pods nothing of the share.
 */
describe('gcp: Filestore on GKE', () => {
  const withShare = smallDesign({
    cloud: 'gcp',
    components: [
      {
        id: 'gke',
        service: 'gcp.gke',
        name: 'apps',
        group: 'sn-0',
        properties: { namespace: 'shop' },
      },
      { id: 'plain', service: 'gcp.gke', name: 'plain', group: 'sn-1' },
      {
        id: 'media',
        service: 'gcp.filestore',
        name: 'media',
        group: 'net',
        properties: { shareName: 'media1', capacity: 2048 },
      },
    ],
    connections: [{ from: 'gke', to: 'media', type: 'data' }],
  });
  const files = terraformFiles(withShare);
  const hcl = files.find((f) => f.path === 'main.tf')!.content;

  it('turns the Filestore CSI driver on for the connected cluster only', () => {
    expect(resourceBlock(hcl, 'google_container_cluster', 'gke')).toMatch(
      /addons_config \{\n\s+gcp_filestore_csi_driver_config \{\n\s+enabled = true\n\s+\}\n\s+\}/,
    );
    expect(resourceBlock(hcl, 'google_container_cluster', 'plain')).not.toContain('addons_config');
  });

  it('outputs the volume handle the PersistentVolume names', () => {
    expect(hcl).toMatch(/output "media_volume_handle" \{/);
    expect(hcl).toContain(
      'value       = "modeInstance/${google_filestore_instance.media.location}/${google_filestore_instance.media.name}/${google_filestore_instance.media.file_shares[0].name}"',
    );
    expect(mainTf(design)).not.toContain('volume_handle');
  });

  it("tells the README reader the static PersistentVolume and claim of the driver, in the cluster's namespace", () => {
    const readme = files.find((f) => f.path === 'README.md')!.content;
    const section = readme.slice(readme.indexOf('## Filestore shares'));
    expect(section).toContain('`media` on `apps`, as the claim `media` in the namespace `shop`:');
    expect(section).toContain(
      [
        'kind: PersistentVolume',
        'metadata:',
        '  name: media',
        'spec:',
        '  storageClassName: ""',
        '  capacity:',
        '    storage: 2048Gi',
      ].join('\n'),
    );
    expect(section).toContain(
      [
        '    driver: filestore.csi.storage.gke.io',
        '    volumeHandle: $(terraform output -raw media_volume_handle)',
        '    volumeAttributes:',
        '      ip: $(terraform output -raw media_ip_address)',
        '      volume: media1',
        '  claimRef:',
        '    name: media',
        '    namespace: shop',
      ].join('\n'),
    );
    expect(section).toMatch(
      /kind: PersistentVolumeClaim\n[\s\S]*namespace: shop\n[\s\S]*volumeName: media/,
    );
    // No VM mounts it: no mount command.
    expect(section).not.toContain('mount -t nfs');
    expect(section.slice(0, section.indexOf('\n## ', 3))).not.toContain('`plain`');
  });

  it('passes the schema check, in both layouts', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
    expect(
      await checkOutput(terraformFiles(withShare, 'modules'), sharedOrBundledSchemas()),
    ).toEqual([]);
  });
});
