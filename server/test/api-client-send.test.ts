import { EventEmitter, once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSendResult } from '@stratum/core/contract/api-client/http-send';
import { sendHttp } from '../src/features/api-client/send';
import { EgressPolicy, parseAllowRules, type Resolver } from '../src/lib/egress';
import { AppError } from '../src/lib/errors';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';
import { fakeTls } from './k8s-fake/tls';

const MiB = 1024 * 1024;

let server: TestServer;
let user: Awaited<ReturnType<typeof signUp>>;
let upstream: Server;
let other: Server;
let base: string;
let otherBase: string;
/** Sockets the upstream server saw close, by request path. */
const closed = new Map<string, Promise<void>>();
const arrived = new Map<string, () => void>();
/** Emits 'request' with the path of every request the upstream server receives. */
const hits = new EventEmitter();

const listen = async (s: Server) => {
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  return (s.address() as AddressInfo).port;
};

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  closed.set(path, new Promise((resolve) => req.socket.once('close', () => resolve())));
  arrived.get(path)?.();
  hits.emit('request', path);
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const redirect = /^\/redirect\/(\d+)$/.exec(path);
    if (path === '/echo') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          method: req.method,
          headers: req.headers,
          body: body.toString('base64'),
          url: req.url,
        }),
      );
    } else if (path === '/count') {
      res.end(JSON.stringify({ bytes: body.length, allSevens: body.every((b) => b === 7) }));
    } else if (redirect) {
      const left = Number(redirect[1]);
      if (left === 0) res.end('arrived');
      else res.writeHead(302, { location: `/redirect/${left - 1}` }).end();
    } else if (path === '/see-other') res.writeHead(303, { location: '/echo' }).end();
    else if (path === '/to-other') res.writeHead(307, { location: `${otherBase}/echo` }).end();
    else if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (path === '/to-file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    else if (path === '/to') res.writeHead(302, { location: url.searchParams.get('url')! }).end();
    else if (path === '/missing') res.writeHead(404, { 'content-type': 'text/plain' }).end('nope');
    else if (path === '/binary') {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(Buffer.from([0, 1, 2, 253, 254, 255]));
    } else if (path === '/latin1') {
      res.setHeader('content-type', 'text/plain; charset=iso-8859-1');
      res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    } else if (path === '/gzip') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync('hello '.repeat(1000)));
    } else if (path === '/cookies') {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.setHeader(
        'content-disposition',
        Buffer.from('inline; filename="café.txt"').toString('latin1'),
      );
      res.end();
    } else if (path === '/json') {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      const item = JSON.stringify({ id: 1, name: 'Ünïcode ✓', tags: ['a', 'b'] });
      res.end(
        `[${Array(Math.ceil((5 * 1000 * 1000) / item.length))
          .fill(item)
          .join(',')}]`,
      );
    } else if (path === '/huge') {
      // 21 MiB streamed without a Content-Length.
      const chunk = Buffer.alloc(MiB, 'x');
      let sent = 0;
      const write = () => {
        while (sent < 21 && res.write(chunk)) sent += 1;
        if (sent >= 21) res.end();
        else res.once('drain', write);
      };
      write();
    } else if (path === '/stall' || path === '/stall-body' || path === '/hold') {
      if (path === '/stall-body') res.writeHead(200).write('partial');
      // Never ends: the proxy must give up, and close the socket.
    } else res.writeHead(404).end();
  });
}

beforeAll(async () => {
  upstream = createServer(handle);
  other = createServer((req, res) =>
    res.end(JSON.stringify({ authorization: req.headers.authorization ?? null })),
  );
  base = `http://127.0.0.1:${await listen(upstream)}`;
  otherBase = `http://127.0.0.1:${await listen(other)}`;
  // As the tests and the e2e journey run: loopback opened to reach local servers.
  server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.0/8').rules });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  user = await signUp(server);
}, 60_000);

afterAll(async () => {
  upstream.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([once(upstream.close(), 'close'), once(other.close(), 'close')]);
  await server.close();
});

