import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import type { EgressKubeConfig } from './egress-kube-config';
import { KubeHttpError } from './errors';

export interface KubeRequest {
  method?: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE';
  /** Absolute API path, e.g. `/api/v1/namespaces/x/pods`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: string;
  contentType?: string;
}

export interface KubeResponse {
  status: number;
  /** The parsed JSON body. */
  json: unknown;
  /** Each `Warning` header's text (`299 - "…"` unwrapped). */
  warnings: string[];
}

/** The largest answer read from a cluster (a 500-item page of big objects fits). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * One JSON request to the cluster with the config's egress-checked dispatcher and credentials,
 * bounded by the request timeout. The raw JSON is sent and returned as it is: client-node's
 * serializer drops fields it does not know and rewrites timestamps, so it is not used here.
 * A non-2xx answer throws KubeHttpError (turned into §8 texts by k8sError).
 */
export async function kubeRequest(
  config: EgressKubeConfig,
  request: KubeRequest,
): Promise<KubeResponse> {
  const url = new URL(config.entry.cluster.server);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  // The server URL may carry a path prefix (a proxy such as Rancher's).
  const path = `${url.pathname.replace(/\/$/, '')}${request.path}${query.size ? `?${query.toString()}` : ''}`;
  const response = await config.dispatcher.request({
    origin: url.origin,
    path,
    method: request.method ?? 'GET',
    headers: {
      ...config.headers(),
      accept: 'application/json',
      ...(request.contentType && { 'content-type': request.contentType }),
    },
    ...(request.body !== undefined && { body: request.body }),
    signal: AbortSignal.timeout(K8S_LIMITS.requestTimeoutMs),
  });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      response.body.destroy();
      throw new KubeHttpError(
        502,
        JSON.stringify({ message: 'The cluster answered with more than 32 MB' }),
      );
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (response.statusCode < 200 || response.statusCode >= 300) {
    throw new KubeHttpError(response.statusCode, text);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KubeHttpError(
      502,
      JSON.stringify({ message: 'The cluster answered with something that is not JSON' }),
    );
  }
  return { status: response.statusCode, json, warnings: warningsOf(response.headers.warning) };
}

/** `299 - "unknown field \"spec.x\""` → `unknown field "spec.x"` (RFC 7234 warn-text). */
export function warningsOf(header: string | string[] | undefined): string[] {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const out: string[] = [];
  for (const value of values) {
    // One header may hold several comma-separated warnings.
    for (const match of value.matchAll(/\d{3}\s+\S+\s+"((?:[^"\\]|\\.)*)"/g)) {
      out.push(match[1]!.replace(/\\(.)/g, '$1'));
    }
  }
  return out;
}
