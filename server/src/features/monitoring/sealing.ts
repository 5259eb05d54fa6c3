import { decryptSecret, encryptSecret } from '../../lib/secrets';
import type { CheckRow } from './tables';

type Header = { name: string; value: string };

/** HTTP header values are sealed at rest (they often carry a token); null when there are none. */
export function sealHeaders(key: Buffer, headers: readonly Header[]): string | null {
  return headers.length === 0 ? null : encryptSecret(key, JSON.stringify(headers));
}

export function unsealHeaders(key: Buffer, row: Pick<CheckRow, 'headers_secret'>): Header[] {
  if (!row.headers_secret) return [];
  return JSON.parse(decryptSecret(key, row.headers_secret)) as Header[];
}

export function sealWebhookSecret(key: Buffer, secret: string | null): string | null {
  return secret === null ? null : encryptSecret(key, secret);
}

export function unsealWebhookSecret(
  key: Buffer,
  row: Pick<CheckRow, 'webhook_secret'>,
): string | null {
  return row.webhook_secret ? decryptSecret(key, row.webhook_secret) : null;
}