const send = (payload: Record<string, unknown>, token = user.token) =>
  server.app.inject({
    method: 'POST',
    url: '/api/http/send',
    headers: bearer(token),
    payload: { method: 'GET', headers: {}, ...payload },
  });
const data = (response: Awaited<ReturnType<typeof send>>) => {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  return json<{ data: TSendResult }>(response).data;
};
const echoOf = (result: TSendResult) =>
  JSON.parse(result.body) as {
    method: string;
    headers: Record<string, string>;
    body: string;
    url: string;
  };

describe('POST /api/http/send', () => {
  it('sends the method, headers and body, and answers status, headers, body and timings', async () => {
    const result = data(
      await send({
        method: 'patch',
        url: `${base}/echo?q=1#fragment`,
        headers: {
          'X-Trace': 'abc',
          Host: base.slice('http://'.length),
          Connection: 'keep-alive, X-Hop',
          'X-Hop': 'dropped',
          'Content-Length': '999',
          'Content-Type': 'text/plain',
        },
        body: 'héllo',
      }),
    );
    expect(result.status).toBe(200);
    expect(result.bodyEncoding).toBe('utf8');
    expect(result.headers['content-type']).toBe('application/json');
    const echo = echoOf(result);
    expect(echo.method).toBe('PATCH');
    expect(echo.url).toBe('/echo?q=1');
    expect(Buffer.from(echo.body, 'base64').toString()).toBe('héllo');
    expect(echo.headers['x-trace']).toBe('abc');
    expect(echo.headers['x-hop']).toBeUndefined();
    expect(echo.headers['content-length']).toBe(String(Buffer.byteLength('héllo')));
    expect(echo.headers.host).toBe(base.slice('http://'.length));
    expect(result.size).toBe(Buffer.byteLength(result.body));
    const t = result.timings;
    expect(t.connectMs).toBeGreaterThan(0);
    expect(t.tlsMs).toBe(0);
    expect(t.dnsMs).toBeGreaterThanOrEqual(0);
    expect(t.firstByteMs).toBeGreaterThan(0);
    expect(t.totalMs).toBeGreaterThanOrEqual(t.dnsMs + t.connectMs + t.firstByteMs);
    expect(t.totalMs).toBeLessThan(2000);
  });

  it('answers upstream 4xx as data, not as an error', async () => {
    const result = data(await send({ url: `${base}/missing` }));
    expect(result).toMatchObject({ status: 404, body: 'nope', bodyEncoding: 'utf8', size: 4 });
  });

  it('carries bodies byte for byte: base64 in, base64 out for binary and other charsets', async () => {
    const bytes = Buffer.from([0, 255, 128, 10, 13]);
    const echo = echoOf(
      data(
        await send({
          method: 'POST',
          url: `${base}/echo`,
          body: bytes.toString('base64'),
          bodyEncoding: 'base64',
        }),
      ),
    );
    expect(Buffer.from(echo.body, 'base64')).toEqual(bytes);
    const binary = data(await send({ url: `${base}/binary` }));
    expect(binary).toMatchObject({ bodyEncoding: 'base64', size: 6 });
    expect(Buffer.from(binary.body, 'base64')).toEqual(Buffer.from([0, 1, 2, 253, 254, 255]));
    const latin1 = data(await send({ url: `${base}/latin1` }));
    expect(latin1.bodyEncoding).toBe('base64');
    expect(Buffer.from(latin1.body, 'base64').toString('latin1')).toBe('café');
  });

  it('decodes gzip, reports the bytes received, and keeps repeated headers as arrays', async () => {
    const gzip = data(await send({ url: `${base}/gzip` }));
    expect(gzip.body).toBe('hello '.repeat(1000));
    expect(gzip.size).toBe(gzipSync('hello '.repeat(1000)).length);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const cookies = data(await send({ url: `${base}/cookies` }));
    expect(cookies.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(cookies.headers['content-disposition']).toBe('inline; filename="café.txt"');
  });

  it('answers a 5 MB JSON body as text', async () => {
    const result = data(await send({ url: `${base}/json` }));
    expect(result.bodyEncoding).toBe('utf8');
    expect(result.size).toBeGreaterThan(5_000_000);
    expect((JSON.parse(result.body) as unknown[]).length).toBeGreaterThan(50_000);
  });

  it('follows up to 10 redirects, refuses the 11th, or leaves them alone when asked', async () => {
    expect(data(await send({ url: `${base}/redirect/10` })).body).toBe('arrived');
    const eleven = await send({ url: `${base}/redirect/11` });
    expect(eleven.statusCode).toBe(502);
    expect(json(eleven)).toMatchObject({
      success: false,
      code: 'api/too_many_redirects',
      message: expect.stringContaining('Stopped after 10 redirects') as string,
    });
    const unfollowed = data(await send({ url: `${base}/redirect/3`, followRedirects: false }));
    expect(unfollowed.status).toBe(302);
    expect(unfollowed.headers.location).toBe('/redirect/2');
  });

  it('turns a 303 into a GET without body, and drops credentials when leaving the origin', async () => {
    const echo = echoOf(
      data(
        await send({
          method: 'POST',
          url: `${base}/see-other`,
          headers: { 'content-type': 'text/plain' },
          body: 'x',
        }),
      ),
    );
    expect(echo.method).toBe('GET');
    expect(echo.body).toBe('');
    expect(echo.headers['content-type']).toBeUndefined();
    const away = data(
      await send({ url: `${base}/to-other`, headers: { Authorization: 'Bearer secret' } }),
    );
    expect(JSON.parse(away.body)).toEqual({ authorization: null });
  });

  it('checks every redirect hop again: metadata and other schemes are refused with 403', async () => {
    const metadata = await send({ url: `${base}/to-metadata` });
    expect(metadata.statusCode).toBe(403);
    expect(json(metadata)).toMatchObject({
      success: false,
      code: 'api/egress_refused',
      message: expect.stringContaining('metadata') as string,
    });
    const file = await send({ url: `${base}/to-file` });
    expect(file.statusCode).toBe(403);
    expect(json(file).message).toMatch(/file: is not allowed/);
  });

  it("refuses Stratum's own port on every local address, even with loopback allowed", async () => {
    const port = (server.app.server.address() as AddressInfo).port;
    for (const host of ['127.0.0.1', '127.0.0.2', '0x7f.1', 'localhost', '[::ffff:127.0.0.1]']) {
      const res = await send({ url: `http://${host}:${port}/healthz` });
      expect(res.statusCode, host).toBe(403);
      expect(json(res).message, host).toMatch(/Stratum's own HTTP port/);
    }
    // …and a redirect there is refused as well.
    const via = await send({
      url: `${base}/to?url=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`,
    });
    expect(via.statusCode).toBe(403);
  });

  it("refuses Stratum's own database, even with loopback allowed", async () => {
    const db = new URL(server.config.databaseUrl!);
    const res = await send({ url: `http://${db.hostname}:${db.port || 5432}/` });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'api/egress_refused',
      message: expect.stringContaining("Stratum's own database") as string,
    });
  });

  it('answers 400 for other schemes, a foreign Host, bad base64 and oversized bodies', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://x', 'javascript:1']) {
      const res = await send({ url });
      expect(res.statusCode, url).toBe(400);
      expect(json(res).message).toBe('Only http and https URLs can be sent');
    }
    const host = await send({ url: `${base}/echo`, headers: { Host: 'internal.example' } });
    expect(host.statusCode).toBe(400);
    expect(json(host).message).toMatch(/Host header/);
    const bad64 = await send({ url: `${base}/echo`, body: 'not base64!', bodyEncoding: 'base64' });
    expect(json(bad64).message).toBe('The body is not valid base64');
    const big = await send({
      method: 'POST',
      url: `${base}/echo`,
      body: Buffer.alloc(10 * MiB + 1).toString('base64'),
      bodyEncoding: 'base64',
    });
    expect(big.statusCode).toBe(400);
    expect(json(big).message).toBe('The body may be at most 10 MiB');
  });

  it('sends a 10 MiB body given as base64', async () => {
    const result = data(
      await send({
        method: 'PUT',
        url: `${base}/count`,
        body: Buffer.alloc(10 * MiB, 7).toString('base64'),
        bodyEncoding: 'base64',
      }),
    );
    expect(JSON.parse(result.body)).toEqual({ bytes: 10 * MiB, allSevens: true });
  });

  it('gives up on a stalled server at the deadline with 504, and on a body over 20 MiB with 502', async () => {
    for (const path of ['/stall', '/stall-body']) {
      const started = Date.now();
      const res = await send({ url: `${base}${path}`, timeoutMs: 300 });
      expect(res.statusCode, path).toBe(504);
      expect(json(res)).toMatchObject({
        code: 'api/upstream_timeout',
        message: `No complete answer from 127.0.0.1:${new URL(base).port} within 0.3 s`,
      });
      expect(Date.now() - started).toBeLessThan(2000);
      await closed.get(path); // the proxy closed its connection
    }
    const huge = await send({ url: `${base}/huge` });
    expect(huge.statusCode).toBe(502);
    expect(json(huge)).toMatchObject({
      code: 'api/response_too_large',
      message: 'Response body is larger than 20 MiB',
    });
  });

  it('says why a host cannot be reached: refused connection, unknown name', async () => {
    const idle = createServer();
    const port = await listen(idle);
    await once(idle.close(), 'close');
    const refused = await send({ url: `http://127.0.0.1:${port}/` });
    expect(refused.statusCode).toBe(502);
    expect(json(refused)).toMatchObject({
      code: 'api/upstream_failed',
      message: `Could not connect to 127.0.0.1:${port}: connection refused`,
    });
    const unknown = await send({ url: 'http://no-such-host.invalid/' });
    expect(unknown.statusCode).toBe(502);
    expect(json(unknown).message).toBe('Could not resolve no-such-host.invalid');
    // A certificate from an authority nobody trusts.
    const tls = await fakeTls();
    const secure = createTlsServer({ cert: tls.certPem, key: tls.keyPem }, (_q, r) => r.end());
    const securePort = await listen(secure);
    const untrusted = await send({ url: `https://127.0.0.1:${securePort}/` });
    secure.close();
    expect(untrusted.statusCode).toBe(502);
    expect(json(untrusted)).toMatchObject({
      code: 'api/upstream_failed',
      message: `TLS handshake with 127.0.0.1:${securePort} failed: unable to verify the first certificate`,
    });
  });

  it('ends the upstream exchange when the browser aborts its call', async () => {
    const port = (server.app.server.address() as AddressInfo).port;
    const reached = new Promise<void>((resolve) => arrived.set('/stall', resolve));
    const body = JSON.stringify({ method: 'GET', url: `${base}/stall`, headers: {} });
    const call = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/http/send',
      method: 'POST',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
    });
    call.on('error', () => undefined);
    call.end(body);
    await reached;
    const upstreamClosed = closed.get('/stall')!;
    call.destroy();
    const started = Date.now();
    await upstreamClosed;
    expect(Date.now() - started).toBeLessThan(1000); // not the 30 s deadline
    arrived.delete('/stall');
  });

  it('needs a signed-in user', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/http/send',
      payload: { method: 'GET', url: `${base}/echo`, headers: {} },
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits each user to 4 sends at once and 120 a minute (429)', async () => {
    const busy = await signUp(server);
    const holding = new Promise<void>((resolve) => {
      let count = 0;
      const onRequest = (path: string) => {
        if (path !== '/hold' || (count += 1) < 4) return;
        hits.off('request', onRequest);
        resolve();
      };
      hits.on('request', onRequest);
    });
    const stalled = Array.from({ length: 4 }, () =>
      send({ url: `${base}/hold`, timeoutMs: 1000 }, busy.token),
    );
    await holding;
    const fifth = await send({ url: `${base}/echo` }, busy.token);
    expect(fifth.statusCode).toBe(429);
    expect(json(fifth).message).toMatch(/at most 4/);
    // Someone else is not held up.
    expect((await send({ url: `${base}/echo` })).statusCode).toBe(200);
    expect((await Promise.all(stalled)).map((r) => r.statusCode)).toEqual([504, 504, 504, 504]);

    const eager = await signUp(server);
    const codes: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      // A refused destination answers at once; it counts all the same.
      codes.push((await send({ url: 'http://169.254.169.254/' }, eager.token)).statusCode);
    }
    expect(codes.slice(0, 120).every((c) => c === 403)).toBe(true);
    expect(codes[120]).toBe(429);
  });
});

