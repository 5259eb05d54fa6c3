/**
 * The object validation a 1.36 server runs on writes, for the rules tests meet most
 * (pkg/apis/core/validation, pkg/apis/apps/validation): names, required fields, selectors.
 * Failures are 422 Invalid with `<Kind>.<group> "<name>" is invalid: …`.
 */
import type { KindInfo } from './kinds';
import { errors } from './status';
import type { KubeObject } from './store';

type Cause = { reason: string; message: string; field: string };

const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/** Kinds whose names must be DNS labels rather than subdomains. */
const LABEL_NAMED = new Set(['Namespace', 'Service']);

function required(causes: Cause[], field: string): void {
  causes.push({ reason: 'FieldValueRequired', field, message: 'Required value' });
}

function validatePodSpec(
  spec: Record<string, unknown> | undefined,
  path: string,
  causes: Cause[],
): void {
  const containers = spec?.containers as Record<string, unknown>[] | undefined;
  if (!containers || containers.length === 0) {
    required(causes, `${path}.containers`);
    return;
  }
  containers.forEach((c, i) => {
    if (!c.name) required(causes, `${path}.containers[${i}].name`);
    if (!c.image) required(causes, `${path}.containers[${i}].image`);
  });
}

function validateWorkload(object: KubeObject, causes: Cause[]): void {
  const spec = object.spec as Record<string, unknown> | undefined;
  if (object.kind === 'CronJob') {
    if (!spec?.schedule) required(causes, 'spec.schedule');
    const jobSpec = (
      spec?.jobTemplate as { spec?: { template?: { spec?: Record<string, unknown> } } } | undefined
    )?.spec;
    validatePodSpec(jobSpec?.template?.spec, 'spec.jobTemplate.spec.template.spec', causes);
    return;
  }
  const template = spec?.template as
    { metadata?: { labels?: Record<string, string> }; spec?: Record<string, unknown> } | undefined;
  if (object.kind !== 'Job') {
    const selector = spec?.selector as { matchLabels?: Record<string, string> } | undefined;
    if (!selector) required(causes, 'spec.selector');
    const labels = template?.metadata?.labels ?? {};
    const matchLabels = selector?.matchLabels ?? {};
    if (selector && Object.entries(matchLabels).some(([k, v]) => labels[k] !== v)) {
      const shown = `map[string]string{${Object.entries(labels)
        .map(([k, v]) => `"${k}":"${v}"`)
        .join(', ')}}`;
      causes.push({
        reason: 'FieldValueInvalid',
        field: 'spec.template.metadata.labels',
        message: `Invalid value: ${shown}: \`selector\` does not match template \`labels\``,
      });
    }
  }
  validatePodSpec(template?.spec, 'spec.template.spec', causes);
}

export function validateObject(info: KindInfo, object: KubeObject): void {
  const causes: Cause[] = [];
  const name = object.metadata.name ?? '';
  const [pattern, message] = LABEL_NAMED.has(info.kind)
    ? [LABEL, LABEL_MSG]
    : [SUBDOMAIN, SUBDOMAIN_MSG];
  if (!name) required(causes, 'metadata.name');
  else if (!pattern.test(name) || name.length > (pattern === LABEL ? 63 : 253)) {
    causes.push({
      reason: 'FieldValueInvalid',
      field: 'metadata.name',
      message: `Invalid value: "${name}": ${message}`,
    });
  }
  if (info.kind === 'Pod')
    validatePodSpec(object.spec as Record<string, unknown> | undefined, 'spec', causes);
  if (
    ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'CronJob'].includes(info.kind)
  )
    validateWorkload(object, causes);
  if (info.kind === 'Service') {
    const ports =
      (object.spec as { ports?: { port?: unknown }[]; type?: string } | undefined)?.ports ?? [];
    ports.forEach((p, i) => {
      if (p.port === undefined) required(causes, `spec.ports[${i}].port`);
    });
  }
  if (causes.length) throw errors.invalid(info.kind, info.group, name, causes);
}
