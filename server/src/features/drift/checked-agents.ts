import { Agent as HttpAgent, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent, type RequestOptions } from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { connectChecked, type EgressPolicy } from '../../lib/egress';

const CONNECT_TIMEOUT_MS = 10_000;
type SocketCallback = (error: Error | null, stream: Duplex) => void;

/** Resolves the name through the egress policy, connects to the checked address, adds TLS. */
async function open(
  egress: EgressPolicy,
  host: string,
  port: number,
  isTls: boolean,
): Promise<Duplex> {
  const bare = host.replace(/^\[|\]$/g, '');
  const socket = await connectChecked(egress, bare, port, { timeoutMs: CONNECT_TIMEOUT_MS });
  if (!isTls) return socket;
  return new Promise<TLSSocket>((resolve, reject) => {
    const secure = tlsConnect(
      { socket, ...(isIP(bare) ? {} : { servername: bare }), rejectUnauthorized: true },
      () => {
        secure.setTimeout(0);
        resolve(secure);
      },
    );
    secure.once('error', reject);
    secure.setTimeout(CONNECT_TIMEOUT_MS, () =>
      secure.destroy(new Error(`TLS to ${bare}:${port} timed out`)),
    );
  });
}

/**
 * node:http agents for the AWS SDK's NodeHttpHandler: every connection, to whichever host the
 * SDK asks for (S3 names a host per bucket), goes through the egress policy.
 */
export function checkedNodeAgents(egress: EgressPolicy): { http: HttpAgent; https: HttpsAgent } {
  class CheckedHttps extends HttpsAgent {
    override createConnection(options: RequestOptions, callback?: SocketCallback): undefined {
      const port = Number(options.port) || 443;
      open(egress, String(options.host ?? options.hostname ?? ''), port, true).then(
        (socket) => callback?.(null, socket),
        (error: Error) => callback?.(error, undefined as unknown as Duplex),
      );
      return undefined;
    }
  }
  class CheckedHttp extends HttpAgent {
    override createConnection(options: ClientRequestArgs, callback?: SocketCallback): undefined {
      const port = Number(options.port) || 80;
      open(egress, String(options.host ?? options.hostname ?? ''), port, false).then(
        (socket) => callback?.(null, socket),
        (error: Error) => callback?.(error, undefined as unknown as Duplex),
      );
      return undefined;
    }
  }
  return {
    http: new CheckedHttp({ keepAlive: false }),
    https: new CheckedHttps({ keepAlive: false }),
  };
}
