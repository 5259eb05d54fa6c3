import type { TTfBuildContext } from '../service';
import { ref, tfVar, tpl, type TTfValue } from '../../ir/terraform-ir';
import { compartment } from './shared';

/** An OCI Registry image: `<region>.ocir.io/<namespace>/<repository>[:tag|@digest]`. */
const OCIR = /^(?:[a-z0-9-]+\.ocir\.io|ocir\.[a-z0-9-]+\.oci\.oraclecloud\.com)\/[^/]+\/([^:@]+)/;

/** The repository of an OCI Registry image URL (`lake/loader`), else undefined. */
export const ocirRepository = (image: string): string | undefined => OCIR.exec(image)?.[1];

/**
 * What lets a container instance pull its image from OCI Registry: without image pull secrets
 * it authenticates as its resource principal, which needs a dynamic group and `read repos`
 * ("Vault Secrets for Image Pull Authorization", Container Instances docs). The image is pulled
 * while the instance is created, before its OCID exists, so the group matches the container
 * instances of the compartment (`resource.type` and `resource.compartment.id`) and its policy
 * may only read the repositories named: the registries the instance has a data connection to,
 * and the repository of an OCIR image URL (wherever it is in the tenancy, so the policy is the
 * tenancy's). Returns what the instance must wait for: the policy, if any.
 */
export function imagePullGrant(ctx: TTfBuildContext): string[] {
  const local = ctx.node.local;
  const images = [ctx.value('image'), ...Object.values(ctx.node.overrides).map((o) => o['image'])];
  const isOcir = images.some((i) => typeof i === 'string' && ocirRepository(i) !== undefined);
  const registries = ctx
    .outgoing('data')
    .filter((e) => e.node.service.kind === 'container-registry');
  if (!isOcir && registries.length === 0) return [];
  const group = ctx.resource('oci_identity_dynamic_group', `${local}_pull`, {
    compartment_id: tfVar('tenancy_ocid'),
    name: ctx.name('pull', 'oci-iam'),
    description: `The container instances of the compartment, to pull the image of ${ctx.node.name}`,
    matching_rule: tpl(
      "ALL {resource.type = 'computecontainerinstance', resource.compartment.id = '",
      compartment(),
      "'}",
    ),
    freeform_tags: ctx.tags(),
  });
  const read = (scope: TTfValue[], repository: TTfValue) =>
    tpl(
      'Allow dynamic-group ',
      ref(group.address, 'name'),
      ' to read repos in ',
      ...scope,
      " where target.repo.name = '",
      repository,
      "'",
    );
  const statements = registries.map((e) =>
    read(
      ['compartment id ', compartment()],
      ref(ctx.address(e.node, 'oci_artifacts_container_repository'), 'display_name'),
    ),
  );
  if (isOcir) {
    const repository = ctx.prop('image', (v) => ocirRepository(String(v)) ?? '', 'imageRepository');
    statements.push(read(['tenancy'], repository));
  }
  const policy = ctx.resource('oci_identity_policy', `${local}_pull`, {
    compartment_id: isOcir ? tfVar('tenancy_ocid') : compartment(),
    name: ctx.name('pull-policy', 'oci-iam'),
    description: `The container instances of the compartment may pull the image of ${ctx.node.name}`,
    statements,
    freeform_tags: ctx.tags(),
  });
  return [policy.address];
}
