import type { z } from 'zod';
import { ZCheckInput, type TCheck } from '@stratum/core/contract/monitoring/check';

/** The form's fields: text as typed, turned into the contract's body on submit. */
export interface CheckFormValues {
  name: string;
  kind: 'http' | 'tcp' | 'tls' | 'k8s';
  method: string;
  url: string;
  /** One `Name: value` a line. */
  headers: string;
  body: string;
  expectedStatus: string;
  keyword: string;
  jsonPath: string;
  expectedValue: string;
  host: string;
  port: string;
  expiryDays: string;
  clusterId: string;
  namespace: string;
  maxRestarts: string;
  intervalSeconds: string;
  timeoutSeconds: string;
  retries: string;
  notifyEmail: boolean;
  webhookUrl: string;
  webhookSecret: string;
  isPaused: boolean;
}

export const EMPTY_FORM: CheckFormValues = {
  name: '',
  kind: 'http',
  method: 'GET',
  url: '',
  headers: '',
  body: '',
  expectedStatus: '200-299',
  keyword: '',
  jsonPath: '',
  expectedValue: '',
  host: '',
  port: '',
  expiryDays: '14',
  clusterId: '',
  namespace: '',
  maxRestarts: '5',
  intervalSeconds: '60',
  timeoutSeconds: '10',
  retries: '1',
  notifyEmail: false,
  webhookUrl: '',
  webhookSecret: '',
  isPaused: false,
};

/** A stored check in the form (header values come back hidden and stay so unless re-typed). */
export function formOf(check: TCheck): CheckFormValues {
  const t = check.target;
  const common = {
    ...EMPTY_FORM,
    name: check.name,
    kind: t.kind,
    intervalSeconds: String(check.intervalSeconds),
    timeoutSeconds: String(check.timeoutSeconds),
    retries: String(check.retries),
    notifyEmail: check.notifyEmail,
    webhookUrl: check.webhookUrl ?? '',
    isPaused: check.isPaused,
  };
  switch (t.kind) {
    case 'http':
      return {
        ...common,
        method: t.method,
        url: t.url,
        headers: t.headers.map((h) => `${h.name}: ${h.value}`).join('\n'),
        body: t.body ?? '',
        expectedStatus: t.expectedStatus,
        keyword: t.keyword ?? '',
        jsonPath: t.jsonPath ?? '',
        expectedValue: t.expectedValue ?? '',
      };
    case 'tcp':
      return { ...common, host: t.host, port: String(t.port) };
    case 'tls':
      return { ...common, host: t.host, port: String(t.port), expiryDays: String(t.expiryDays) };
    case 'k8s':
      return {
        ...common,
        clusterId: t.clusterId,
        namespace: t.namespace ?? '',
        maxRestarts: String(t.maxRestarts),
      };
  }
}

const num = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function parseHeaders(text: string): { name: string; value: string }[] | string {
  const headers: { name: string; value: string }[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf(':');
    if (at <= 0) return `Write each header as Name: value ("${line.trim().slice(0, 30)}")`;
    headers.push({ name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
  }
  return headers;
}

/** Form field names the contract's issue paths fall on. */
const FIELD_OF: Record<string, keyof CheckFormValues> = {
  headers: 'headers',
  url: 'url',
  body: 'body',
  expectedStatus: 'expectedStatus',
  keyword: 'keyword',
  jsonPath: 'jsonPath',
  expectedValue: 'expectedValue',
  host: 'host',
  port: 'port',
  expiryDays: 'expiryDays',
  clusterId: 'clusterId',
  namespace: 'namespace',
  maxRestarts: 'maxRestarts',
};

export type CheckBody = z.input<typeof ZCheckInput>;

/**
 * The contract's body from the form, checked by the contract's own schema: either the body, or
 * the messages by field (the same words the server would answer).
 */
export function toCheckBody(
  v: CheckFormValues,
  isEdit: boolean,
): { body: CheckBody } | { errors: Partial<Record<keyof CheckFormValues, string>> } {
  const headers = parseHeaders(v.headers);
  if (typeof headers === 'string') return { errors: { headers } };
  const target =
    v.kind === 'http'
      ? {
          kind: 'http' as const,
          method: v.method as 'GET',
          url: v.url,
          headers,
          body: orNull(v.body),
          expectedStatus: v.expectedStatus,
          keyword: orNull(v.keyword),
          jsonPath: orNull(v.jsonPath),
          expectedValue: orNull(v.expectedValue),
        }
      : v.kind === 'tcp'
        ? { kind: 'tcp' as const, host: v.host, port: num(v.port) as number }
        : v.kind === 'tls'
          ? {
              kind: 'tls' as const,
              host: v.host,
              port: num(v.port) ?? 443,
              expiryDays: num(v.expiryDays),
            }
          : {
              kind: 'k8s' as const,
              clusterId: v.clusterId,
              namespace: orNull(v.namespace),
              maxRestarts: num(v.maxRestarts),
            };
  const body: CheckBody = {
    name: v.name,
    target,
    intervalSeconds: num(v.intervalSeconds),
    timeoutSeconds: num(v.timeoutSeconds),
    retries: num(v.retries),
    isPaused: v.isPaused,
    notifyEmail: v.notifyEmail,
    webhookUrl: orNull(v.webhookUrl),
    // Blank on an edit keeps the stored secret; blank on a new check means none.
    ...(v.webhookSecret.trim() !== ''
      ? { webhookSecret: v.webhookSecret.trim() }
      : isEdit
        ? {}
        : { webhookSecret: null }),
  };
  const parsed = ZCheckInput.safeParse(body);
  if (parsed.success) return { body };
  const errors: Partial<Record<keyof CheckFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path.map(String);
    const field =
      first === 'target'
        ? (FIELD_OF[second ?? ''] ??
          (v.kind === 'k8s' ? 'clusterId' : v.kind === 'http' ? 'url' : 'host'))
        : (first as keyof CheckFormValues);
    const message = issue.message.startsWith('Invalid input')
      ? 'Enter a valid value'
      : issue.message;
    errors[field] ??= message;
  }
  return { errors };
}
