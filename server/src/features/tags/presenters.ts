import type { TTagKey, TTagPolicyRecord } from '@stratum/core/contract/tags/model';
import type { TTagPolicy } from '@stratum/core/tags/model';
import type { TagKeyRow, TagPolicyRow } from './tables';

export function presentKey(row: TagKeyRow, canEdit: boolean): TTagKey {
  return {
    id: row.id,
    scope: row.scope,
    key: row.key,
    description: row.description,
    values: row.values,
    canEdit,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A stored policy as the checks in core read it. */
export function policyOf(row: TagPolicyRow): TTagPolicy {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    cloud: row.cloud,
    enforcement: row.enforcement,
    resourceTypes: row.resource_types,
    rules: row.rules,
    enabled: row.enabled,
  };
}

export function presentPolicy(row: TagPolicyRow, canEdit: boolean): TTagPolicyRecord {
  return {
    ...policyOf(row),
    scope: row.scope,
    canEdit,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
