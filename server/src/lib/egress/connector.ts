import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { buildConnector } from 'undici';
import type { DenyList } from './deny';
import type { EgressPolicy } from './policy';

/** How one new connection was made, in milliseconds (performance.now() for `readyAt`). */
export interface ConnectionTimings {
  /** Resolving the name and checking every address (the policy's `check`). */
  dnsMs: number;
  /** The TCP handshake, fallbacks to the name's other addresses included. */
  connectMs: number;
  /** The TLS handshake; 0 for http. */
  tlsMs: number;
  readyAt: number;
}

export interface ConnectorOptions {
  /** Each TCP + TLS attempt; the caller's own deadline usually ends it sooner. Default 10 s. */
  connectTimeoutMs?: number;
  deny?: DenyList;
  onConnection?: (timings: ConnectionTimings) => void;
  /** Certificate authorities trusted instead of Node's bundle (a private CA). */
  ca?: string | Buffer | (string | Buffer)[];
}

/** Worth trying the name's next checked address; a timeout is not (it would double the wait). */
const FALLBACK_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'EAFNOSUPPORT',
]);

const ALPN = ['http/1.1'];

/**
 * An undici connector that resolves and checks through the egress policy, then opens TCP (and
 * TLS) to the checked address itself, so it can time the steps apart. TLS verifies the name
 * that was asked for; an IP literal is verified as itself.
 */
export function checkedConnector(
  policy: EgressPolicy,
  options: ConnectorOptions = {},
): buildConnector.connector {
  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  return (target, callback) => {
    const isTls = target.protocol === 'https:';
    const port = Number(target.port) || (isTls ? 443 : 80);
    const startedAt = performance.now();
    policy.check(target.hostname, port, { deny: options.deny }).then(
      (checked) => {
        const checkedAt = performance.now();
        const servername = isIP(checked.host) === 0 ? (target.servername ?? checked.host) : '';
        const attempt = (index: number) => {
          const ip = checked.addresses[index]!;
          open(ip.address, port, { isTls, servername, timeoutMs, ca: options.ca }, (result) => {
            if ('error' in result) {
              const code = (result.error as NodeJS.ErrnoException).code ?? '';
              if (FALLBACK_CODES.has(code) && index + 1 < checked.addresses.length) {
                attempt(index + 1);
              } else {
                callback(result.error, null);
              }
              return;
            }
            const readyAt = performance.now();
            options.onConnection?.({
              dnsMs: checkedAt - startedAt,
              connectMs: result.tcpAt - checkedAt,
              tlsMs: isTls ? readyAt - result.tcpAt : 0,
              readyAt,
            });
            callback(null, result.socket);
          });
        };
        attempt(0);
      },
      (error: Error) => callback(error, null),
    );
  };
}

type Opened = (result: { error: Error } | { socket: Socket; tcpAt: number }) => void;

interface OpenOptions {
  isTls: boolean;
  servername: string;
  timeoutMs: number;
  ca: ConnectorOptions['ca'];
}

function open(
  address: string,
  port: number,
  { isTls, servername, timeoutMs, ca }: OpenOptions,
  done: Opened,
): void {
  let tcpAt = 0;
  let isDone = false;
  const tcp = connectTcp({ host: address, port, noDelay: true, keepAlive: true });
  let socket: Socket = tcp;
  const finish = (error: Error | null) => {
    if (isDone) return;
    isDone = true;
    clearTimeout(timer);
    socket.removeListener('error', finish);
    if (error) {
      socket.destroy();
      tcp.destroy();
      done({ error });
    } else {
      done({ socket, tcpAt });
    }
  };
  const timer = setTimeout(() => {
    const error = Object.assign(
      new Error(`Connecting to ${address}:${port} timed out after ${timeoutMs} ms`),
      { code: 'UND_ERR_CONNECT_TIMEOUT' },
    );
    finish(error);
  }, timeoutMs);
  tcp.once('error', finish);
  tcp.once('connect', () => {
    tcpAt = performance.now();
    if (!isTls) {
      finish(null);
      return;
    }
    tcp.removeListener('error', finish);
    const tls = connectTls({
      socket: tcp,
      // SNI carries names only; an address is verified against the certificate's IP entries.
      ...(servername ? { servername } : { host: address }),
      ALPNProtocols: ALPN,
      ...(ca !== undefined && { ca }),
    });
    socket = tls;
    tls.once('error', finish);
    tls.once('secureConnect', () => finish(null));
  });
}
