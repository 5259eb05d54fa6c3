/**
 * Exec over WebSocket (ADAPTER-NOTES.md §1.5): pre-upgrade failures as HTTP Status bodies,
 * subprotocol picked in the client's order among v5/v4/channel.k8s.io, an empty frame on the
 * lowest writable channel once established, channels 0–4, v5's CLOSE `[255, ch]`, and a
 * final channel-3 Status without kind (Success, NonZeroExitCode with an ExitCode cause, or
 * InternalError when the command cannot start).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { authorize } from './auth';
import { ExecStartError } from './exec-commands';
import { baseHeaders, boolParam } from './http';
import { chooseContainer } from './logs';
import { admit, type RouterDeps } from './router';
import { parseResourcePath } from './routes';
import { errors, StatusError } from './status';

export const EXEC_PROTOCOLS = ['v5.channel.k8s.io', 'v4.channel.k8s.io', 'channel.k8s.io'];

export interface ExecSession {
  namespace: string;
  pod: string;
  container: string;
  command: string[];
  tty: boolean;
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  protocol: string;
  /** The container's env from the pod spec, for `env`. */
  env: [string, string][];
  /** Every resize the client sent, in order. */
  resizes: { width: number; height: number }[];
  /** Raw stdin bytes received, for assertions. */
  stdinText: string;
  exitCode?: number;
  closed: boolean;
}

export interface ExecIo {
  session: ExecSession;
  stdout(data: string | Buffer): void;
  stderr(data: string | Buffer): void;
  onStdin(listener: (chunk: Buffer) => void): void;
  onStdinEnd(listener: () => void): void;
  onResize(listener: (size: { width: number; height: number }) => void): void;
}

/** Returns the exit code; throw ExecStartError when the command "does not exist". */
export type ExecHandler = (io: ExecIo) => Promise<number> | number;

