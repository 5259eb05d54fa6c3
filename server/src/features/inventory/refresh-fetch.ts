import { createHmac } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { importPKCS8, SignJWT } from 'jose';
import { SOURCE_MAX_BYTES } from '@stratum/core/contract/inventory/model';
import type { TRefreshCredentials } from '@stratum/core/contract/inventory/sources';
import {
  EgressLimitError,
  EgressRefusedError,
  egressFetch,
  type EgressPolicy,
} from '../../lib/egress';
import type { RefreshTarget } from './tables';

export type TRefreshKind = 'url' | 's3' | 'azureblob' | 'gcs';

/** A fetch that did not give the file, in words the source's page shows. */
export class RefreshError extends Error {}

const TIMEOUT_MS = 60_000;
const AZURE_VERSION = '2023-11-03';

/** What is fetched, without credentials. */
export function locationOf(kind: TRefreshKind, target: RefreshTarget): string {
  switch (kind) {
    case 'url':
      return target.url ?? '';
    case 's3':
      return `s3://${target.bucket}/${target.key}${at(target)}`;
    case 'azureblob':
      return `azblob://${target.bucket}/${target.container}/${target.key}${at(target)}`;
    case 'gcs':
      return `gs://${target.bucket}/${target.key}${at(target)}`;
  }
}

const at = (target: RefreshTarget) => (target.endpoint ? ` at ${target.endpoint}` : '');

/** The https URL the object is read from. */
export function urlOf(kind: TRefreshKind, target: RefreshTarget): URL {
  const key = (target.key ?? '').split('/').map(encodeURIComponent).join('/');
  switch (kind) {
    case 'url':
      return new URL(target.url ?? '');
    case 's3': {
      // Path-style, as S3-compatible stores (and Terraform's `use_path_style`) expect.
      const base = target.endpoint ?? `https://s3.${target.region ?? 'us-east-1'}.amazonaws.com`;
      return new URL(`${base}/${encodeURIComponent(target.bucket ?? '')}/${key}`);
    }
    case 'azureblob': {
      const container = encodeURIComponent(target.container ?? '');
      // Azurite and other emulators put the account in the path.
      return new URL(
        target.endpoint
          ? `${target.endpoint}/${target.bucket}/${container}/${key}`
          : `https://${target.bucket}.blob.core.windows.net/${container}/${key}`,
      );
    }
    case 'gcs':
      return new URL(
        `${target.endpoint ?? 'https://storage.googleapis.com'}/storage/v1/b/${encodeURIComponent(target.bucket ?? '')}/o/${encodeURIComponent(target.key ?? '')}?alt=media`,
      );
  }
}

/** Fetches the state through the egress policy with the stored credentials. */
export async function fetchRefresh(
  egress: EgressPolicy,
  kind: TRefreshKind,
  target: RefreshTarget,
  credentials: TRefreshCredentials,
): Promise<Buffer> {
  const url = urlOf(kind, target);
  const headers = await headersFor(egress, target, url, credentials);
  let answer;
  try {
    answer = await egressFetch(egress, url, {
      headers,
      maxBytes: SOURCE_MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      decompress: true,
    });
  } catch (error) {
    throw new RefreshError(fetchFailure(url, error));
  }
  if (answer.status !== 200) {
    const text = answer.body.subarray(0, 300).toString('utf8').replace(/\s+/g, ' ').trim();
    throw new RefreshError(`${url.host} answered HTTP ${answer.status}${text ? `: ${text}` : ''}`);
  }
  return answer.body;
}

function fetchFailure(url: URL, error: unknown): string {
  if (error instanceof EgressRefusedError)
    return `The server may not fetch ${error.host}: ${error.message}`;
  if (error instanceof EgressLimitError) {
    return error.limit === 'body'
      ? `The file at ${url.host} is larger than ${SOURCE_MAX_BYTES / 1024 / 1024} MB.`
      : `${url.host}: ${error.message}`;
  }
  return `${url.host} could not be reached: ${(error as Error).message ?? String(error)}`;
}

