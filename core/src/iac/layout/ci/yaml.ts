/** Just enough YAML for generated pipelines: scalars quoted only when YAML would misread them. */
export function yamlScalar(s: string): string {
  const plain =
    /^[A-Za-z0-9_./$][A-Za-z0-9_./$ =@{}()-]*$/.test(s) &&
    !/^(true|false|yes|no|on|off|null|~|[0-9.]+)$/i.test(s) &&
    !s.endsWith(' ');
  return plain ? s : `'${s.replace(/'/g, "''")}'`;
}

/** `key: value` lines of a mapping at `indent`, in the given order. */
export function yamlMap(entries: Readonly<Record<string, string>>, indent: string): string[] {
  return Object.entries(entries).map(([k, v]) => `${indent}${k}: ${yamlScalar(v)}`);
}

/** A `run: |` style literal block: the key line, then each line indented two more spaces. */
export function yamlBlock(key: string, lines: readonly string[], indent: string): string[] {
  return [`${indent}${key}: |`, ...lines.map((l) => `${indent}  ${l}`)];
}
