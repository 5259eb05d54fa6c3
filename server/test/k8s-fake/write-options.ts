/**
 * Query-parameter validation for writes (k8s.io/apimachinery pkg/apis/meta/v1/validation:
 * ValidatePatchOptions, ValidateDryRun) and the deprecation warnings a real server sends.
 */
import { errors } from './status';
import type { KubeObject } from './store';

type Cause = { reason: string; message: string; field: string };

export interface WriteOptions {
  dryRun: boolean;
  fieldManager?: string;
  force: boolean;
  fieldValidation: 'Ignore' | 'Warn' | 'Strict';
}

export function writeOptions(
  query: URLSearchParams,
  optionsKind: 'PatchOptions' | 'CreateOptions' | 'UpdateOptions' | 'DeleteOptions',
  isApply: boolean,
): WriteOptions {
  const causes: Cause[] = [];
  const dryRun = query.getAll('dryRun');
  const badDryRun = dryRun.filter((v) => v !== 'All');
  if (badDryRun.length) {
    causes.push({
      reason: 'FieldValueNotSupported',
      field: 'dryRun',
      message: `Unsupported value: ${JSON.stringify(dryRun)}: supported values: "All"`,
    });
  }
  const fieldManager = query.get('fieldManager') ?? undefined;
  if (isApply && !fieldManager) {
    causes.push({
      reason: 'FieldValueRequired',
      field: 'fieldManager',
      message: 'Required value: is required for apply patch',
    });
  }
  if (fieldManager && fieldManager.length > 128) {
    causes.push({
      reason: 'FieldValueTooLong',
      field: 'fieldManager',
      message: `Too long: may not be more than 128 bytes`,
    });
  }
  const forceText = query.get('force');
  if (forceText !== null && optionsKind === 'PatchOptions' && !isApply) {
    causes.push({
      reason: 'FieldValueForbidden',
      field: 'force',
      message: 'Forbidden: may not be specified for non-apply patch',
    });
  }
  const validation = query.get('fieldValidation') ?? 'Warn';
  if (!['Ignore', 'Warn', 'Strict'].includes(validation)) {
    causes.push({
      reason: 'FieldValueNotSupported',
      field: 'fieldValidation',
      message: `Unsupported value: "${validation}": supported values: "Ignore", "Strict", "Warn"`,
    });
  }
  if (causes.length) throw errors.invalidOptions(optionsKind, causes);
  return {
    dryRun: dryRun.length > 0,
    fieldManager,
    force: forceText === 'true' || forceText === '1',
    fieldValidation: validation as WriteOptions['fieldValidation'],
  };
}

/** `Warning: 299 - "…"` headers for deprecated fields a 1.36 server warns about. */
export function deprecationWarnings(object: KubeObject): string[] {
  const warnings: string[] = [];
  const podSpecs: [string, unknown][] = [];
  const spec = object.spec as Record<string, unknown> | undefined;
  if (object.kind === 'Pod') podSpecs.push(['spec', spec]);
  const template = spec?.template as { spec?: unknown } | undefined;
  if (template?.spec) podSpecs.push(['spec.template.spec', template.spec]);
  const jobTemplate = (
    spec?.jobTemplate as { spec?: { template?: { spec?: unknown } } } | undefined
  )?.spec?.template?.spec;
  if (jobTemplate) podSpecs.push(['spec.jobTemplate.spec.template.spec', jobTemplate]);
  for (const [path, podSpec] of podSpecs) {
    const nodeSelector =
      (podSpec as { nodeSelector?: Record<string, string> } | undefined)?.nodeSelector ?? {};
    for (const [label, replacement] of [
      ['beta.kubernetes.io/os', 'kubernetes.io/os'],
      ['beta.kubernetes.io/arch', 'kubernetes.io/arch'],
    ]) {
      if (label! in nodeSelector) {
        warnings.push(
          `${path}.nodeSelector[${label}]: deprecated since v1.14; use "${replacement}" instead`,
        );
      }
    }
  }
  if (
    object.kind === 'Ingress' &&
    object.metadata.annotations?.['kubernetes.io/ingress.class'] !== undefined
  ) {
    warnings.push(
      `annotation "kubernetes.io/ingress.class" is deprecated, please use 'spec.ingressClassName' instead`,
    );
  }
  return warnings;
}

export function warningHeader(warnings: string[]): Record<string, string[]> {
  return warnings.length ? { Warning: warnings.map((w) => `299 - ${JSON.stringify(w)}`) } : {};
}
