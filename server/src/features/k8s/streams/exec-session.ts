import { PassThrough, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { Exec, type KubeConfig, type V1Status } from '@kubernetes/client-node';
import type WebSocket from 'ws';
import type { TExecServerFrame } from '@stratum/core/contract/k8s/streams';
import { asClusterFailure, clusterFailure, clusterGet, jsonOrFailure } from './cluster-request';

/** The shell a terminal opens when the page names no command. */
export const DEFAULT_EXEC_COMMAND = ['sh'];
const RESIZE_CHANNEL = 4;

export interface ExecOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  pod: string;
  container?: string;
  command: string[];
  send: (frame: TExecServerFrame) => void;
  /** The exec is over (exit sent, or an error); the caller closes the browser's socket. */
  onEnd(): void;
}

/** The exit code in a channel-3 Status: Success is 0, NonZeroExitCode carries it as a cause. */
export function exitCodeOf(status: V1Status): { code: number; message?: string } | undefined {
  if (status.status === 'Success') return { code: 0 };
  const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  const code = Number(cause?.message);
  if (status.reason === 'NonZeroExitCode' && Number.isInteger(code)) {
    return { code, message: status.message };
  }
  return undefined;
}

/** Text out of a byte stream, never splitting a multi-byte character between two frames. */
function textSink(type: 'stdout' | 'stderr', send: (frame: TExecServerFrame) => void): Writable {
  const decoder = new StringDecoder('utf8');
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const data = decoder.write(chunk);
      if (data) send({ type, data });
      done();
    },
  });
}

/**
 * One command in a pod over client-node's Exec (the v5/v4 channel protocol, with a TTY so
 * shells and resizes work): text in from the browser, text out, the exit code at the end.
 */
export class ExecSession {
  private readonly stdin = new PassThrough();
  private upstream: WebSocket | undefined;
  private ended = false;
  /** A resize sent before the cluster answered; applied once it has. */
  private size: { cols: number; rows: number } | undefined;

  constructor(private readonly options: ExecOptions) {}

  async start(): Promise<void> {
    const { kubeConfig, namespace, pod, container, command, send } = this.options;
    try {
      const socket = await new Exec(kubeConfig).exec(
        namespace,
        pod,
        container ?? '',
        command,
        textSink('stdout', send),
        textSink('stderr', send),
        this.stdin,
        true,
        (status) => this.exited(status),
      );
      this.upstream = socket;
      if (this.ended) {
        this.upstream.close();
        return;
      }
      if (this.size) this.resize(this.size.cols, this.size.rows);
      this.upstream.on('close', () =>
        this.finish({ type: 'error', message: 'The cluster closed the exec session.' }),
      );
    } catch (error) {
      // client-node loses the body of a refused upgrade; the pod's own GET says why, if it can.
      this.finish({ type: 'error', message: await this.explain(error) });
    }
  }

  input(data: string): void {
    if (!this.ended) this.stdin.write(Buffer.from(data, 'utf8'));
  }

  resize(cols: number, rows: number): void {
    this.size = { cols, rows };
    if (this.ended || this.upstream?.readyState !== 1) return;
    const size = Buffer.from(JSON.stringify({ Width: cols, Height: rows }));
    this.upstream.send(Buffer.concat([Buffer.from([RESIZE_CHANNEL]), size]));
  }

  /** Keeps the cluster side alive too: client-node's exec socket has no TCP keep-alive. */
  ping(): void {
    if (this.upstream?.readyState === 1) this.upstream.ping();
  }

  stop(): void {
    if (this.ended) return;
    this.ended = true;
    this.stdin.end();
    this.upstream?.close();
  }

  private exited(status: V1Status): void {
    const exit = exitCodeOf(status);
    if (exit) this.finish({ type: 'exit', ...exit });
    else
      this.finish({ type: 'error', message: `Exec failed: ${status.message ?? 'unknown error'}` });
  }

  private async explain(error: unknown): Promise<string> {
    const { kubeConfig, namespace, pod } = this.options;
    const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}`;
    try {
      await jsonOrFailure(
        'Get',
        await clusterGet(kubeConfig, path, {}, AbortSignal.timeout(10_000)),
      );
    } catch (podError) {
      return asClusterFailure('Get', podError).message;
    }
    const message = error instanceof Error ? error.message : String(error);
    const status = Number(/Unexpected server response: (\d{3})/.exec(message)?.[1]) || undefined;
    return clusterFailure('Exec', status, message).message;
  }

  private finish(frame: TExecServerFrame): void {
    if (this.ended) return;
    this.options.send(frame);
    this.stop();
    this.options.onEnd();
  }
}
