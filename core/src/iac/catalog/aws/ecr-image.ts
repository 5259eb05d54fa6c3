import type { TNode, TTfBuildContext } from '../service';
import { call, ref, tfVar, tpl, type TTfValue } from '../../ir/terraform-ir';

const DOCKER_TAG = '^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$';

/** The ECR repository of the design a workload has a data connection to, if any. */
export const registryOf = (ctx: TTfBuildContext): TNode | undefined =>
  ctx.outgoing('data').find((e) => e.node.service.kind === 'container-registry')?.node;

/**
 * The image a workload runs from an ECR repository of the design: `<repository url>:<tag>`, the
 * tag a required variable `<component>_image_tag` set per environment. The repository is created
 * empty by the same apply and its tags are immutable, so no tag (`latest`) can be assumed: the
 * image is pushed once the repository exists, then applied by its tag (README "Container images").
 */
export function ecrImage(ctx: TTfBuildContext, registry: TNode): TTfValue {
  const name = `${ctx.node.local}_image_tag`;
  const tag = ctx.variable({
    name,
    type: 'string',
    description: `Tag of the image ${ctx.node.name} runs from ECR repository ${registry.name}: push the image, then apply with its tag.`,
    // A Docker tag (OCI distribution spec), `latest` made empty first so that it fails too.
    validation: {
      condition: call(
        'can',
        call('regex', DOCKER_TAG, call('replace', tfVar(name), '/^latest$/', '')),
      ),
      errorMessage:
        'Give the tag this release was pushed under (letters, digits, _ . -, up to 128), not latest.',
    },
  });
  return tpl(ref(ctx.address(registry, 'aws_ecr_repository'), 'repository_url'), ':', tag);
}
