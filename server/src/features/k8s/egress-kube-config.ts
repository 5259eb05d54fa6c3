import { Agent as HttpAgent, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { KubeConfig, type RequestContext } from '@kubernetes/client-node';
import type * as Undici from 'undici';
import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import { connectChecked, type EgressPolicy } from '../../lib/egress';
import type { KubeContextEntry } from './kubeconfig';

// client-node's fetch is its own undici (v8); its dispatchers must come from the same copy.
const fromClient = createRequire(createRequire(import.meta.url).resolve('@kubernetes/client-node'));
const undici = fromClient('undici') as typeof Undici;

type ClientDispatcher = Parameters<RequestContext['setDispatcher']>[0];

/** Connecting (resolve, check, TCP, TLS) gives up after this. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A client-node KubeConfig built only from a checked kubeconfig entry (never loadFromString):
 * no authenticator plugins, no files, no proxy. Every connection it makes — the generated API,
 * Watch and Log (undici dispatcher) and Exec (WebSocket agent) — resolves the name once through
 * the egress policy and connects to the checked address; TLS verifies against the original name
 * (or tls-server-name). Responses must start within the request timeout; streams may then idle.
 */
export class EgressKubeConfig extends KubeConfig {
  readonly dispatcher: Undici.Agent;
  private readonly socketAgent: HttpAgent;
  private readonly authHeaders: Record<string, string>;

  constructor(
    readonly entry: KubeContextEntry,
    egress: EgressPolicy,
  ) {
    super();
    // The built-in exec, file, OIDC, Azure and GCP authenticators must never be consulted.
    Reflect.set(this, 'authenticators', []);
    const { cluster, user } = entry;
    this.loadFromOptions({
      clusters: [
        {
          name: cluster.name,
          server: cluster.server,
          skipTLSVerify: cluster.skipTLSVerify,
          ...(cluster.tlsServerName && { tlsServerName: cluster.tlsServerName }),
        },
      ],
      users: [{ name: user.name }],
      contexts: [{ name: entry.context, cluster: cluster.name, user: user.name, namespace: entry.namespace }],
      currentContext: entry.context,
    });
    this.authHeaders = {
      ...(user.token && { Authorization: `Bearer ${user.token}` }),
      ...(user.impersonate && { 'Impersonate-User': user.impersonate }),
    };
    const url = new URL(cluster.server);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const tlsOptions: ConnectionOptions = {
      ...(cluster.caData && { ca: Buffer.from(cluster.caData, 'base64') }),
      ...(user.certData && { cert: Buffer.from(user.certData, 'base64') }),
      ...(user.keyData && { key: Buffer.from(user.keyData, 'base64') }),
      rejectUnauthorized: !cluster.skipTLSVerify,
      // TLS checks the certificate against the name asked for, not the address connected to.
      ...((cluster.tlsServerName ?? (isIP(host) ? undefined : host)) && {
        servername: cluster.tlsServerName ?? host,
      }),
    };
    const isTls = url.protocol === 'https:';
    const port = Number(url.port) || (isTls ? 443 : 80);
    const open = async (): Promise<Duplex> => {
      const socket = await connectChecked(egress, host, port, { timeoutMs: CONNECT_TIMEOUT_MS });
      socket.setKeepAlive(true, 30_000);
      if (!isTls) return socket;
      return new Promise((resolve, reject) => {
        const secure = tlsConnect({ ...tlsOptions, socket }, () => resolve(secure));
        secure.once('error', reject);
        secure.setTimeout(CONNECT_TIMEOUT_MS, () =>
          secure.destroy(new Error(`TLS to ${host}:${port} timed out`)),
        );
      }).then((secure) => {
        (secure as Duplex & { setTimeout(ms: number): void }).setTimeout(0);
        return secure as Duplex;
      });
    };
    this.dispatcher = new undici.Agent({
      connect: (_options, callback) => {
        open().then(
          (socket) => callback(null, socket as never),
          (error: Error) => callback(error, null),
        );
      },
      headersTimeout: K8S_LIMITS.requestTimeoutMs,
      // Watches and followed logs stay quiet for long; REST calls carry their own deadline.
      bodyTimeout: 0,
    });
    this.socketAgent = new (class extends (isTls ? HttpsAgent : HttpAgent) {
      override createConnection(
        _options: ClientRequestArgs,
        callback?: (error: Error | null, stream: Duplex) => void,
      ): Duplex | null | undefined {
        open().then(
          (socket) => callback?.(null, socket),
          (error: Error) => callback?.(error, undefined as unknown as Duplex),
        );
        return undefined;
      }
    })({ keepAlive: false });
  }

  /** The headers every request to the cluster carries (the bearer token, impersonation). */
  headers(): Record<string, string> {
    return { ...this.authHeaders };
  }

  /** client-node's generated API, Watch, Log and KubernetesObjectApi call this per request. */
  override async applySecurityAuthentication(context: RequestContext): Promise<void> {
    for (const [name, value] of Object.entries(this.authHeaders)) context.setHeaderParam(name, value);
    context.setDispatcher(this.dispatcher as unknown as ClientDispatcher);
    // The generated API honours the signal (Watch and Log do not, and must not time out).
    if (!context.getSignal()) context.setSignal(AbortSignal.timeout(K8S_LIMITS.requestTimeoutMs));
    return Promise.resolve();
  }

  /** Exec and attach (WebSocket) call this: the socket goes through the same checked connect. */
  override async applyToHTTPSOptions(opts: Parameters<KubeConfig['applyToHTTPSOptions']>[0]): Promise<void> {
    const target = opts as { headers?: Record<string, string>; agent?: HttpAgent };
    target.headers = { ...target.headers, ...this.authHeaders };
    target.agent = this.socketAgent;
    return Promise.resolve();
  }

  /** Lets open streams finish; new requests are refused. Exec sockets are not pooled. */
  async close(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }
}
