/**
 * A Secret without its values: `data` and `stringData` keep their keys with empty values, and
 * the last-applied annotation (which holds the values kubectl applied) is dropped.
 */
export function withoutSecretValues<T extends Record<string, unknown>>(secret: T): T {
  const blank = (values: unknown) =>
    values && typeof values === 'object'
      ? Object.fromEntries(Object.keys(values).map((key) => [key, '']))
      : values;
  const metadata = secret.metadata as { annotations?: Record<string, string> } | undefined;
  const annotations = metadata?.annotations && { ...metadata.annotations };
  if (annotations) delete annotations['kubectl.kubernetes.io/last-applied-configuration'];
  return {
    ...secret,
    ...(metadata && { metadata: { ...metadata, ...(annotations && { annotations }) } }),
    ...('data' in secret && { data: blank(secret.data) }),
    ...('stringData' in secret && { stringData: blank(secret.stringData) }),
  };
}