async function headersFor(
  egress: EgressPolicy,
  target: RefreshTarget,
  url: URL,
  credentials: TRefreshCredentials,
): Promise<Record<string, string>> {
  switch (credentials.kind) {
    case 'none':
      return {};
    case 'header':
      return { authorization: credentials.authorization };
    case 'aws':
      return signS3(url, target.region ?? 'us-east-1', credentials);
    case 'azure-sas':
      for (const [k, v] of new URLSearchParams(credentials.sasToken.replace(/^\?/, ''))) {
        url.searchParams.set(k, v);
      }
      return { 'x-ms-version': AZURE_VERSION };
    case 'azure-key':
      return azureSharedKey(url, credentials.accountKey, new Date(), target.bucket);
    case 'gcp-token':
      return { authorization: `Bearer ${credentials.accessToken}` };
    case 'gcp-service-account':
      return { authorization: `Bearer ${await gcpAccessToken(egress, credentials.keyJson)}` };
  }
}

async function signS3(
  url: URL,
  region: string,
  credentials: Extract<TRefreshCredentials, { kind: 'aws' }>,
): Promise<Record<string, string>> {
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      ...(credentials.sessionToken && { sessionToken: credentials.sessionToken }),
    },
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: true,
  });
  const signed = await signer.sign({
    method: 'GET',
    protocol: url.protocol,
    hostname: url.hostname,
    path: url.pathname,
    query: {},
    headers: { host: url.host },
  });
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) {
    if (name.toLowerCase() !== 'host') out[name] = String(value);
  }
  return out;
}

/** Azure Storage Shared Key for a GET without a body (the Blob service's string to sign). */
export function azureSharedKey(
  url: URL,
  accountKey: string,
  now = new Date(),
  account = url.hostname.split('.')[0] ?? '',
): Record<string, string> {
  const headers: Record<string, string> = {
    'x-ms-date': now.toUTCString(),
    'x-ms-version': AZURE_VERSION,
  };
  const canonicalHeaders = Object.keys(headers)
    .sort()
    .map((k) => `${k}:${headers[k]}\n`)
    .join('');
  const params = [...url.searchParams.entries()]
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `\n${k}:${v}`)
    .join('');
  const canonicalResource = `/${account}${url.pathname}${params}`;
  const stringToSign = `GET\n\n\n\n\n\n\n\n\n\n\n\n${canonicalHeaders}${canonicalResource}`;
  const signature = createHmac('sha256', Buffer.from(accountKey, 'base64'))
    .update(stringToSign, 'utf8')
    .digest('base64');
  return { ...headers, authorization: `SharedKey ${account}:${signature}` };
}

/** A service-account key → an OAuth access token (JWT bearer grant), through the egress policy. */
async function gcpAccessToken(egress: EgressPolicy, keyJson: string): Promise<string> {
  let key: {
    client_email?: unknown;
    private_key?: unknown;
    private_key_id?: unknown;
    token_uri?: unknown;
  };
  try {
    key = JSON.parse(keyJson) as typeof key;
  } catch {
    throw new RefreshError('The service-account key is not JSON.');
  }
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new RefreshError('The service-account key has no client_email or private_key.');
  }
  const tokenUri =
    typeof key.token_uri === 'string' ? key.token_uri : 'https://oauth2.googleapis.com/token';
  let assertion: string;
  try {
    const privateKey = await importPKCS8(key.private_key, 'RS256');
    assertion = await new SignJWT({ scope: 'https://www.googleapis.com/auth/devstorage.read_only' })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(typeof key.private_key_id === 'string' && { kid: key.private_key_id }),
      })
      .setIssuer(key.client_email)
      .setAudience(tokenUri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  } catch {
    throw new RefreshError('The service-account private key cannot be read.');
  }
  let answer;
  try {
    answer = await egressFetch(egress, tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      timeoutMs: 15_000,
      maxBytes: 64 * 1024,
    });
  } catch (error) {
    throw new RefreshError(fetchFailure(new URL(tokenUri), error));
  }
  let token: unknown;
  try {
    token = (JSON.parse(answer.body.toString('utf8')) as { access_token?: unknown }).access_token;
  } catch {
    token = undefined;
  }
  if (answer.status !== 200 || typeof token !== 'string') {
    throw new RefreshError(`Google refused the service-account key (HTTP ${answer.status}).`);
  }
  return token;
}
