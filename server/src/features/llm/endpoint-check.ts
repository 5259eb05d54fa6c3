import { EgressRefusedError } from '../../lib/egress';
import { AppError } from '../../lib/errors';
import type { TEgressDeps } from './model-client';

/**
 * The admin's base URL checked against the egress policy when it is saved, with the same policy
 * and deny list every model call goes through, so a model on a private or loopback address that
 * EGRESS_ALLOW (or the admin allow-list) does not open is refused at once, naming the setting,
 * not on the first chat. A name that does not resolve yet is saved: each call checks it again.
 */
export async function checkBaseUrl(baseUrl: string, deps: TEgressDeps): Promise<void> {
  if (baseUrl === '') return;
  const url = new URL(baseUrl);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  try {
    await deps.egress.check(url.hostname.replace(/^\[|\]$/g, ''), port, { deny: deps.deny });
  } catch (error) {
    if (!(error instanceof EgressRefusedError) || error.kind === 'unresolved') return;
    const message = `The base URL is not allowed by the egress policy: ${error.message}`;
    throw new AppError('request/invalid', message, { issues: [{ path: 'baseUrl', message }] });
  }
}
