import { isIP } from 'node:net';
import { connect as connectTls, type PeerCertificate } from 'node:tls';
import type { TCheckTarget } from '@stratum/core/contract/monitoring/check';
import type { TK8sKind, TK8sObject } from '@stratum/core/contract/k8s/cluster';
import {
  evaluateCertificate,
  evaluateHttp,
  evaluateK8sHealth,
  type Verdict,
} from '@stratum/core/monitoring/evaluate';
import {
  connectChecked,
  egressFetch,
  EgressLimitError,
  EgressRefusedError,
  type DenyList,
  type EgressPolicy,
} from '../../lib/egress';
import { AppError } from '../../lib/errors';

/** One run's outcome, as stored. */
export interface ProbeResult extends Verdict {
  latencyMs: number | null;
  statusCode: number | null;
}

/** The Kubernetes adapter's lists, as the app hands them over (one page of one kind). */
export interface ClusterPages {
  listPage(
    userId: string,
    clusterId: string,
    kind: TK8sKind,
    continueToken: string | undefined,
  ): Promise<{ items: TK8sObject[]; continue: string | undefined }>;
}

export interface ProbeDeps {
  egress: EgressPolicy;
  /** Stratum's own port, database and Redis: never a check's target. */
  deny?: DenyList;
  clusters: ClusterPages;
  now: () => Date;
}

export interface ProbeInput {
  userId: string;
  target: TCheckTarget;
  /** HTTP header values, unsealed for this run only. */
  headers: { name: string; value: string }[];
  timeoutMs: number;
  /** Aborted when the server shuts down. */
  signal?: AbortSignal;
}

/** A health answer is small; more than this is read no further (and fails the check). */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Pages of each kind read for a Kubernetes check (500 objects a page). */
const MAX_K8S_PAGES = 10;

const elapsed = (startedAt: number) => Math.round(performance.now() - startedAt);

/** Runs one check through the egress policy (or the Kubernetes adapter, which uses it too). */
export async function runProbe(deps: ProbeDeps, input: ProbeInput): Promise<ProbeResult> {
  const startedAt = performance.now();
  try {
    switch (input.target.kind) {
      case 'http':
        return await probeHttp(deps, input, input.target);
      case 'tcp': {
        const socket = await connectChecked(deps.egress, input.target.host, input.target.port, {
          timeoutMs: input.timeoutMs,
          signal: input.signal,
        });
        socket.destroy();
        return { isUp: true, error: null, latencyMs: elapsed(startedAt), statusCode: null };
      }
      case 'tls':
        return await probeTls(deps, input, input.target);
      case 'k8s':
        return await probeK8s(deps, input, input.target);
    }
  } catch (error) {
    return {
      isUp: false,
      error: describeFailure(error, input.timeoutMs),
      latencyMs: null,
      statusCode: null,
    };
  }
}

async function probeHttp(
  deps: ProbeDeps,
  input: ProbeInput,
  target: Extract<TCheckTarget, { kind: 'http' }>,
): Promise<ProbeResult> {
  const headers: Record<string, string> = { 'user-agent': 'Stratum-Monitor/1.0' };
  for (const h of input.headers) headers[h.name.toLowerCase()] = h.value;
  const answer = await egressFetch(deps.egress, target.url, {
    method: target.method,
    headers,
    ...(target.body !== null &&
      target.method !== 'GET' &&
      target.method !== 'HEAD' && { body: target.body }),
    timeoutMs: input.timeoutMs,
    signal: input.signal,
    maxBytes: MAX_ANSWER_BYTES,
    followRedirects: target.followRedirects,
    decompress: true,
    deny: deps.deny,
  });
  const verdict = evaluateHttp(target, {
    status: answer.status,
    body: answer.body.toString('utf8'),
  });
  return { ...verdict, latencyMs: Math.round(answer.timings.totalMs), statusCode: answer.status };
}

