import { loadProviderSchema, type TProviderSchema, type TTypeSchema } from './provider-schema';
import { OCI_SCHEMA } from './oci-schema';
import type { TSchemaSource } from './terraform-check';

/**
 * Schema source for every provider Stratum emits: aws, azurerm and google derived from the
 * cdktf packages, oci from the committed extract. `extras` patches known version differences.
 */
export function providerSchemas(): TSchemaSource {
  const cache = new Map<string, TProviderSchema>();
  const get = (p: 'aws' | 'azurerm' | 'google') => {
    let s = cache.get(p);
    if (!s) {
      s = loadProviderSchema(p);
      cache.set(p, s);
    }
    return s;
  };
  return {
    lookup(type, isData): TTypeSchema | undefined {
      const prefix = type.split('_')[0];
      if (prefix === 'oci') return (isData ? OCI_SCHEMA.dataSources : OCI_SCHEMA.resources)[type];
      if (prefix !== 'aws' && prefix !== 'azurerm' && prefix !== 'google') return undefined;
      const s = get(prefix);
      return (isData ? s.dataSources : s.resources)[type];
    },
  };
}
