import {
  HttpMethod,
  IsomorphicFetchHttpLibrary,
  RequestContext,
  type KubeConfig,
  type ResponseContext,
} from '@kubernetes/client-node';

export type TK8sOperation = 'List' | 'Get' | 'Exec';

/** A failure of the cluster, already worded as the §8 text plus the cluster's own message. */
export class ClusterStreamError extends Error {
  constructor(
    message: string,
    /** The cluster's HTTP status for a 4xx; 502 when it failed or could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ClusterStreamError';
  }
}

/** `List failed (403): pods is forbidden: …`; 5xx and unreachable clusters become 502. */
export function clusterFailure(
  op: TK8sOperation,
  status: number | undefined,
  detail: string,
): ClusterStreamError {
  const shown = status !== undefined && status >= 400 && status < 500 ? status : 502;
  const text = detail.trim();
  return new ClusterStreamError(`${op} failed (${shown})${text ? `: ${text}` : ''}`, shown);
}

/** The `message` of a Kubernetes Status body, or the body itself when it is not one. */
export function statusMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: a proxy's page or plain text; shown as is, shortened.
  }
  return body.slice(0, 500);
}

/**
 * One GET to the cluster through client-node's own HTTP stack, so authentication, TLS and the
 * egress-checked dispatcher of the connection's KubeConfig apply; the body is left unread so a
 * stream can be consumed as it arrives. client-node's Log and Watch drop error bodies, hence this.
 */
export async function clusterGet(
  kubeConfig: KubeConfig,
  path: string,
  query: Record<string, string | undefined>,
  signal: AbortSignal,
): Promise<ResponseContext> {
  const cluster = kubeConfig.getCurrentCluster();
  if (!cluster) throw new ClusterStreamError('Get failed (502): no current cluster', 502);
  const context = new RequestContext(`${cluster.server}${path}`, HttpMethod.GET);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) context.setQueryParam(name, value);
  }
  context.setHeaderParam('Accept', 'application/json, */*;q=0.8');
  context.setSignal(signal);
  await kubeConfig.applySecurityAuthentication(context);
  return new IsomorphicFetchHttpLibrary().send(context).toPromise();
}

/** Reads a JSON body of a 2xx answer, or throws the §8 failure with the cluster's message. */
export async function jsonOrFailure<T>(op: TK8sOperation, response: ResponseContext): Promise<T> {
  const text = await response.body.text();
  if (response.httpStatusCode < 200 || response.httpStatusCode > 299) {
    throw clusterFailure(op, response.httpStatusCode, statusMessage(text));
  }
  return JSON.parse(text) as T;
}

/** A network-level failure (refused, TLS, egress denied) as the §8 text with 502. */
export function asClusterFailure(op: TK8sOperation, error: unknown): ClusterStreamError {
  if (error instanceof ClusterStreamError) return error;
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  const message = error instanceof Error ? error.message : String(error);
  return clusterFailure(op, undefined, cause ? `${message} (${cause})` : message);
}
