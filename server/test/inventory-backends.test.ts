import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azureSharedKey } from '../src/features/inventory/refresh-fetch';
import { parseAllowRules } from '../src/lib/egress';
import { json, startTestServer, type TestServer } from './harness';
import { stateV4 } from './inventory-files';
import { newUser, type User } from './planner-helpers';

/**
 * Issue 14 §1: a source refreshed from an S3-compatible store, Azurite-style Azure Blob and a
 * GCS-compatible server on loopback — each checks the request the way the real service does
 * (SigV4 recomputed with the secret, Shared Key recomputed with the account key, the JWT grant's
 * signature verified with the service account's public key) and serves the state only then.
 */
const AWS = { accessKeyId: 'AKIAEXAMPLEEXAMPLE12', secretAccessKey: 'fake-secret-key' };
const AZURE_ACCOUNT = 'devstoreaccount1';
const AZURE_KEY = Buffer.from('azure-account-key-for-tests').toString('base64');
const gcpKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_PEM = gcpKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const PRIVATE_PEM = gcpKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('Inventory: refreshing a source from S3, Azure Blob and GCS compatible backends', () => {
  let server: TestServer;
  let backend: Server;
  let base: string;
  let user: User;
  const seen: string[] = [];

  /** What the backend checks: true when the request is signed as the real service wants. */
  async function isAuthorized(req: IncomingMessage, url: URL): Promise<boolean> {
    const headers = req.headers as Record<string, string>;
    if (url.pathname.startsWith('/tf-state/')) {
      const signer = new SignatureV4({
        service: 's3',
        region: 'eu-west-1',
        credentials: AWS,
        sha256: Sha256,
        uriEscapePath: false,
        applyChecksum: true,
      });
      const signed = await signer.sign(
        {
          method: 'GET',
          protocol: 'http:',
          hostname: url.hostname,
          path: url.pathname,
          query: {},
          headers: { host: url.host },
        },
        { signingDate: new Date(Date.parse(toIso(headers['x-amz-date'] ?? ''))) },
      );
      return signed.headers.authorization === headers.authorization;
    }
    if (url.pathname.startsWith(`/${AZURE_ACCOUNT}/`)) {
      const expected = azureSharedKey(
        url,
        AZURE_KEY,
        new Date(headers['x-ms-date'] ?? ''),
        AZURE_ACCOUNT,
      );
      return expected.authorization === headers.authorization;
    }
    if (url.pathname.startsWith('/storage/v1/b/')) {
      return headers.authorization === 'Bearer gcs-token-from-grant';
    }
    return false;
  }

  beforeAll(async () => {
    server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.1').rules });
    backend = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        seen.push(`${req.method} ${url.pathname}`);
        if (req.method === 'POST' && url.pathname === '/token') {
          let body = '';
          for await (const chunk of req) body += String(chunk);
          const assertion = new URLSearchParams(body).get('assertion') ?? '';
          try {
            const { payload } = await jwtVerify(assertion, await importSPKI(PUBLIC_PEM, 'RS256'), {
              audience: `${base}/token`,
              issuer: 'reader@proj.iam.gserviceaccount.com',
            });
            expect(payload.scope).toBe('https://www.googleapis.com/auth/devstorage.read_only');
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ access_token: 'gcs-token-from-grant', expires_in: 3600 }));
          } catch {
            res.writeHead(400).end('{"error":"invalid_grant"}');
          }
          return;
        }
        if (!(await isAuthorized(req, url))) {
          res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(stateV4({ serial: 30 }));
      })();
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    user = await newUser(server, 'pro');
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => backend?.close(resolve));
  });

  const refreshFrom = async (config: Record<string, unknown>) => {
    const id = json<{ data: { id: string } }>(
      await user.call('POST', '/api/inventory/sources', {
        kind: 'tfstate',
        name: 'backend',
        content: stateV4(),
      }),
    ).data.id;
    const set = await user.call('PUT', `/api/inventory/sources/${id}/refresh`, {
      intervalMinutes: 60,
      endpoint: base,
      ...config,
    });
    expect(set.statusCode, set.body).toBe(200);
    return { id, run: await user.call('POST', `/api/inventory/sources/${id}/refresh/run`) };
  };

  it('reads an S3-compatible store with a SigV4-signed, path-style request', async () => {
    const { run } = await refreshFrom({
      kind: 's3',
      bucket: 'tf-state',
      key: 'env/prod/terraform.tfstate',
      region: 'eu-west-1',
      credentials: { kind: 'aws', ...AWS },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(json<{ data: { version: number } }>(run).data.version).toBe(2);
    expect(seen).toContain('GET /tf-state/env/prod/terraform.tfstate');
  });

  it('says what the backend answered when the signature does not match', async () => {
    const { id, run } = await refreshFrom({
      kind: 's3',
      bucket: 'tf-state',
      key: 'prod.tfstate',
      region: 'eu-west-1',
      credentials: { kind: 'aws', ...AWS, secretAccessKey: 'wrong' },
    });
    expect(run.statusCode).toBe(502);
    expect(json<{ message: string }>(run).message).toMatch(/HTTP 403.*SignatureDoesNotMatch/);
    const source = json<{ data: { versionCount: number; refresh: { lastOk: boolean } } }>(
      await user.call('GET', `/api/inventory/sources/${id}`),
    ).data;
    expect(source).toMatchObject({ versionCount: 1, refresh: { lastOk: false } });
  });

  it('reads an Azure Blob with Shared Key from an Azurite-style endpoint', async () => {
    const { run } = await refreshFrom({
      kind: 'azureblob',
      bucket: AZURE_ACCOUNT,
      container: 'tfstate',
      key: 'prod.terraform.tfstate',
      credentials: { kind: 'azure-key', accountKey: AZURE_KEY },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(seen).toContain(`GET /${AZURE_ACCOUNT}/tfstate/prod.terraform.tfstate`);
  });

  it('reads GCS with a service-account key exchanged for a token (JWT bearer grant)', async () => {
    const { run } = await refreshFrom({
      kind: 'gcs',
      bucket: 'tf-state',
      key: 'env/prod/default.tfstate',
      credentials: {
        kind: 'gcp-service-account',
        keyJson: JSON.stringify({
          type: 'service_account',
          client_email: 'reader@proj.iam.gserviceaccount.com',
          private_key_id: 'k1',
          private_key: PRIVATE_PEM,
          token_uri: `${base}/token`,
        }),
      },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(seen).toContain('POST /token');
    expect(seen).toContain(
      `GET /storage/v1/b/tf-state/o/${encodeURIComponent('env/prod/default.tfstate')}`,
    );
  });

  it('refuses an endpoint with a path or credentials in it, and changes nothing', async () => {
    const id = json<{ data: { id: string } }>(
      await user.call('POST', '/api/inventory/sources', {
        kind: 'tfstate',
        name: 'x',
        content: stateV4(),
      }),
    ).data.id;
    for (const endpoint of [`${base}/bucket`, 'http://user:pw@127.0.0.1:9000', 'ftp://host']) {
      const res = await user.call('PUT', `/api/inventory/sources/${id}/refresh`, {
        kind: 's3',
        bucket: 'b',
        key: 'k',
        region: 'eu-west-1',
        endpoint,
        intervalMinutes: 60,
      });
      expect(res.statusCode).toBe(400);
      expect(json<{ message: string }>(res).message).toMatch(/endpoint/);
    }
    const source = json<{ data: { refresh: unknown } }>(
      await user.call('GET', `/api/inventory/sources/${id}`),
    ).data;
    expect(source.refresh).toBeNull();
  });
});

/** `20261129T101500Z` → an ISO date. */
function toIso(amzDate: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : amzDate;
}
