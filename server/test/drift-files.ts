/** Small files written for the drift tests, shaped as Terraform, Azure and driftctl write them. */

const aws = 'provider["registry.terraform.io/hashicorp/aws"]';

/** Two buckets and an instance that depends on the first bucket (so its blast radius is 1). */
export function desiredState(): string {
  return JSON.stringify({
    version: 4,
    terraform_version: '1.9.5',
    serial: 3,
    lineage: 'drift-test',
    outputs: {},
    resources: [
      {
        mode: 'managed',
        type: 'aws_s3_bucket',
        name: 'assets',
        provider: aws,
        instances: [
          {
            schema_version: 0,
            attributes: {
              id: 'shop-assets',
              bucket: 'shop-assets',
              force_destroy: false,
              tags: { env: 'prod' },
              tags_all: { env: 'prod' },
              timeouts: null,
            },
            sensitive_attributes: [],
          },
        ],
      },
      {
        mode: 'managed',
        type: 'aws_s3_bucket',
        name: 'logs',
        provider: aws,
        instances: [
          {
            schema_version: 0,
            attributes: { id: 'shop-logs', bucket: 'shop-logs', tags: {}, tags_all: {} },
            sensitive_attributes: [],
          },
        ],
      },
      {
        mode: 'managed',
        type: 'aws_instance',
        name: 'web',
        provider: aws,
        instances: [
          {
            schema_version: 1,
            attributes: {
              id: 'i-0001',
              ami: 'ami-1111',
              instance_type: 't3.micro',
              availability_zone: 'eu-west-1a',
              tags: { Name: 'web' },
              tags_all: { Name: 'web' },
            },
            sensitive_attributes: [],
            dependencies: ['aws_s3_bucket.assets'],
          },
        ],
      },
    ],
  });
}

/** The buckets as the provider reads them back: assets' env tag changed, logs gone, one new. */
export function bucketSnapshot(): string {
  return JSON.stringify([
    {
      id: 'shop-assets',
      bucket: 'shop-assets',
      force_destroy: null,
      tags: { env: 'staging', LastScanned: '2026-11-01' },
      tags_all: { env: 'staging', LastScanned: '2026-11-01' },
      timeouts: { create: null, delete: null },
    },
    { id: 'orphan-bucket', bucket: 'orphan-bucket', tags: {}, tags_all: {} },
  ]);
}

/** The same buckets, all in sync (noise only: null ≡ {} ≡ "", timeouts). */
export function inSyncSnapshot(): string {
  return JSON.stringify([
    {
      id: 'shop-assets',
      bucket: 'shop-assets',
      force_destroy: null,
      tags: { env: 'prod' },
      tags_all: { env: 'prod' },
      timeouts: {},
    },
    { id: 'shop-logs', bucket: 'shop-logs', tags: null, tags_all: {} },
  ]);
}

/** `terraform plan -refresh-only -json`: a drifted instance type. */
export function refreshPlan(): string {
  const before = {
    id: 'i-0001',
    ami: 'ami-1111',
    instance_type: 't3.micro',
    tags: { Name: 'web' },
  };
  return JSON.stringify({
    format_version: '1.2',
    terraform_version: '1.9.5',
    resource_drift: [
      {
        address: 'aws_instance.web',
        mode: 'managed',
        type: 'aws_instance',
        name: 'web',
        provider_name: 'registry.terraform.io/hashicorp/aws',
        change: {
          actions: ['update'],
          before,
          after: { ...before, instance_type: 't3.large' },
          before_sensitive: {},
          after_sensitive: {},
        },
      },
    ],
    resource_changes: [],
    prior_state: {
      format_version: '1.0',
      values: {
        root_module: {
          resources: [
            {
              address: 'aws_instance.web',
              mode: 'managed',
              type: 'aws_instance',
              name: 'web',
              provider_name: 'registry.terraform.io/hashicorp/aws',
              values: { ...before, instance_type: 't3.large' },
              sensitive_values: {},
            },
          ],
        },
      },
    },
  });
}

const SUB = '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/app-rg';

/** Azure what-if in the REST envelope: one Modify, one NoChange, one Unsupported, a duplicate. */
export function whatIfRest(): string {
  const modify = {
    resourceId: `${SUB}/providers/Microsoft.Storage/storageAccounts/appstore`,
    changeType: 'Modify',
    before: { properties: { minimumTlsVersion: 'TLS1_0' } },
    after: { properties: { minimumTlsVersion: 'TLS1_2' } },
    delta: [
      {
        path: 'properties.minimumTlsVersion',
        propertyChangeType: 'Modify',
        before: 'TLS1_0',
        after: 'TLS1_2',
      },
    ],
  };
  return JSON.stringify({
    status: 'Succeeded',
    properties: {
      changes: [
        modify,
        { ...modify, resourceId: modify.resourceId.toUpperCase() },
        {
          resourceId: `${SUB}/providers/Microsoft.Network/virtualNetworks/app-vnet`,
          changeType: 'NoChange',
        },
        {
          resourceId: `${SUB}/providers/Microsoft.Web/sites/app-web`,
          changeType: 'Unsupported',
          unsupportedReason: 'The resource uses a reference() that cannot be evaluated.',
        },
      ],
    },
  });
}

/** driftctl against the desired state: assets changed, logs missing, one unmanaged user. */
export function driftctlReport(): string {
  return JSON.stringify({
    summary: { total_resources: 3, total_unmanaged: 1, total_missing: 1, total_managed: 1 },
    managed: [{ id: 'shop-assets', type: 'aws_s3_bucket' }],
    unmanaged: [{ id: 'ci-user', type: 'aws_iam_user' }],
    missing: [{ id: 'shop-logs', type: 'aws_s3_bucket' }],
    differences: [
      {
        res: { id: 'shop-assets', type: 'aws_s3_bucket' },
        changelog: [
          { type: 'update', path: ['tags', 'env'], from: 'prod', to: 'staging', computed: false },
        ],
      },
    ],
    coverage: 33,
    alerts: {},
  });
}
