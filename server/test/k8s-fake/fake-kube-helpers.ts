/** Shared setup for the fake's own tests: a client-node KubeConfig pointed at the fake. */
import { ApiException, KubeConfig } from '@kubernetes/client-node';
import type { FakeKube } from './index';

export function kubeConfigFor(kube: FakeKube, token = kube.token, namespace?: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(kube.kubeconfig({ token, ...(namespace ? { namespace } : {}) }));
  return kc;
}

/** The parsed Status body of a failed client-node call. */
export async function statusOf(
  call: Promise<unknown>,
): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiException) {
      const raw = error.body as unknown;
      const body = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
      return { code: error.code, body };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A raw HTTPS/HTTP request to the fake, for what client-node hides (headers, exact bodies). */
export async function raw(
  kube: FakeKube,
  path: string,
  init: { method?: string; body?: string; contentType?: string; token?: string | null } = {},
): Promise<{
  status: number;
  headers: Headers;
  text: string;
  json: () => Record<string, unknown>;
}> {
  const { Agent, fetch } = await import('undici');
  const dispatcher = new Agent({ connect: { ca: kube.caPem || undefined } });
  const headers: Record<string, string> = {};
  const token = init.token === undefined ? kube.token : init.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.contentType) headers['content-type'] = init.contentType;
  const response = await fetch(kube.url + path, {
    method: init.method ?? 'GET',
    body: init.body,
    headers,
    dispatcher,
  });
  const text = await response.text();
  await dispatcher.close();
  return {
    status: response.status,
    headers: response.headers as unknown as Headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
}
