import { stringify } from 'yaml';

/**
 * JSON (what the API server sends) as YAML, the way kubectl prints it: block maps, lists at
 * their key's indentation, no folding of long lines. Only for showing; manifests the user types
 * go to the server as written.
 */
export function toYaml(value: unknown): string {
  return stringify(value, { indentSeq: false, lineWidth: 0, aliasDuplicateObjects: false });
}

/**
 * An object as `kubectl get -o yaml` shows it: apiVersion, kind and metadata first, and
 * without `metadata.managedFields` (server-side apply bookkeeping that kubectl hides since 1.21
 * unless asked; it is often longer than the object itself).
 */
export function objectYaml(object: Readonly<Record<string, unknown>>): string {
  const { apiVersion, kind, metadata, ...rest } = object;
  const meta =
    metadata && typeof metadata === 'object'
      ? Object.fromEntries(
          Object.entries(metadata as Record<string, unknown>).filter(
            ([key]) => key !== 'managedFields',
          ),
        )
      : metadata;
  return toYaml({ apiVersion, kind, metadata: meta, ...rest });
}
