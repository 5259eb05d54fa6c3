import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
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
