import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback servers the runner's integration tests send to: an echo, a flaky endpoint (503
 * first), a digest-protected one (RFC 7616, checked independently of the client code), an OAuth
 * 2.0 provider (client credentials, refresh, authorization code with PKCE) and a bearer-protected
 * API, a redirect loop, an answer past the proxy's 20 MiB, and a slow endpoint that records when
 * its caller went away. Every request it receives is in `received`.
 */

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const REALM = 'stratum-test';
const NONCE = 'dcd98b7102dd2f0e8b11d0f600bfb0c093';
export const DIGEST_USER = { username: 'Mufasa', password: 'Circle of Life' };
export const CLIENT = { id: 'client-1', secret: 's3cret' };

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function digestOk(header: string | undefined, method: string): boolean {
  if (!header?.startsWith('Digest ')) return false;
  const p = new Map(
    [...header.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)].map((m) => [
      m[1]!,
      m[2] ?? m[3]!,
    ]),
  );
  const ha1 = md5(`${p.get('username')}:${REALM}:${DIGEST_USER.password}`);
  const ha2 = md5(`${method}:${p.get('uri')}`);
  const expected = md5(`${ha1}:${NONCE}:${p.get('nc')}:${p.get('cnonce')}:${p.get('qop')}:${ha2}`);
  return p.get('username') === DIGEST_USER.username && p.get('response') === expected;
}

export class Upstream {
  private server!: Server;
  base = '';
  received: Received[] = [];
  /** Requests to /flaky/:key answered 503 so far, per key. */
  flaky = new Map<string, number>();
  tokenRequests: URLSearchParams[] = [];
  /** Authorization codes handed out, with the PKCE challenge each was bound to. */
  codes = new Map<string, { challenge: string; redirectUri: string }>();
  validTokens = new Set<string>();
  slowClosed = 0;
  private tokenCounter = 0;
  /** The token endpoint's lifetime for new tokens. */
  tokenLifetimeS = 3600;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const url = new URL(req.url ?? '/', this.base);
        const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(value));
        };
        this.received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        if (url.pathname.startsWith('/echo')) {
          json(200, {
            method: req.method,
            url: req.url,
            headers: req.headers,
            body: body.toString('base64'),
          });
          return;
        }
        if (url.pathname.startsWith('/flaky/')) {
          const key = url.pathname.slice(7);
          const failures = Number(url.searchParams.get('fail') ?? '1');
          const seen = this.flaky.get(key) ?? 0;
          this.flaky.set(key, seen + 1);
          if (seen < failures) {
            json(503, { error: 'busy' }, { 'retry-after': url.searchParams.get('after') ?? '0' });
            return;
          }
          json(200, { ok: true, attempt: seen + 1 });
          return;
        }
        if (url.pathname === '/digest') {
          if (digestOk(req.headers.authorization, req.method!)) {
            json(200, { user: DIGEST_USER.username });
            return;
          }
          res.writeHead(401, {
            'www-authenticate': `Digest realm="${REALM}", qop="auth", algorithm=MD5, nonce="${NONCE}", opaque="xyz"`,
          });
          res.end();
          return;
        }
        if (url.pathname === '/authorize') {
          const code = `code-${Math.random().toString(36).slice(2)}`;
          this.codes.set(code, {
            challenge: url.searchParams.get('code_challenge') ?? '',
            redirectUri: url.searchParams.get('redirect_uri') ?? '',
          });
          const back = new URL(url.searchParams.get('redirect_uri')!);
          back.searchParams.set('code', code);
          back.searchParams.set('state', url.searchParams.get('state') ?? '');
          res.writeHead(302, { location: back.href });
          res.end();
          return;
        }
        if (url.pathname === '/token') {
          const form = new URLSearchParams(body.toString('utf8'));
          this.tokenRequests.push(form);
          const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;
          if (req.headers.authorization !== basic) {
            json(401, { error: 'invalid_client' });
            return;
          }
          const grant = form.get('grant_type');
          if (grant === 'authorization_code') {
            const issued = this.codes.get(form.get('code') ?? '');
            this.codes.delete(form.get('code') ?? '');
            const verifier = form.get('code_verifier') ?? '';
            const challenge = createHash('sha256').update(verifier).digest('base64url');
            if (
              !issued ||
              issued.challenge !== challenge ||
              issued.redirectUri !== form.get('redirect_uri')
            ) {
              json(400, { error: 'invalid_grant', error_description: 'PKCE or code mismatch' });
              return;
            }
          } else if (grant === 'refresh_token') {
            if (!form.get('refresh_token')?.startsWith('refresh-')) {
              json(400, { error: 'invalid_grant' });
              return;
            }
          } else if (grant !== 'client_credentials') {
            json(400, { error: 'unsupported_grant_type' });
            return;
          }
          const token = `token-${++this.tokenCounter}`;
          this.validTokens.add(token);
          json(200, {
            access_token: token,
            token_type: 'bearer',
            expires_in: this.tokenLifetimeS,
            refresh_token: `refresh-${this.tokenCounter}`,
          });
          return;
        }
        if (url.pathname === '/protected') {
          const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
          if (this.validTokens.has(token)) json(200, { token });
          else json(401, { error: 'no token' });
          return;
        }
        if (url.pathname === '/loop') {
          res.writeHead(302, { location: '/loop' });
          res.end();
          return;
        }
        if (url.pathname === '/huge') {
          // 21 MiB, streamed without a Content-Length.
          const chunk = Buffer.alloc(1024 * 1024, 'x');
          let sent = 0;
          const write = () => {
            while (sent < 21) {
              sent += 1;
              if (!res.write(chunk)) {
                res.once('drain', write);
                return;
              }
            }
            res.end();
          };
          res.writeHead(200, { 'content-type': 'text/plain' });
          write();
          return;
        }
        if (url.pathname === '/slow') {
          res.on('close', () => {
            this.slowClosed += 1;
          });
          return;
        }
        json(404, { error: 'not found' });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
