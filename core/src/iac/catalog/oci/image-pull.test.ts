import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { ocirRepository } from './image-pull';

/**
 * A container instance with a private OCI Registry image pulls it as its resource principal
 * while it is created: a dynamic group that does not need its OCID, a `read repos` grant, and
 * the instance created after that grant.
 */
const design = (image: string, extra: { registry?: boolean; prodImage?: string } = {}) => {
  const d = smallDesign({
    cloud: 'oci',
    components: [
      {
        id: 'api',
        service: 'oci.container-instance',
        name: 'api',
        group: 'sn-0',
        properties: { image },
      },
      ...(extra.registry
        ? [{ id: 'images', service: 'oci.container-registry', name: 'images' }]
        : []),
    ],
    connections: extra.registry ? [{ from: 'api', to: 'images', type: 'data' }] : [],
  });
  const prod = extra.prodImage ? { api: { image: extra.prodImage } } : {};
  return { ...d, environments: [{ name: 'dev' }, { name: 'prod', overrides: prod }] };
};

describe('oci: a container instance pulling from OCI Registry', () => {
  const ocir = design('fra.ocir.io/acme/shop/api:1.2.0');
  const hcl = mainTf(ocir);

  it('is pulled for by a group of the compartment’s container instances, not by its own OCID', () => {
    const group = resourceBlock(hcl, 'oci_identity_dynamic_group', 'api_pull');
    expect(group).toContain(
      `matching_rule  = "ALL {resource.type = 'computecontainerinstance', resource.compartment.id = '\${var.compartment_ocid}'}"`,
    );
    expect(group).not.toContain('oci_container_instances_container_instance');
  });

  it('may read that one repository, wherever it is in the tenancy', () => {
    const policy = resourceBlock(hcl, 'oci_identity_policy', 'api_pull');
    expect(policy).toMatch(/compartment_id\s+= var\.tenancy_ocid\n/);
    expect(policy).toContain(
      `statements     = ["Allow dynamic-group \${oci_identity_dynamic_group.api_pull.name} to read repos in tenancy where target.repo.name = 'shop/api'"]`,
    );
  });

  it('is created once that grant exists', () => {
    const instance = resourceBlock(hcl, 'oci_container_instances_container_instance', 'api');
    expect(instance).toMatch(/depends_on\s+= \[oci_identity_policy\.api_pull\]\n/);
  });

  it('passes the schema check and every security rule', async () => {
    const r = generate(ocir, { format: 'terraform' });
    expect(r.ok ? r.policy.map((f) => `${f.rule} ${f.address}`) : r.issues).toEqual([]);
    expect(await checkOutput(terraformFiles(ocir))).toEqual([]);
  });

  it('reads the repository of the design’s registry it is connected to', () => {
    const connected = mainTf(design('docker.io/library/nginx:stable', { registry: true }));
    const policy = resourceBlock(connected, 'oci_identity_policy', 'api_pull');
    expect(policy).toMatch(/compartment_id\s+= var\.compartment_ocid\n/);
    expect(policy).toContain(
      "to read repos in compartment id ${var.compartment_ocid} where target.repo.name = '${oci_artifacts_container_repository.images.display_name}'",
    );
  });

  it('follows an image that differs between environments', () => {
    const varying = mainTf(
      design('fra.ocir.io/acme/shop/api:1', { prodImage: 'fra.ocir.io/acme/prod/api:1' }),
    );
    expect(resourceBlock(varying, 'oci_identity_policy', 'api_pull')).toContain(
      "target.repo.name = '${var.api_image_repository}'",
    );
  });

  it('adds nothing for a public image from another registry', () => {
    expect(mainTf(design('docker.io/library/nginx:stable'))).not.toContain('_pull');
  });

  it('reads the repository out of OCI Registry image URLs only', () => {
    expect(ocirRepository('ams.ocir.io/acme/lake/loader:1.0.0')).toBe('lake/loader');
    expect(ocirRepository('ocir.eu-frankfurt-1.oci.oraclecloud.com/acme/api@sha256:ab12')).toBe(
      'api',
    );
    expect(ocirRepository('ghcr.io/acme/api:1')).toBeUndefined();
  });
});
