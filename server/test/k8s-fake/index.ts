/**
 * A fake release-1.36 kube-apiserver for tests: HTTPS with a generated CA (or plain http),
 * in-process on 127.0.0.1 and a free port, seeded with a small cluster. See README.md here.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { stringify } from 'yaml';
import { Authenticator } from './auth';
import { ExecServer, type ExecHandler, type ExecSession } from './exec';
import { defaultExecHandler } from './exec-commands';
import { PodLogs, type LogInput } from './logs';
import { route, type RecordedRequest, type RouterDeps } from './router';
import { seedCluster } from './seed';
import { FakeStore } from './store';
import { fakeTls } from './tls';
import { Watches } from './watch';

export { ExecStartError } from './exec-commands';
export type { ExecHandler, ExecIo, ExecSession } from './exec';
export type { LogInput } from './logs';
export type { RecordedRequest } from './router';
export type { FakeStore, KubeObject, StoreEvent } from './store';

export interface FakeKubeOptions {
  /** Plain http instead of HTTPS (client-node then needs insecure-skip-tls-verify). */
  http?: boolean;
  /** Seed the small cluster (default true). */
  seed?: boolean;
  /** How often a watch with allowWatchBookmarks=true gets a BOOKMARK (default 1000 ms). */
  bookmarkIntervalMs?: number;
  /** How long a watch without timeoutSeconds stays open (default 30 min, as a real server's lower bound). */
  watchTimeoutMs?: number;
  /** Replaces the default exec commands (echo, cat, env, sh -c, sh). */
  exec?: ExecHandler;
}

export interface KubeconfigOptions {
  /** Context (and cluster and user) name; default `fake`. */
  context?: string;
  namespace?: string;
  token?: string;
  server?: string;
}

export interface FakeKube {
  /** `https://127.0.0.1:<port>` (or http://). */
  url: string;
  port: number;
  /** PEM of the CA that signed the server certificate (empty in http mode). */
  caPem: string;
  /** Full access, user `system:serviceaccount:default:stratum`. */
  token: string;
  /** get/list/watch everything but secrets, and pod logs; 403 on writes, exec and secrets. */
  readOnlyToken: string;
  store: FakeStore;
  /** Every request the fake received (after TLS), oldest first. */
  requests: RecordedRequest[];
  /** Every exec session that was upgraded, oldest first. */
  execSessions: ExecSession[];
  kubeconfig(options?: KubeconfigOptions): string;
  addToken(token: string, user: { name: string; readOnly?: boolean }): void;
  setLogs(namespace: string, pod: string, container: string, lines: LogInput[]): void;
  appendLog(namespace: string, pod: string, container: string, lines: LogInput | LogInput[]): void;
  /** The container stopped: follow streams end. */
  endLog(namespace: string, pod: string, container: string): void;
  setExecHandler(handler: ExecHandler): void;
  /** Ends every open watch cleanly, as an apiserver restart or timeout would. */
  closeWatches(): void;
  openWatches(): number;
  close(): Promise<void>;
}

export async function startFakeKube(options: FakeKubeOptions = {}): Promise<FakeKube> {
  const tls = options.http ? undefined : await fakeTls();
  const store = new FakeStore();
  const auth = new Authenticator();
  const token = randomBytes(24).toString('base64url');
  const readOnlyToken = randomBytes(24).toString('base64url');
  auth.add(token, { name: 'system:serviceaccount:default:stratum', readOnly: false });
  auth.add(readOnlyToken, { name: 'system:serviceaccount:default:viewer', readOnly: true });
  const logs = new PodLogs(store);
  const watches = new Watches(store, {
    bookmarkIntervalMs: options.bookmarkIntervalMs ?? 1000,
    defaultTimeoutMs: options.watchTimeoutMs ?? 30 * 60_000,
  });
  let url = '';
  const deps: RouterDeps = {
    store,
    auth,
    watches,
    logs,
    serverAddress: () => url.replace(/^\w+:\/\//, ''),
    requests: [],
  };
  const exec = new ExecServer(deps, options.exec ?? defaultExecHandler);
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) =>
    void route(req, res, deps);
  const server = tls
    ? https.createServer({ key: tls.keyPem, cert: tls.certPem }, listener)
    : http.createServer(listener);
  server.on('upgrade', (req: http.IncomingMessage, socket, head: Buffer) =>
    exec.upgrade(req, socket, head),
  );
  if (options.seed !== false) seedCluster(store, logs, tls?.caPem ?? '');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  return {
    url,
    port,
    caPem: tls?.caPem ?? '',
    token,
    readOnlyToken,
    store,
    requests: deps.requests,
    execSessions: exec.sessions,
    kubeconfig: ({
      context = 'fake',
      namespace,
      token: userToken = token,
      server: serverUrl = url,
    } = {}) =>
      stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [
          {
            name: context,
            cluster: {
              server: serverUrl,
              ...(tls
                ? { 'certificate-authority-data': Buffer.from(tls.caPem).toString('base64') }
                : { 'insecure-skip-tls-verify': true }),
            },
          },
        ],
        users: [{ name: context, user: { token: userToken } }],
        contexts: [
          {
            name: context,
            context: { cluster: context, user: context, ...(namespace ? { namespace } : {}) },
          },
        ],
        'current-context': context,
        preferences: {},
      }),
    addToken: (value, user) =>
      auth.add(value, { name: user.name, readOnly: user.readOnly ?? false }),
    setLogs: (ns, pod, container, lines) => logs.set(ns, pod, container, lines),
    appendLog: (ns, pod, container, lines) => logs.append(ns, pod, container, lines),
    endLog: (ns, pod, container) => logs.end(ns, pod, container),
    setExecHandler: (handler) => {
      exec.handler = handler;
    },
    closeWatches: () => watches.closeAll(),
    openWatches: () => watches.count,
    close: async () => {
      watches.closeAll();
      exec.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
