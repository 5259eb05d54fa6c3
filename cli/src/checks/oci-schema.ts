import type { TProviderSchema } from './provider-schema';
import extract from './oci-schema.json' with { type: 'json' };

/** OCI schema extract (see extract-oci-schema.ts for where it comes from). */
export const OCI_SCHEMA = extract as unknown as Pick<TProviderSchema, 'resources' | 'dataSources'>;