function rejectUpgrade(socket: Duplex, error: unknown): void {
  const status = error instanceof StatusError ? error : errors.internal(String(error));
  const body = JSON.stringify(status.status);
  const headers = {
    ...baseHeaders(),
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...status.headers,
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.end(
    `HTTP/1.1 ${status.code} ${STATUS_TEXT[status.code] ?? 'Error'}\r\n${head}\r\n\r\n${body}`,
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

function channelFrame(channel: number, data: string | Buffer): Buffer {
  const payload = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return Buffer.concat([Buffer.from([channel]), payload]);
}

export class ExecServer {
  readonly sessions: ExecSession[] = [];
  private readonly wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => [...offered].find((p) => EXEC_PROTOCOLS.includes(p)) ?? false,
  });
  handler: ExecHandler;

  constructor(
    private readonly deps: RouterDeps,
    handler: ExecHandler,
  ) {
    this.handler = handler;
  }

  close(): void {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    let session: ExecSession;
    try {
      session = this.prepare(req);
    } catch (error) {
      rejectUpgrade(socket, error);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      session.protocol = ws.protocol;
      this.sessions.push(session);
      void this.run(ws, session);
    });
  }

  private prepare(req: IncomingMessage): ExecSession {
    const { url, user } = admit(req, this.deps);
    const path = parseResourcePath(url.pathname);
    if (!path || path.subresource !== 'exec' || !path.name) throw errors.noResource();
    const { info, namespace, name } = path;
    authorize(user, {
      verb: 'create',
      group: '',
      resource: 'pods',
      subresource: 'exec',
      namespace,
      name,
    });
    const query = url.searchParams;
    const pod = this.deps.store.get(info, namespace, name);
    if (!pod) throw errors.notFound(info, name);
    const container = chooseContainer(pod, query.get('container') ?? '');
    const spec = pod.spec as {
      nodeName?: string;
      containers?: { name: string; env?: { name: string; value?: string }[] }[];
    };
    if (!spec.nodeName) throw errors.badRequest(`pod ${name} does not have a host assigned`);
    const phase = (pod.status as { phase?: string } | undefined)?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') {
      throw errors.badRequest(
        `cannot exec into a container in a completed pod; current phase is ${phase}`,
      );
    }
    const streams = {
      stdin: boolParam(query, 'stdin'),
      stdout: boolParam(query, 'stdout'),
      stderr: boolParam(query, 'stderr'),
    };
    if (!streams.stdin && !streams.stdout && !streams.stderr)
      throw errors.badRequest('you must specify at least 1 of stdin, stdout, stderr');
    const command = query.getAll('command');
    if (command.length === 0)
      throw errors.badRequest('you must specify at least one command for the container');
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (!offered.some((p) => EXEC_PROTOCOLS.includes(p))) {
      throw errors.badRequest(
        `requested protocol(s) are not supported: [${offered.join(' ')}]; supports [${EXEC_PROTOCOLS.join(' ')}]`,
      );
    }
    const tty = boolParam(query, 'tty');
    const env = (spec.containers?.find((c) => c.name === container)?.env ?? []).map(
      (e) => [e.name, e.value ?? ''] as [string, string],
    );
    return {
      namespace: namespace!,
      pod: name,
      container,
      command,
      tty,
      ...streams,
      stderr: streams.stderr && !tty,
      protocol: '',
      env,
      resizes: [],
      stdinText: '',
      closed: false,
    };
  }

  private async run(ws: WebSocket, session: ExecSession): Promise<void> {
    const stdinListeners: ((chunk: Buffer) => void)[] = [];
    const endListeners: (() => void)[] = [];
    const resizeListeners: ((size: { width: number; height: number }) => void)[] = [];
    let stdinOpen = session.stdin;
    const endStdin = () => {
      if (!stdinOpen) return;
      stdinOpen = false;
      for (const listener of endListeners) listener();
    };
    const send = (channel: number, data: string | Buffer) => {
      if (ws.readyState === ws.OPEN) ws.send(channelFrame(channel, data));
    };
    ws.on('message', (raw: Buffer, isBinary: boolean) => {
      const data = isBinary ? raw : Buffer.from(raw);
      if (data.length === 0) return;
      const channel = data[0]!;
      if (channel === 255 && session.protocol === 'v5.channel.k8s.io') {
        if (data.length !== 2) return void ws.terminate();
        if (data[1] === 0) endStdin();
      } else if (channel === 0 && stdinOpen) {
        const chunk = data.subarray(1);
        session.stdinText += chunk.toString('utf8');
        for (const listener of stdinListeners) listener(chunk);
      } else if (channel === 4) {
        for (const match of data
          .subarray(1)
          .toString('utf8')
          .matchAll(/\{[^}]*\}/g)) {
          try {
            const parsed = JSON.parse(match[0]) as Record<string, unknown>;
            const get = (k: string) =>
              Number(Object.entries(parsed).find(([key]) => key.toLowerCase() === k)?.[1] ?? 0);
            const size = { width: get('width'), height: get('height') };
            session.resizes.push(size);
            for (const listener of resizeListeners) listener(size);
          } catch {
            // A malformed resize ends the resize stream on a real server; here it is ignored.
          }
        }
      }
    });
    ws.on('close', () => {
      session.closed = true;
      endStdin();
    });

    send(session.stdout ? 1 : session.stderr ? 2 : 3, Buffer.alloc(0));
    // A tty's line discipline turns "\n" into "\r\n" on output (ONLCR), and merges stderr.
    const out = (data: string | Buffer) =>
      session.tty ? Buffer.from(data.toString().replace(/\r?\n/g, '\r\n')) : data;
    const io: ExecIo = {
      session,
      stdout: (data) => session.stdout && send(1, out(data)),
      stderr: (data) =>
        session.stderr ? send(2, data) : session.tty && session.stdout && send(1, out(data)),
      onStdin: (listener) => void stdinListeners.push(listener),
      onStdinEnd: (listener) => (stdinOpen ? void endListeners.push(listener) : listener()),
      onResize: (listener) => void resizeListeners.push(listener),
    };
    let status: Record<string, unknown>;
    try {
      const code = await this.handler(io);
      session.exitCode = code;
      status =
        code === 0
          ? { metadata: {}, status: 'Success' }
          : {
              metadata: {},
              status: 'Failure',
              message: `command terminated with non-zero exit code: error executing command [${session.command.join(' ')}], exit code ${code}`,
              reason: 'NonZeroExitCode',
              details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
            };
    } catch (error) {
      const text = error instanceof ExecStartError ? error.message : String(error);
      const message = `Internal error occurred: error executing command in container: failed to exec in container: failed to start exec: ${text}`;
      status = {
        metadata: {},
        status: 'Failure',
        message,
        reason: 'InternalError',
        details: { causes: [{ message: text }] },
        code: 500,
      };
    }
    if (ws.readyState !== ws.OPEN) return;
    if (session.protocol === 'channel.k8s.io') {
      if (status.status !== 'Success') send(3, String(status.message));
    } else send(3, JSON.stringify(status));
    ws.close(1000);
  }
}
