import type {
  TResourceTypeDetail,
  TResourceTypeSummary,
} from '@stratum/core/contract/iac/resource-type';
import {
  attributesOf,
  isArmFile,
  searchTypes,
} from '@stratum/core/iac/catalog/generic/schema-data';
import type { TSchemaProvider } from '@stratum/core/iac/catalog/generic/schema-source';
import type { TSchemaBlockJson } from '@stratum/core/contract/iac/resource-type';
import { AppError } from '../../lib/errors';
import type { SchemaStore } from './schema-store';

/** The answers of the two resource-type endpoints, from the store's files. */
export class ResourceTypes {
  constructor(private readonly store: SchemaStore) {}

  search(provider: TSchemaProvider, q: string, limit: number): TResourceTypeSummary[] {
    const file = this.store.get(provider);
    return searchTypes(file, q, limit).map((type) => ({
      provider,
      type,
      providerVersion: isArmFile(file)
        ? (file.types[type]?.v[0] ?? '')
        : file.header.providerVersion,
    }));
  }

  detail(provider: TSchemaProvider, type: string): TResourceTypeDetail {
    const file = this.store.get(provider);
    const { repository, commit, path } = file.header.source;
    const source = { repository, commit, path };
    if (isArmFile(file)) {
      const entry = Object.hasOwn(file.types, type) ? file.types[type] : undefined;
      if (!entry) throw unknownType(provider, type);
      return {
        provider,
        type,
        providerVersion: entry.v[0] ?? '',
        source,
        block: (entry.block as TSchemaBlockJson | undefined) ?? null,
        apiVersions: [...entry.v],
        attributes: attributesOf(entry.block, true),
      };
    }
    const block = Object.hasOwn(file.resources, type) ? file.resources[type] : undefined;
    if (!block) throw unknownType(provider, type);
    return {
      provider,
      type,
      providerVersion: file.header.providerVersion,
      source,
      block: block as TSchemaBlockJson,
      attributes: attributesOf(block, false),
    };
  }
}

const unknownType = (provider: string, type: string) =>
  new AppError('request/not_found', `${provider} has no resource type "${type.slice(0, 200)}"`);