async function probeTls(
  deps: ProbeDeps,
  input: ProbeInput,
  target: Extract<TCheckTarget, { kind: 'tls' }>,
): Promise<ProbeResult> {
  const startedAt = performance.now();
  const socket = await connectChecked(deps.egress, target.host, target.port, {
    timeoutMs: input.timeoutMs,
    signal: input.signal,
  });
  const host = target.host.replace(/^\[|\]$/g, '');
  const { certificate, authorizationError } = await new Promise<{
    certificate: PeerCertificate;
    authorizationError: string | null;
  }>((resolve, reject) => {
    // Not rejected here: an expired certificate is the very thing this check reports.
    const tls = connectTls({
      socket,
      ...(isIP(host) === 0 && { servername: host }),
      rejectUnauthorized: false,
    });
    const timer = setTimeout(() => {
      tls.destroy();
      reject(new EgressLimitError(`No TLS handshake within ${input.timeoutMs} ms`, 'time'));
    }, input.timeoutMs);
    tls.once('secureConnect', () => {
      clearTimeout(timer);
      const cert = tls.getPeerCertificate();
      const reason = tls.authorizationError;
      tls.destroy();
      resolve({ certificate: cert, authorizationError: reason ? String(reason) : null });
    });
    tls.once('error', (error: Error) => {
      clearTimeout(timer);
      tls.destroy();
      reject(error);
    });
  });
  const latencyMs = elapsed(startedAt);
  if (!certificate.valid_to) {
    return { isUp: false, error: 'The server sent no certificate', latencyMs, statusCode: null };
  }
  const verdict = evaluateCertificate(
    new Date(certificate.valid_to),
    deps.now(),
    target.expiryDays,
  );
  if (verdict.isUp && authorizationError && authorizationError !== 'CERT_HAS_EXPIRED') {
    return {
      isUp: false,
      error: `The certificate is not trusted: ${authorizationError} (it expires in ${verdict.daysLeft} days)`,
      latencyMs,
      statusCode: null,
    };
  }
  return { isUp: verdict.isUp, error: verdict.error, latencyMs, statusCode: null };
}

async function probeK8s(
  deps: ProbeDeps,
  input: ProbeInput,
  target: Extract<TCheckTarget, { kind: 'k8s' }>,
): Promise<ProbeResult> {
  const startedAt = performance.now();
  const all = async (kind: TK8sKind) => {
    const items: TK8sObject[] = [];
    let token: string | undefined;
    for (let page = 0; page < MAX_K8S_PAGES; page += 1) {
      const result = await deps.clusters.listPage(input.userId, target.clusterId, kind, token);
      items.push(...result.items);
      token = result.continue;
      if (!token) break;
    }
    return items;
  };
  const inNamespace = (o: TK8sObject) =>
    target.namespace === null ||
    (o as { metadata?: { namespace?: string } }).metadata?.namespace === target.namespace;
  const [nodes, pods, deployments] = await Promise.all([
    all('nodes'),
    all('pods'),
    all('deployments'),
  ]);
  const verdict = evaluateK8sHealth(
    { nodes, pods: pods.filter(inNamespace), deployments: deployments.filter(inNamespace) },
    target.maxRestarts,
  );
  return {
    isUp: verdict.isUp,
    error: verdict.error,
    latencyMs: elapsed(startedAt),
    statusCode: null,
  };
}

/** What the owner reads about a failed run: the cause, never a stack. */
export function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof EgressRefusedError) return `Refused by the egress policy: ${error.message}`;
  if (error instanceof EgressLimitError) {
    return error.limit === 'time' ? `No answer within ${timeoutMs / 1000} s` : error.message;
  }
  if (error instanceof AppError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name does not resolve';
  if (code === 'ECONNRESET') return 'The connection was reset';
  if (/timed out|timeout/i.test(message)) return `No answer within ${timeoutMs / 1000} s`;
  return message.slice(0, 300) || 'The check failed';
}
