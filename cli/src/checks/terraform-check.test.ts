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

describe('terraform check: attributes inside objects and blocks', () => {
  // A source that knows nested names, as the pinned-schema source does.
  const source = {
    lookup: (type: string) =>
      type === 'oci_load_balancer_load_balancer'
        ? {
            a: { display_name: 1 as const },
            b: {},
            r: ['display_name', 'id', 'ip_address_details'],
            nested: { ip_address_details: ['ip_address', 'is_public'] },
          }
        : undefined,
  };
  const lb = (value: string) => [
    {
      path: 'main.tf',
      content: `resource "oci_load_balancer_load_balancer" "lb" {
  display_name = "lb"
}

output "ip" {
  value = ${value}
}
`,
    },
  ];

  it('accepts a name the object has', async () => {
    expect(
      await checkTerraform(
        lb('oci_load_balancer_load_balancer.lb.ip_address_details[0].ip_address'),
        source,
      ),
    ).toEqual([]);
  });

  it('reports one it does not have, after an index', async () => {
    expect(
      await checkTerraform(
        lb('oci_load_balancer_load_balancer.lb.ip_address_details[0].address'),
        source,
      ),
    ).toEqual([
      'main.tf: oci_load_balancer_load_balancer.lb.ip_address_details has no attribute address',
    ]);
  });
});

describe('terraform check: dependency cycles', () => {
  it('reports resources that depend on each other', async () => {
    const files = [
      {
        path: 'main.tf',
        content: `resource "aws_kms_key" "k" {
  policy = jsonencode({ Source = aws_sns_topic.t.arn })
}

resource "aws_sns_topic" "t" {
  name              = "t"
  kms_master_key_id = aws_kms_key.k.id
}
`,
      },
    ];
    expect(await checkTerraform(files, schemaSource())).toEqual([
      'main.tf: dependency cycle aws_kms_key.k -> aws_sns_topic.t -> aws_kms_key.k',
    ]);
  });
});
