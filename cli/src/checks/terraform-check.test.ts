import { beforeAll, describe, expect, it } from 'vitest';
import { schemaSource } from '../testing/fixtures';
import { checkTerraform } from './terraform-check';

/** References to attributes a resource does not export fail `terraform plan`; the check says so. */
beforeAll(() => {
  schemaSource().lookup('aws_vpc', false);
}, 120_000);

const tf = (value: string) => [
  {
    path: 'main.tf',
    content: `resource "aws_ecs_cluster" "c" {
  name = "c"
}

resource "aws_ecs_service" "s" {
  name    = "s"
  cluster = aws_ecs_cluster.c.id
}

output "x" {
  value = ${value}
}
`,
  },
];

describe('terraform check: attribute references', () => {
  it('accepts an exported attribute', async () => {
    expect(await checkTerraform(tf('aws_ecs_service.s.id'), schemaSource())).toEqual([]);
  });

  it.each(['dns_name', 'tags_input', 'cluster_input'])(
    'reports aws_ecs_service.s.%s, which does not exist',
    async (attr) => {
      expect(await checkTerraform(tf(`aws_ecs_service.s.${attr}`), schemaSource())).toEqual([
        `main.tf: aws_ecs_service.s has no attribute ${attr}`,
      ]);
    },
  );

  it('reports it inside a template too', async () => {
    expect(
      await checkTerraform(tf('"http://${aws_ecs_service.s.dns_name}"'), schemaSource()),
    ).toEqual(['main.tf: aws_ecs_service.s has no attribute dns_name']);
  });
});
