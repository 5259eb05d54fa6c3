import { StringDecoder } from 'node:string_decoder';
import type { KubeConfig } from '@kubernetes/client-node';
import type { TLogEvent } from '@stratum/core/contract/k8s/streams';
import { asClusterFailure, clusterGet, clusterFailure, statusMessage } from './cluster-request';

export interface LogOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  pod: string;
  container?: string;
  tail?: number;
  since?: number;
  follow: boolean;
  send(event: TLogEvent): void;
  onEnd(): void;
}

/** `2026-11-28T10:00:00.123456789Z text`: the kubelet's RFC3339Nano prefix, then one space. */
const TIMESTAMPED = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})) ?(.*)$/s;

/** Splits one upstream line into the event the page shows. */
export function parseLogLine(line: string): TLogEvent {
  const match = TIMESTAMPED.exec(line);
  if (!match) return { type: 'line', time: '', text: line };
  return { type: 'line', time: match[1] ?? '', text: match[2] ?? '' };
}

/**
 * Streams a container's log as one event per line with its timestamp (always asked for with
 * `timestamps=true`), then `end` when the cluster ends the log (the container stopped, or the
 * whole log was sent without follow). Errors arrive as one `error` event with the §8 text.
 */
export class LogStream {
  private readonly aborter = new AbortController();
  private stopped = false;

  constructor(private readonly options: LogOptions) {}

  async start(): Promise<void> {
    const { namespace, pod, container, tail, since, follow } = this.options;
    const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}/log`;
    try {
      const response = await clusterGet(
        this.options.kubeConfig,
        path,
        {
          container,
          follow: String(follow),
          timestamps: 'true',
          tailLines: tail === undefined ? undefined : String(tail),
          sinceSeconds: since === undefined ? undefined : String(since),
        },
        this.aborter.signal,
      );
      if (response.httpStatusCode !== 200) {
        const body = await response.body.text();
        throw clusterFailure('Get', response.httpStatusCode, statusMessage(body));
      }
      await this.pump(response.body.stream());
      this.finish({ type: 'end' });
    } catch (error) {
      if (this.stopped) return;
      const failure = asClusterFailure('Get', error);
      this.finish({ type: 'error', message: failure.message, status: failure.status });
    }
  }

  stop(): void {
    this.stopped = true;
    this.aborter.abort();
  }

  private async pump(body: ReadableStream<Uint8Array> | null): Promise<void> {
    if (!body) return;
    const decoder = new StringDecoder('utf8');
    let pending = '';
    for await (const chunk of body) {
      if (this.stopped) return;
      pending += decoder.write(Buffer.from(chunk));
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.options.send(parseLogLine(line.replace(/\r$/, '')));
    }
    pending += decoder.end();
    // A log cut short (limitBytes, a container killed mid-line) still shows its last words.
    if (pending) this.options.send(parseLogLine(pending));
  }

  private finish(event: TLogEvent): void {
    if (this.stopped) return;
    this.options.send(event);
    this.stop();
    this.options.onEnd();
  }
}
