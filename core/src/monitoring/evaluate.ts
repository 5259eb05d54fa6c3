import { jsonValueText, parseJsonPath, readJsonPath } from './json-path';
import { parseStatusRanges, statusMatches } from './status-codes';

/** A probe's verdict: up or down, and why it is down (shown to the owner, sent in the alert). */
export interface Verdict {
  isUp: boolean;
  error: string | null;
}

export interface HttpExpectation {
  expectedStatus: string;
  keyword?: string | null;
  jsonPath?: string | null;
  expectedValue?: string | null;
}

const up: Verdict = { isUp: true, error: null };
const down = (error: string): Verdict => ({ isUp: false, error });

/** Judges an HTTP answer: its status against the accepted codes, then a keyword or a JSON value. */
export function evaluateHttp(
  expect: HttpExpectation,
  answer: { status: number; body: string },
): Verdict {
  const parsed = parseStatusRanges(expect.expectedStatus);
  if ('error' in parsed) return down(parsed.error);
  if (!statusMatches(parsed.ranges, answer.status)) {
    return down(`Status ${answer.status}, expected ${expect.expectedStatus}`);
  }
  if (expect.keyword && !answer.body.includes(expect.keyword)) {
    return down(`The answer does not contain "${expect.keyword}"`);
  }
  if (expect.jsonPath) {
    const path = parseJsonPath(expect.jsonPath);
    if ('error' in path) return down(path.error);
    let document: unknown;
    try {
      document = JSON.parse(answer.body);
    } catch {
      return down('The answer is not JSON');
    }
    const value = readJsonPath(document, path.path);
    if (value === undefined) return down(`The answer has no value at ${expect.jsonPath}`);
    const text = jsonValueText(value);
    if (expect.expectedValue !== undefined && expect.expectedValue !== null) {
      if (text !== expect.expectedValue) {
        return down(
          `${expect.expectedValue} expected at ${expect.jsonPath}, found ${text.slice(0, 200)}`,
        );
      }
    }
  }
  return up;
}

const DAY_MS = 86_400_000;

/** Judges a certificate: down once it expires within `thresholdDays`, or has expired. */
export function evaluateCertificate(
  validTo: Date,
  now: Date,
  thresholdDays: number,
): Verdict & { daysLeft: number } {
  const daysLeft = Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
  if (validTo.getTime() <= now.getTime()) {
    return {
      ...down(`The certificate expired on ${validTo.toISOString().slice(0, 10)}`),
      daysLeft,
    };
  }
  if (daysLeft < thresholdDays) {
    return {
      ...down(
        `The certificate expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'} (${validTo.toISOString().slice(0, 10)}), within the ${thresholdDays}-day threshold`,
      ),
      daysLeft,
    };
  }
  return { ...up, daysLeft };
}

/** The parts of Kubernetes objects the health check reads (as the API answers them). */
interface K8sObjectLike {
  metadata?: { name?: string; namespace?: string };
  spec?: unknown;
  status?: unknown;
}

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const nameOf = (o: K8sObjectLike) =>
  o.metadata?.namespace
    ? `${o.metadata.namespace}/${o.metadata.name ?? '?'}`
    : (o.metadata?.name ?? '?');

/**
 * A cluster's health: every node Ready, every running pod's containers ready and restarted at
 * most `maxRestarts` times, every deployment with its desired replicas available. Completed
 * pods (Succeeded) are healthy; the problems list names what is not.
 */
export function evaluateK8sHealth(
  objects: { nodes: K8sObjectLike[]; pods: K8sObjectLike[]; deployments: K8sObjectLike[] },
  maxRestarts: number,
): Verdict & { problems: string[] } {
  const problems: string[] = [];
  for (const node of objects.nodes) {
    const ready = list(record(node.status).conditions)
      .map(record)
      .find((c) => c.type === 'Ready');
    if (ready?.status !== 'True') problems.push(`Node ${nameOf(node)} is not ready`);
  }
  for (const pod of objects.pods) {
    const status = record(pod.status);
    if (status.phase === 'Succeeded') continue;
    const containers = list(status.containerStatuses).map(record);
    const restarts = containers.reduce((n, c) => n + (Number(c.restartCount) || 0), 0);
    if (status.phase !== 'Running' || containers.some((c) => c.ready !== true)) {
      problems.push(
        `Pod ${nameOf(pod)} is not ready (${typeof status.phase === 'string' ? status.phase : 'Unknown'})`,
      );
    } else if (restarts > maxRestarts) {
      problems.push(`Pod ${nameOf(pod)} restarted ${restarts} times`);
    }
  }
  for (const deployment of objects.deployments) {
    const desired = Number(record(deployment.spec).replicas ?? 1);
    const available = Number(record(deployment.status).availableReplicas ?? 0);
    if (available < desired) {
      problems.push(
        `Deployment ${nameOf(deployment)} has ${available} of ${desired} replicas available`,
      );
    }
  }
  if (problems.length === 0) return { ...up, problems };
  const shown = problems.slice(0, 5).join('; ');
  const more = problems.length > 5 ? ` and ${problems.length - 5} more` : '';
  return { ...down(`${shown}${more}`), problems };
}
