import type { TEmitInput } from '../../emit/emitter';
import type { TNode } from '../service';

/** Services whose image comes from an ECR repository of the design (ecr-image.ts). */
const RUNS_IMAGES = ['aws.ecs-fargate', 'aws.app-runner'];

/**
 * README section for the services that run an image from an ECR repository this configuration
 * creates: the repository starts empty and its tags are immutable, so in each environment it is
 * created alone first, the image pushed under a new tag, and the services applied with that tag.
 */
export function ecrImagesReadme(input: TEmitInput): string[] {
  const { design, nodes, byId } = input.resolved;
  const uses = nodes.flatMap((workload) => {
    if (!RUNS_IMAGES.includes(workload.service.id)) return [];
    const registry = design.connections
      .filter((c) => c.from === workload.id && c.type === 'data')
      .map((c) => byId.get(c.to))
      .find((n) => n?.service.kind === 'container-registry');
    return registry ? [{ workload, registry, tag: `${workload.local}_image_tag` }] : [];
  });
  if (uses.length === 0) return [];
  const registries = [...new Map(uses.map((u) => [u.registry.id, u.registry])).values()];
  const address = (registry: TNode) => {
    const resource = `aws_ecr_repository.${registry.local}`;
    if (input.layout === 'env-folders') return `module.stack.${resource}`;
    if (input.layout !== 'modules') return resource;
    return `module.${registry.service.kind.replace(/-/g, '_')}.${resource}`;
  };
  const varFile = input.layout === 'env-folders' ? '' : ' -var-file=env/<env>.tfvars';
  const targets = registries.map((r) => ` -target=${address(r)}`).join('');
  const placeholders = uses.map((u) => ` -var=${u.tag}=none`).join('');
  return [
    '## Container images',
    '',
    ...uses.map(
      (u) =>
        `- \`${u.workload.name}\` (${u.workload.service.name}) runs the image of ECR repository \`${u.registry.name}\` at the tag in \`TF_VAR_${u.tag}\`.`,
    ),
    '',
    `This code creates these repositories, empty, and their tags are immutable: a service runs exactly the tag it is given, never \`latest\`, and each release is pushed under a new tag. Before the first plan of an environment, after its \`terraform init\` and with the other values of "Use" set, create the repositories alone (the tags are not read yet), push the image, then plan and apply as above with its tag:`,
    '',
    '```sh',
    `terraform apply${varFile}${targets}${placeholders}`,
    ...registries.flatMap((r) => {
      const repo = `${r.local.toUpperCase()}_REPO`;
      return [
        `${repo}=$(terraform output -raw ${r.local}_repository_url)`,
        `aws ecr get-login-password | docker login --username AWS --password-stdin "\${${repo}%%/*}"`,
        ...uses
          .filter((u) => u.registry === r)
          .flatMap((u) => [
            `docker tag <image of ${u.workload.name}> "$${repo}:<tag>"`,
            `docker push "$${repo}:<tag>"`,
            `export TF_VAR_${u.tag}=<tag>`,
          ]),
      ];
    }),
    '```',
    '',
    'A new release is a push under a new tag and an apply with it.',
    '',
  ];
}
