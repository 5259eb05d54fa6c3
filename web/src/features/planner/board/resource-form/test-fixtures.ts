import type { TResourceTypeSchema } from '@stratum/core/contract/iac/get-resource-type';

// Excerpts of the hashicorp/aws 6.19.0 provider schema (`terraform providers schema -json`, as
// compacted in the reference data's terraform/aws.json): only some arguments of each type.

/** aws_lb_listener: a required argument, a required list block (min 1) with a max-1 child. */
export const LISTENER: TResourceTypeSchema = {
  provider: 'aws',
  type: 'aws_lb_listener',
  providerVersion: '6.19.0',
  source: 'hashicorp/aws 6.19.0 provider schema',
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

/** aws_db_instance: a sensitive and a write-only argument beside a required one. */
export const DB_INSTANCE: TResourceTypeSchema = {
  provider: 'aws',
  type: 'aws_db_instance',
  providerVersion: '6.19.0',
  source: 'hashicorp/aws 6.19.0 provider schema',
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
export const BUCKET: TResourceTypeSchema = {
  provider: 'aws',
  type: 'aws_s3_bucket',
  providerVersion: '6.19.0',
  source: 'hashicorp/aws 6.19.0 provider schema',
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
export const WEB_SITE: TResourceTypeSchema = {
  provider: 'arm',
  type: 'Microsoft.Web/sites',
  providerVersion: 'bicep-types-az',
  source: 'Azure/bicep-types-az',
  block: null,
  apiVersions: ['2025-03-01', '2024-11-01'],
  attributes: ['id', 'name'],
};
