import { stringify } from 'yaml';

/**
 * JSON (what the API server sends) as YAML, the way kubectl prints it: block maps, lists at
 * their key's indentation, no folding of long lines. Only for showing; manifests the user types
 * go to the server as written.
 */
export function toYaml(value: unknown): string {
  return stringify(value, { indentSeq: false, lineWidth: 0, aliasDuplicateObjects: false });
}
