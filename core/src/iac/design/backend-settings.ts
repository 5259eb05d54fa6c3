import { z } from 'zod';

/** Where the generated pipelines run: `layout.ciProvider`. */
export const CI_PROVIDERS = ['github', 'gitlab'] as const;
export type TCiProvider = (typeof CI_PROVIDERS)[number];

/**
 * `layout.backend`: where Terraform keeps each environment's state. Every field is optional;
 * the engine derives the rest from the naming convention (`stateBackendOf`). Which fields a
 * cloud reads: AWS S3 and GCS `bucket` (and `region` for S3), Azure `resourceGroup`,
 * `storageAccount` and `container`, OCI `bucket`, `namespace` and `region`.
 */
export const ZBackendSettings = z.object({
  /** S3, GCS or OCI Object Storage bucket (3-63 lowercase letters, digits, hyphens, dots). */
  bucket: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'bucket names are 3-63 lowercase letters, digits, hyphens and dots',
    )
    .optional(),
  /** Region of the state bucket (S3, OCI); the design's region when empty. */
  region: z.string().max(40).optional(),
  /** Azure: resource group of the state storage account. */
  resourceGroup: z
    .string()
    .regex(/^[A-Za-z0-9._()-]{1,90}$/, 'resource group names are 1-90 letters, digits and ._()-')
    .optional(),
  /** Azure: storage account holding the state container (3-24 lowercase letters and digits). */
  storageAccount: z
    .string()
    .regex(/^[a-z0-9]{3,24}$/, 'storage account names are 3-24 lowercase letters and digits')
    .optional(),
  /** Azure: blob container of the state files. */
  container: z
    .string()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/,
      'container names are 3-63 lowercase letters, digits and hyphens',
    )
    .optional(),
  /** OCI: the tenancy's Object Storage namespace (`oci os ns get`); cannot be derived. */
  namespace: z
    .string()
    .regex(/^[a-z0-9]{1,64}$/, 'the Object Storage namespace is lowercase letters and digits')
    .optional(),
  /** Folder of this design's state files inside the bucket or container; the design name when empty. */
  keyPrefix: z
    .string()
    .regex(/^[a-z0-9][a-z0-9/_-]{0,62}$/, 'the key prefix is lowercase letters, digits, / _ and -')
    .optional(),
});
export type TBackendSettings = z.infer<typeof ZBackendSettings>;

const draftField = z.string().max(100).optional();
/** What the planner keeps while a user types (any text); `validBackendSettings` takes the valid fields. */
export const ZBackendSettingsDraft = z.object({
  bucket: draftField,
  region: draftField,
  resourceGroup: draftField,
  storageAccount: draftField,
  container: draftField,
  namespace: draftField,
  keyPrefix: draftField,
});

/** The fields of `settings` that are set and valid: what a planner state passes to a design. */
export function validBackendSettings(settings: Partial<Record<string, unknown>>): TBackendSettings {
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(ZBackendSettings.shape)) {
    const value = settings[key];
    if (typeof value === 'string' && value !== '' && field.safeParse(value).success)
      out[key] = value;
  }
  return out;
}

/** The message of an invalid backend field, or undefined. */
export function backendFieldError(key: keyof TBackendSettings, value: string): string | undefined {
  if (value === '') return undefined;
  const r = ZBackendSettings.shape[key].safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}
