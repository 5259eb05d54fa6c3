/** Small Terraform files written for these tests (never copies of shared fixtures). */

const instance = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  schema_version: 0,
  attributes,
  sensitive_attributes: [],
  ...extra,
});

/** Format 4: a VPC, a bucket in a keyed module (a key with a dot), a DB with a password, a data source. */
export function stateV4(
  options: { serial?: number; extraBucket?: boolean; vpcCidr?: string } = {},
) {
  const resources: unknown[] = [
    {
      mode: 'data',
      type: 'aws_caller_identity',
      name: 'me',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [instance({ id: '111122223333', account_id: '111122223333' })],
    },
    {
      mode: 'managed',
      type: 'aws_vpc',
      name: 'main',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        instance({
          id: 'vpc-0a1b2c3d',
          arn: 'arn:aws:ec2:eu-west-1:111122223333:vpc/vpc-0a1b2c3d',
          cidr_block: options.vpcCidr ?? '10.0.0.0/16',
          tags: { Name: 'main-vpc', env: 'prod' },
        }),
      ],
    },
    {
      module: 'module.store["eu.west"]',
      mode: 'managed',
      type: 'aws_s3_bucket',
      name: 'this',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        instance(
          {
            id: 'shop-assets-eu',
            bucket: 'shop-assets-eu',
            arn: 'arn:aws:s3:::shop-assets-eu',
            region: 'eu-west-1',
            tags: { env: 'prod', 'team ': 'web' },
          },
          { index_key: 0, dependencies: ['aws_vpc.main', 'aws_kms_key.gone'] },
        ),
      ],
    },
    {
      mode: 'managed',
      type: 'aws_db_instance',
      name: 'db',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        instance(
          {
            id: 'db-ABCDEF',
            identifier: 'shop-db',
            instance_class: 'db.t3.micro',
            password: 'hunter2-secret',
            arn: 'arn:aws:rds:eu-west-1:111122223333:db:shop-db',
            tags: { env: 'staging' },
          },
          {
            sensitive_attributes: [[{ type: 'get_attr', value: 'password' }]],
            dependencies: ['aws_vpc.main'],
          },
        ),
      ],
    },
    {
      mode: 'managed',
      type: 'random_id',
      name: 'suffix',
      provider: 'provider["registry.terraform.io/hashicorp/random"]',
      instances: [instance({ id: 'q1w2', hex: 'abcd' })],
    },
  ];
  if (options.extraBucket) {
    resources.push({
      mode: 'managed',
      type: 'aws_s3_bucket',
      name: 'logs',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        instance({
          id: '=cmd|calc',
          bucket: '=cmd|calc',
          region: 'eu-west-1',
          tags: { env: 'prod' },
        }),
      ],
    });
  }
  return JSON.stringify({
    version: 4,
    terraform_version: '1.9.5',
    serial: options.serial ?? 7,
    lineage: 'b6c1f1d2-1111-2222-3333-444455556666',
    outputs: { vpc_id: { value: 'vpc-0a1b2c3d', type: 'string' } },
    resources,
  });
}

export const STATE_V3 = JSON.stringify({
  version: 3,
  terraform_version: '0.11.14',
  serial: 2,
  lineage: 'x',
  modules: [{ path: ['root'], outputs: {}, resources: {} }],
});
