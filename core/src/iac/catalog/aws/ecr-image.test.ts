import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A service running an image from an ECR repository the same apply creates: the repository is
 * empty then and its tags immutable, so the tag is a required variable given once the image is
 * pushed, never `latest`, and the service waits for the permission to pull it.
 */
const design = (registry: boolean) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'admin', service: 'aws.app-runner', name: 'admin' },
      { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' },
      ...(registry ? [{ id: 'images', service: 'aws.ecr', name: 'images' }] : []),
    ],
    connections: registry
      ? [
          { from: 'admin', to: 'images', type: 'data' },
          { from: 'api', to: 'images', type: 'data' },
        ]
      : [],
  });

describe('aws: images from an ECR repository of the design', () => {
  const files = terraformFiles(design(true));
  const main = files.find((f) => f.path === 'main.tf')!.content;
  const readme = files.find((f) => f.path === 'README.md')!.content;

  it('runs the tag each environment gives, never latest', () => {
    expect(main).not.toMatch(/:latest/);
    expect(resourceBlock(main, 'aws_apprunner_service', 'admin')).toMatch(
      /image_identifier\s+= "\$\{aws_ecr_repository\.images\.repository_url\}:\$\{var\.admin_image_tag\}"/,
    );
    expect(resourceBlock(main, 'aws_ecs_task_definition', 'api')).toMatch(
      /image\s+= "\$\{aws_ecr_repository\.images\.repository_url\}:\$\{var\.api_image_tag\}"/,
    );
    for (const name of ['admin_image_tag', 'api_image_tag']) {
      const variable = new RegExp(`variable "${name}" \\{[\\s\\S]*?\\n\\}`).exec(main)?.[0];
      expect(variable).toMatch(/push the image, then apply with its tag/);
      expect(variable).not.toMatch(/default/);
      expect(variable).toMatch(/replace\(var\.\w+_image_tag, "\/\^latest\$\/", ""\)/);
    }
    expect(resourceBlock(main, 'aws_ecr_repository', 'images')).toMatch(
      /image_tag_mutability = "IMMUTABLE"/,
    );
  });

  it('lets the platform pull, not the code: no ECR actions on the task or instance role', () => {
    // ECS pulls as the execution role (AmazonECSTaskExecutionRolePolicy), App Runner as its
    // access role; the roles the code runs as get no registry actions from the connection.
    expect(main).toContain(
      '"arn:aws:iam::aws:policy/service-role/AmazonECSTaskExecutionRolePolicy"',
    );
    expect(resourceBlock(main, 'aws_iam_role_policy', 'admin_ecr')).toContain('ecr:BatchGetImage');
    expect(main).not.toContain('resource "aws_iam_role_policy" "api_task_data"');
    expect(main).not.toContain('resource "aws_iam_role_policy" "admin_data"');
  });

  it('deploys a release when its tag is applied, not on push', () => {
    expect(resourceBlock(main, 'aws_apprunner_service', 'admin')).toMatch(
      /auto_deployments_enabled = false/,
    );
  });

  it('creates each service after the permission to pull its image', () => {
    expect(resourceBlock(main, 'aws_apprunner_service', 'admin')).toMatch(
      /depends_on = \[aws_iam_role_policy\.admin_ecr\]/,
    );
    expect(resourceBlock(main, 'aws_ecs_service', 'api')).toMatch(
      /depends_on = \[aws_iam_role_policy_attachment\.api_execution_1\]/,
    );
  });

  it('says in the README to create the repository, push the image, then apply with its tag', () => {
    const section = readme.slice(readme.indexOf('## Container images'));
    expect(section).toContain(
      'terraform apply -var-file=env/<env>.tfvars -target=aws_ecr_repository.images -var=admin_image_tag=none -var=api_image_tag=none',
    );
    expect(section).toContain('IMAGES_REPO=$(terraform output -raw images_repository_url)');
    expect(section).toContain('export TF_VAR_admin_image_tag=<tag>');
    const modules = terraformFiles(design(true), 'modules').find((f) => f.path === 'README.md');
    expect(modules?.content).toContain(
      '-target=module.container_registry.aws_ecr_repository.images',
    );
    const folders = terraformFiles(design(true), 'env-folders').find((f) => f.path === 'README.md');
    expect(folders?.content).toContain(
      'terraform apply -target=module.stack.aws_ecr_repository.images',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });

  it('keeps public images as they are, without a tag variable or README section', () => {
    const files = terraformFiles(design(false));
    const plain = files.find((f) => f.path === 'main.tf')!.content;
    expect(resourceBlock(plain, 'aws_apprunner_service', 'admin')).toMatch(
      /image_identifier\s+= "public\.ecr\.aws\/aws-containers\/hello-app-runner:latest"/,
    );
    expect(resourceBlock(plain, 'aws_ecs_task_definition', 'api')).toMatch(
      /image\s+= "public\.ecr\.aws\/nginx\/nginx:stable"/,
    );
    expect(plain).not.toMatch(/_image_tag/);
    expect(files.find((f) => f.path === 'README.md')!.content).not.toMatch(/Container images/);
  });
});
