import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { getHeader, wireBodyBytes, type TWireRequest } from '@stratum/core/api-client/wire';
import type { TAuth } from '@stratum/core/api-client/model';

type TAwsAuth = Extract<TAuth, { type: 'awsv4' }>;

/** Query pairs as the signer wants them: decoded, a repeated name as a list. */
function queryOf(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = decode(eq === -1 ? '' : pair.slice(eq + 1));
    const before = out[key];
    out[key] =
      before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return out;
}

/**
 * AWS Signature Version 4 by the AWS SDK's own signer (`@smithy/signature-v4`): the headers it
 * adds (Authorization, X-Amz-Date, X-Amz-Security-Token, and X-Amz-Content-Sha256 for S3) go on
 * a copy of `wire`. S3 paths are signed as sent; every other service's are escaped once more,
 * as AWS requires.
 */
export async function signAwsV4(
  wire: TWireRequest,
  auth: TAwsAuth,
  signingDate: Date = new Date(),
): Promise<TWireRequest> {
  const url = new URL(wire.url);
  const service = auth.service.trim();
  const isS3 = service === 's3';
  const signer = new SignatureV4({
    service,
    region: auth.region.trim(),
    credentials: {
      accessKeyId: auth.accessKeyId.trim(),
      secretAccessKey: auth.secretAccessKey,
      ...(auth.sessionToken !== '' && { sessionToken: auth.sessionToken }),
    },
    sha256: Sha256,
    uriEscapePath: !isS3,
    applyChecksum: isS3,
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(wire.headers)) {
    if (name.toLowerCase() !== 'host') headers[name] = value;
  }
  headers.host = url.host;
  const signed = await signer.sign(
    {
      method: wire.method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port !== '' && { port: Number(url.port) }),
      path: url.pathname,
      query: queryOf(url.search),
      headers,
      ...(wire.body !== undefined && { body: wireBodyBytes(wire) }),
    },
    { signingDate },
  );
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) {
    // The proxy sets Host from the URL; sending ours too would duplicate it.
    if (name.toLowerCase() !== 'host') out[name] = String(value);
  }
  if (getHeader(wire.headers, 'host') !== undefined) out.Host = getHeader(wire.headers, 'host')!;
  return { ...wire, headers: out };
}