describe('sendHttp (what the request runner calls)', () => {
  const DNS: Record<string, string[]> = {
    'mixed.test': ['93.184.216.34', '10.0.0.5'],
    'api.test': ['127.0.0.1'],
    'dual.test': ['::1', '127.0.0.1'],
  };
  const resolver: Resolver = (host) =>
    DNS[host]
      ? Promise.resolve(
          DNS[host].map((address) => ({ family: address.includes(':') ? 6 : 4, address })),
        )
      : Promise.reject(new Error('ENOTFOUND'));

  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof AppError) return [error.code, error.status, error.message] as const;
      throw error;
    }
    return ['sent'] as const;
  };

  it('refuses a name when one of its addresses is private, though the others are public', async () => {
    const policy = new EgressPolicy([], resolver);
    const [code, status, message] = await refusal(
      sendHttp({ policy }, { method: 'GET', url: 'http://mixed.test/', headers: {} }),
    );
    expect([code, status]).toEqual(['api/egress_refused', 403]);
    expect(message).toMatch(/mixed\.test .*private address/);
  });

  it('connects to the address it checked, never looking the name up again', async () => {
    const policy = new EgressPolicy(parseAllowRules('127.0.0.0/8').rules, resolver);
    const port = new URL(base).port;
    // api.test exists only in the injected resolver: a second lookup would fail.
    const result = await sendHttp(
      { policy },
      { method: 'GET', url: `http://api.test:${port}/echo`, headers: {} },
    );
    expect(echoOf(result).headers.host).toBe(`api.test:${port}`);
    // ::1 first: nothing listens there, so the next checked address answers.
    const dual = await sendHttp(
      { policy: new EgressPolicy(parseAllowRules('127.0.0.0/8 ::1').rules, resolver) },
      { method: 'GET', url: `http://dual.test:${port}/echo`, headers: {} },
    );
    expect(dual.status).toBe(200);
  });

  it('refuses every non-public address by default, in every spelling, and logs who tried', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (obj: unknown) => warnings.push(obj) } as never;
    const policy = new EgressPolicy([], resolver);
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0177.0.0.1',
      '[::1]',
      '[::ffff:7f00:1]',
      '10.1',
      '169.254.169.254',
      '[fe80::1]',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
    ]) {
      const [code, status] = await refusal(
        sendHttp(
          { policy, log, userId: 'user-1' },
          { method: 'GET', url: `http://${host}/`, headers: { Authorization: 'Bearer secret' } },
        ),
      );
      expect([code, status], host).toEqual(['api/egress_refused', 403]);
    }
    expect(warnings).toHaveLength(11);
    expect(warnings[0]).toEqual({
      userId: 'user-1',
      host: '127.0.0.1',
      port: 80,
      kind: 'loopback',
    });
    expect(JSON.stringify(warnings)).not.toContain('secret');
  });

  it('answers 499 api/cancelled when the caller aborts', async () => {
    const controller = new AbortController();
    const policy = new EgressPolicy(parseAllowRules('127.0.0.0/8').rules);
    const pending = refusal(
      sendHttp({ policy }, { method: 'GET', url: `${base}/stall`, headers: {} }, controller.signal),
    );
    setTimeout(() => controller.abort(), 100);
    expect((await pending).slice(0, 2)).toEqual(['api/cancelled', 499]);
  });
});
