import type { TResourceTypeDetail } from '@stratum/core/contract/iac/resource-type';

// Excerpts of the hashicorp/aws 6.19.0 provider schema (`terraform providers schema -json`, as
// compacted in the reference data's terraform/aws.json): only some arguments of each type.
const AWS_SOURCE = {
  repository: 'vadirajks/terraform-provider-schema-exporter',
  commit: 'b115540434c3efcb2a3d9641b8034faa79190326',
  path: 'output/aws_schema_json/provider_schemas/registry_terraform_io_hashicorp_aws/resource_schemas',
};

/** aws_lb_listener: a required argument, a required list block (min 1) with a max-1 child. */
export const LISTENER: TResourceTypeDetail = {
  provider: 'aws',
  type: 'aws_lb_listener',
  providerVersion: '6.19.0',
  source: AWS_SOURCE,
  block: {
    a: {
      arn: ['C', 'string'],
      certificate_arn: ['O', 'string'],
      id: ['OC', 'string'],
      load_balancer_arn: ['R', 'string'],
      port: ['O', 'number'],
      protocol: ['OC', 'string'],
      tags: ['O', ['map', 'string']],
    },
    b: {
      default_action: {
        n: 'list',
        min: 1,
        a: {
          order: ['OC', 'number'],
          target_group_arn: ['O', 'string'],
          type: ['R', 'string'],
        },
        b: {
          fixed_response: {
            n: 'list',
            max: 1,
            a: {
              content_type: ['R', 'string'],
              message_body: ['O', 'string'],
              status_code: ['OC', 'string'],
            },
          },
        },
      },
    },
  },
  attributes: ['arn', 'id'],
};

/** aws_s3_bucket_policy: a string argument that holds a JSON document (the policy). */
export const BUCKET_POLICY: TResourceTypeDetail = {
  provider: 'aws',
  type: 'aws_s3_bucket_policy',
  providerVersion: '6.19.0',
  source: AWS_SOURCE,
  block: {
    a: {
      bucket: ['R', 'string'],
      id: ['OC', 'string'],
      policy: ['R', 'string'],
    },
  },
  attributes: ['id'],
};

/** aws_db_instance: a sensitive and a write-only argument beside a required one. */
export const DB_INSTANCE: TResourceTypeDetail = {
  provider: 'aws',
  type: 'aws_db_instance',
  providerVersion: '6.19.0',
  source: AWS_SOURCE,
  block: {
    a: {
      allocated_storage: ['OC', 'number'],
      instance_class: ['R', 'string'],
      password: ['OS', 'string'],
      password_wo: ['OSW', 'string'],
    },
  },
  attributes: ['address', 'arn', 'endpoint', 'id'],
};

/** aws_s3_bucket: `acl` is deprecated (flags OCD). */
export const BUCKET: TResourceTypeDetail = {
  provider: 'aws',
  type: 'aws_s3_bucket',
  providerVersion: '6.19.0',
  source: AWS_SOURCE,
  block: {
    a: {
      acl: ['OCD', 'string'],
      bucket: ['OC', 'string'],
      force_destroy: ['O', 'bool'],
      tags: ['O', ['map', 'string']],
    },
  },
  attributes: ['arn', 'bucket', 'id'],
};

/** An ARM type without an argument schema (API versions from Azure/bicep-types-az's index). */
export const WEB_SITE: TResourceTypeDetail = {
  provider: 'arm',
  type: 'Microsoft.Web/sites',
  providerVersion: '2025-03-01',
  source: {
    repository: 'Azure/bicep-types-az',
    commit: '1f896de2db966ad91e8f7d7d981e11d32e4f5d8d',
    path: 'generated/web/microsoft.web',
  },
  block: null,
  apiVersions: ['2025-03-01', '2024-11-01'],
  attributes: ['id', 'name'],
};

/**
 * An ARM type with an argument schema, enums as a third element: Microsoft.Cache/redis
 * 2024-11-01 in Azure/bicep-types-az, where properties.sku.name is Basic, Standard or Premium.
 */
export const REDIS: TResourceTypeDetail = {
  provider: 'arm',
  type: 'Microsoft.Cache/redis',
  providerVersion: '2024-11-01',
  source: {
    repository: 'Azure/bicep-types-az',
    commit: '1f896de2db966ad91e8f7d7d981e11d32e4f5d8d',
    path: 'generated/redis/microsoft.cache',
  },
  block: {
    a: { location: ['R', 'string'] },
    b: {
      properties: {
        n: 'single',
        min: 1,
        b: {
          sku: {
            n: 'single',
            min: 1,
            a: {
              capacity: ['R', 'number'],
              family: ['R', 'string', ['C', 'P']],
              name: ['R', 'string', ['Basic', 'Standard', 'Premium']],
            },
          },
        },
      },
    },
  },
  apiVersions: ['2024-11-01'],
  attributes: ['id', 'name', 'properties.hostName'],
};

/**
 * azurerm_user_assigned_identity (hashicorp/azurerm 4.51.0, the same exporter): every required
 * argument is one the generator fills from the design when left empty.
 */
export const IDENTITY: TResourceTypeDetail = {
  provider: 'azurerm',
  type: 'azurerm_user_assigned_identity',
  providerVersion: '4.51.0',
  source: {
    ...AWS_SOURCE,
    path: 'output/azurerm_schema_json/provider_schemas/registry_terraform_io_hashicorp_azurerm/resource_schemas',
  },
  block: {
    a: {
      client_id: ['C', 'string'],
      id: ['OC', 'string'],
      location: ['R', 'string'],
      name: ['R', 'string'],
      principal_id: ['C', 'string'],
      resource_group_name: ['R', 'string'],
      tags: ['O', ['map', 'string']],
      tenant_id: ['C', 'string'],
    },
  },
  attributes: ['client_id', 'id', 'principal_id', 'tenant_id'],
};

/** aws_lb: lists of strings that usually reference other nodes (subnets, security groups). */
export const ALB: TResourceTypeDetail = {
  provider: 'aws',
  type: 'aws_lb',
  providerVersion: '6.19.0',
  source: AWS_SOURCE,
  block: {
    a: {
      internal: ['OC', 'bool'],
      load_balancer_type: ['O', 'string'],
      name: ['OC', 'string'],
      security_groups: ['OC', ['set', 'string']],
      subnets: ['OC', ['set', 'string']],
    },
  },
  attributes: ['arn', 'dns_name', 'id', 'zone_id'],
};
