import type { TProviderSchema } from './provider-schema';

/** Filled in with the OCI resource types Stratum emits (see oci-schema.json). */
export const OCI_SCHEMA: Pick<TProviderSchema, 'resources' | 'dataSources'> = { resources: {}, dataSources: {} };
