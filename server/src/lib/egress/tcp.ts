import { connect, type Socket } from 'node:net';
import type { EgressPolicy } from './policy';

export interface TcpOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * A TCP connection to `host:port` through the egress policy: the name is resolved once, checked,
 * and the socket connects to that very address (no second lookup to rebind). For clients that
 * speak their own protocol over a socket (Kubernetes, SMTP-like); TLS goes on top with
 * `servername: host`.
 */
export async function connectChecked(
  policy: EgressPolicy,
  host: string,
  port: number,
  options: TcpOptions,
): Promise<Socket> {
  const target = await policy.check(host, port);
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: target.ip.address,
      port,
      family: target.ip.family,
      ...(options.signal && { signal: options.signal }),
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`Connecting to ${host}:${port} timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
