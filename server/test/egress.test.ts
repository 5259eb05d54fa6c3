import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectChecked,
  egressFetch,
  EgressLimitError,
  EgressPolicy,
  EgressRefusedError,
  parseAllowRules,
  type Resolver,
} from '../src/lib/egress';
import { fakeTls } from './k8s-fake/tls';

let server: Server;
let other: Server;
let port: number;
let otherPort: number;

const listen = async (s: Server) => {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
};

beforeAll(async () => {
  other = createServer((req, res) => res.end(`other ${req.headers.authorization ?? 'anonymous'}`));
  otherPort = await listen(other);
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/hello') res.end(`hello ${req.headers.authorization ?? 'anonymous'}`);
    else if (url.pathname === '/redirect-local') res.writeHead(302, { location: '/hello' }).end();
    else if (url.pathname === '/redirect-other') {
      res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/` }).end();
    } else if (url.pathname === '/redirect-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (url.pathname === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else if (url.pathname === '/big') res.end('x'.repeat(100_000));
    else if (url.pathname === '/slow') setTimeout(() => res.end('late'), 2000);
    else res.writeHead(404).end();
  });
  port = await listen(server);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => other.close(resolve));
});

const policy = (allow: string) => new EgressPolicy(parseAllowRules(allow).rules);

describe('egress HTTP helper', () => {
  it('refuses loopback without an allow rule, in any spelling', async () => {
    for (const host of ['127.0.0.1', '127.1', '2130706433', 'localhost']) {
      await expect(egressFetch(policy(''), `http://${host}:${port}/hello`)).rejects.toThrow(
        EgressRefusedError,
      );
    }
  });

  it('fetches from an allowed host:port', async () => {
    const answer = await egressFetch(policy(`127.0.0.1:${port}`), `http://127.0.0.1:${port}/hello`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('hello anonymous');
  });

  it('checks every redirect hop again', async () => {
    const allowed = await egressFetch(
      policy(`127.0.0.1:${port}`),
      `http://127.0.0.1:${port}/redirect-local`,
    );
    expect(allowed.body.toString()).toBe('hello anonymous');
    expect(allowed.redirects).toEqual([`http://127.0.0.1:${port}/hello`]);
    await expect(
      egressFetch(policy(`127.0.0.1:${port}`), `http://127.0.0.1:${port}/redirect-other`),
    ).rejects.toThrow(EgressRefusedError);
    await expect(
      egressFetch(policy(`127.0.0.1:${port}`), `http://127.0.0.1:${port}/redirect-metadata`),
    ).rejects.toMatchObject({ kind: 'metadata' });
    const both = await egressFetch(
      policy(`127.0.0.1:${port},127.0.0.1:${otherPort}`),
      `http://127.0.0.1:${port}/redirect-other`,
      { headers: { authorization: 'Bearer secret' } },
    );
    expect(both.body.toString()).toBe('other anonymous');
  });

  it('drops credentials when a redirect leaves the origin, keeps them within it', async () => {
    const same = await egressFetch(
      policy('127.0.0.0/8'),
      `http://127.0.0.1:${port}/redirect-local`,
      {
        headers: { authorization: 'Bearer secret' },
      },
    );
    expect(same.body.toString()).toBe('hello Bearer secret');
  });

  it('stops redirect loops, large bodies and slow servers', async () => {
    const open = policy('127.0.0.0/8');
    await expect(egressFetch(open, `http://127.0.0.1:${port}/loop`)).rejects.toThrow(
      EgressLimitError,
    );
    await expect(
      egressFetch(open, `http://127.0.0.1:${port}/big`, { maxBytes: 10_000 }),
    ).rejects.toThrow(EgressLimitError);
    await expect(
      egressFetch(open, `http://127.0.0.1:${port}/slow`, { timeoutMs: 300 }),
    ).rejects.toMatchObject({ name: 'EgressLimitError', limit: 'time' });
  });

  it('refuses schemes other than http and https', async () => {
    await expect(egressFetch(policy('127.0.0.0/8'), 'file:///etc/passwd')).rejects.toThrow(
      EgressRefusedError,
    );
  });
});

describe('egress TCP helper', () => {
  it('connects to the checked address only when allowed', async () => {
    await expect(
      connectChecked(policy(''), 'localhost', port, { timeoutMs: 2000 }),
    ).rejects.toThrow(EgressRefusedError);
    const socket = await connectChecked(policy(`localhost:${port}`), 'localhost', port, {
      timeoutMs: 2000,
    });
    expect(['127.0.0.1', '::1']).toContain(socket.remoteAddress);
    socket.destroy();
  });
});

describe('egress HTTPS', () => {
  let secure: TlsServer;
  let securePort: number;
  let caPem: string;
  // kubernetes.default.svc is on the test certificate; wrong.test is not.
  const resolver: Resolver = (host) =>
    ['kubernetes.default.svc', 'wrong.test'].includes(host)
      ? Promise.resolve([{ family: 4, address: '127.0.0.1' }])
      : Promise.reject(new Error('ENOTFOUND'));
  const open = () => new EgressPolicy(parseAllowRules('127.0.0.0/8').rules, resolver);

  beforeAll(async () => {
    const tls = await fakeTls();
    caPem = tls.caPem;
    secure = createTlsServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
      const { servername } = req.socket as typeof req.socket & { servername?: string | false };
      res.end(`sni=${servername || 'none'}`);
    });
    securePort = await listen(secure);
  });
  afterAll(async () => {
    secure.closeAllConnections();
    await new Promise((resolve) => secure.close(resolve));
  });

  it('verifies the name asked for (sent as SNI) on the checked address, and times TLS apart', async () => {
    const named = await egressFetch(open(), `https://kubernetes.default.svc:${securePort}/`, {
      ca: caPem,
    });
    expect(named.body.toString()).toBe('sni=kubernetes.default.svc');
    expect(named.timings.tlsMs).toBeGreaterThan(0);
    expect(named.timings.connectMs).toBeGreaterThan(0);
    const literal = await egressFetch(open(), `https://127.0.0.1:${securePort}/`, { ca: caPem });
    expect(literal.body.toString()).toBe('sni=none'); // an address is never sent as SNI
  });

  it('refuses a certificate for another name, and one from an unknown authority', async () => {
    await expect(
      egressFetch(open(), `https://wrong.test:${securePort}/`, { ca: caPem }),
    ).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    await expect(egressFetch(open(), `https://127.0.0.1:${securePort}/`)).rejects.toMatchObject({
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
  });
});
