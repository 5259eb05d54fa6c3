import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { ZClusterParams } from '@stratum/core/contract/k8s/cluster';
import {
  ZExecClientFrame,
  type TExecServerFrame,
  type ZExecQuery,
} from '@stratum/core/contract/k8s/streams';
import { checkSocketRequest } from '../../../lib/socket-guard';
import type { RequestAuth } from '../../../lib/route';
import type { StreamConnection } from './cluster-seam';
import { DEFAULT_EXEC_COMMAND, ExecSession } from './exec-session';
import type { StreamDeps } from './routes';
import { KEEPALIVE_MS } from '../../../lib/sse';

/** Close codes the page can tell apart: 1008 for a refused or broken frame, 1011 for a failure. */
const CLOSE_NORMAL = 1000;
const CLOSE_POLICY = 1008;
const CLOSE_ERROR = 1011;

/** A ws message as text: one Buffer, fragments, or an ArrayBuffer. */
function rawText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

interface Prepared {
  cluster: StreamConnection;
  release: () => void;
}

/**
 * WebSocket /api/k8/clusters/:clusterId/exec/stream. Origin, authentication, the cluster and
 * the stream cap are all checked by hooks before the upgrade, so a refused socket is an HTTP
 * 403/401/404/429 and never sees a message.
 */
export function registerExecSocket(
  app: FastifyInstance,
  deps: StreamDeps,
  signedIn: (request: FastifyRequest) => Promise<RequestAuth>,
  query: typeof ZExecQuery,
): void {
  const prepared = new WeakMap<FastifyRequest, Prepared>();
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/k8/clusters/:clusterId/exec/stream',
    websocket: true,
    schema: { params: ZClusterParams, querystring: query },
    preHandler: async (request) => {
      checkSocketRequest(request, deps.allowedOrigins);
      const auth = await signedIn(request);
      const cluster = await deps.clusters.open(auth.user.id, request.params.clusterId);
      const release = deps.slots.acquire(auth.user.id);
      // Released when the connection goes, whether or not the upgrade completed.
      request.raw.socket.once('close', release);
      prepared.set(request, { cluster, release });
    },
    handler: (socket, request) => {
      const ready = prepared.get(request);
      if (!ready) {
        socket.close(CLOSE_ERROR, 'Not prepared');
        return;
      }
      bridge(socket, ready, request.query);
    },
  });
}

function bridge(
  socket: WebSocket,
  { cluster, release }: Prepared,
  query: { pod: string; namespace?: string; container?: string; cmd?: string | string[] },
): void {
  const send = (frame: TExecServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const command = query.cmd === undefined ? DEFAULT_EXEC_COMMAND : [query.cmd].flat();
  let failed = false;
  const session = new ExecSession({
    kubeConfig: cluster.kubeConfig,
    namespace: query.namespace || cluster.namespace,
    pod: query.pod,
    container: query.container || undefined,
    command: command.length > 0 ? command : DEFAULT_EXEC_COMMAND,
    send: (frame) => {
      if (frame.type === 'error') failed = true;
      send(frame);
    },
    onEnd: () =>
      socket.close(failed ? CLOSE_ERROR : CLOSE_NORMAL, failed ? 'Exec failed' : 'Exited'),
  });
  // Proxies cut idle sockets at about 60 s; browsers answer pings without the page's help.
  const keepalive = setInterval(() => {
    if (socket.readyState === socket.OPEN) socket.ping();
    session.ping();
  }, KEEPALIVE_MS);
  keepalive.unref();
  socket.on('message', (data, isBinary) => {
    const frame = isBinary ? undefined : parseFrame(rawText(data));
    if (!frame) {
      send({
        type: 'error',
        message: 'Unreadable frame: expected {type:"stdin",data} or {type:"resize",cols,rows}.',
      });
      socket.close(CLOSE_POLICY, 'Unreadable frame');
      return;
    }
    if (frame.type === 'stdin') session.input(frame.data);
    else session.resize(frame.cols, frame.rows);
  });
  socket.on('close', () => {
    clearInterval(keepalive);
    session.stop();
    release();
  });
  void session.start();
}

function parseFrame(text: string) {
  try {
    const parsed = ZExecClientFrame.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
