/**
 * Pod logs as the kubelet serves them through the apiserver (pkg/registry/core/pod/rest/log.go,
 * kubelet kuberuntime/logs): container choice and its 400 texts, PodLogOptions 422s,
 * tailLines before since*, the RFC3339NanoFixed prefix, limitBytes, and follow streams that
 * stay open until the container ends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findKind } from './kinds';
import { baseHeaders, boolParam } from './http';
import { errors } from './status';
import type { FakeStore, KubeObject } from './store';

export interface LogLine {
  time: Date;
  text: string;
}

export type LogInput = string | { time: Date | string; text: string };

type Follower = (line: LogLine) => void;

interface ContainerLog {
  lines: LogLine[];
  ended: boolean;
  followers: Set<Follower>;
  closers: Set<() => void>;
}

const PODS = findKind('pods')!;

/** `2006-01-02T15:04:05.000000000Z07:00` with nine fraction digits. */
export function rfc3339NanoFixed(time: Date): string {
  return time.toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}

function toLine(input: LogInput): LogLine {
  if (typeof input === 'string') return { time: new Date(), text: input };
  return { time: new Date(input.time), text: input.text };
}

function containerNames(pod: KubeObject): { main: string[]; init: string[] } {
  const spec = pod.spec as
    { containers?: { name: string }[]; initContainers?: { name: string }[] } | undefined;
  return {
    main: (spec?.containers ?? []).map((c) => c.name),
    init: (spec?.initContainers ?? []).map((c) => c.name),
  };
}

/** validateContainer in pkg/registry/core/pod/strategy.go. */
export function chooseContainer(pod: KubeObject, requested: string): string {
  const podName = pod.metadata.name!;
  const { main, init } = containerNames(pod);
  if (!requested) {
    if (main.length === 1) return main[0]!;
    let message = `a container name must be specified for pod ${podName}, choose one of: [${main.join(' ')}]`;
    if (init.length) message += ` or one of the init containers: [${init.join(' ')}]`;
    throw errors.badRequest(message);
  }
  if (!main.includes(requested) && !init.includes(requested)) {
    throw errors.badRequest(`container ${requested} is not valid for pod ${podName}`);
  }
  return requested;
}

function intParam(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null || text === '') return undefined;
  if (!/^-?\d+$/.test(text))
    throw errors.badRequest(`${name}: Invalid value: "${text}": must be an integer`);
  return Number(text);
}

export class PodLogs {
  private readonly logs = new Map<string, ContainerLog>();

  constructor(private readonly store: FakeStore) {}

  private entry(namespace: string, pod: string, container: string): ContainerLog {
    const key = `${namespace}/${pod}/${container}`;
    let log = this.logs.get(key);
    if (!log)
      this.logs.set(
        key,
        (log = { lines: [], ended: false, followers: new Set(), closers: new Set() }),
      );
    return log;
  }

  /** Replaces a container's log; strings are stamped now. */
  set(namespace: string, pod: string, container: string, lines: LogInput[]): void {
    const log = this.entry(namespace, pod, container);
    log.lines = lines.map(toLine);
    log.ended = false;
  }

  /** Appends lines; open `follow` streams receive them at once. */
  append(namespace: string, pod: string, container: string, lines: LogInput | LogInput[]): void {
    const log = this.entry(namespace, pod, container);
    for (const input of Array.isArray(lines) ? lines : [lines]) {
      const line = toLine(input);
      log.lines.push(line);
      for (const follower of log.followers) follower(line);
    }
  }

  /** The container stopped: follow streams end, later ones return and close. */
  end(namespace: string, pod: string, container: string): void {
    const log = this.entry(namespace, pod, container);
    log.ended = true;
    for (const close of log.closers) close();
  }

  serve(
    req: IncomingMessage,
    res: ServerResponse,
    namespace: string,
    podName: string,
    query: URLSearchParams,
  ): void {
    const tailLines = intParam(query, 'tailLines');
    const sinceSeconds = intParam(query, 'sinceSeconds');
    const limitBytes = intParam(query, 'limitBytes');
    const sinceTime = query.get('sinceTime');
    const causes: { reason: string; message: string; field: string }[] = [];
    if (tailLines !== undefined && tailLines < 0)
      causes.push({
        reason: 'FieldValueInvalid',
        field: 'tailLines',
        message: `Invalid value: ${tailLines}: must be greater than or equal to 0`,
      });
    if (limitBytes !== undefined && limitBytes < 1)
      causes.push({
        reason: 'FieldValueInvalid',
        field: 'limitBytes',
        message: `Invalid value: ${limitBytes}: must be greater than 0`,
      });
    if (sinceSeconds !== undefined && sinceSeconds < 1)
      causes.push({
        reason: 'FieldValueInvalid',
        field: 'sinceSeconds',
        message: `Invalid value: ${sinceSeconds}: must be greater than 0`,
      });
    if (sinceSeconds !== undefined && sinceTime)
      causes.push({
        reason: 'FieldValueForbidden',
        field: '',
        message: 'Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified',
      });
    if (causes.length) throw errors.invalid('PodLogOptions', '', podName, causes);
    const since =
      sinceSeconds !== undefined
        ? new Date(Date.now() - sinceSeconds * 1000)
        : sinceTime
          ? new Date(sinceTime)
          : undefined;
    if (since && Number.isNaN(since.getTime()))
      throw errors.badRequest(`sinceTime: Invalid value: "${sinceTime}": must be RFC3339`);

    const pod = this.store.get(PODS, namespace, podName);
    if (!pod) throw errors.notFound(PODS, podName);
    const container = chooseContainer(pod, query.get('container') ?? '');
    if (boolParam(query, 'previous')) {
      throw errors.badRequest(
        `previous terminated container "${container}" in pod "${podName}" not found`,
      );
    }
    res.writeHead(200, { ...baseHeaders('text/plain'), 'Transfer-Encoding': 'chunked' });
    res.flushHeaders();
    if (!(pod.spec as { nodeName?: string } | undefined)?.nodeName) {
      res.end();
      return;
    }
    const log = this.entry(namespace, podName, container);
    const timestamps = boolParam(query, 'timestamps');
    let budget = limitBytes ?? Infinity;
    const write = (line: LogLine): boolean => {
      let text = `${timestamps ? `${rfc3339NanoFixed(line.time)} ` : ''}${line.text}\n`;
      if (Buffer.byteLength(text) > budget)
        text = Buffer.from(text).subarray(0, budget).toString('utf8');
      budget -= Buffer.byteLength(text);
      if (text) res.write(text);
      return budget > 0;
    };
    let lines =
      tailLines !== undefined
        ? log.lines.slice(Math.max(0, log.lines.length - tailLines))
        : log.lines;
    if (since) lines = lines.filter((l) => l.time.getTime() >= since.getTime());
    for (const line of lines) {
      if (!write(line)) return void res.end();
    }
    if (!boolParam(query, 'follow') || log.ended) return void res.end();

    const follower: Follower = (line) => {
      if (!write(line)) close();
    };
    const close = () => {
      log.followers.delete(follower);
      log.closers.delete(close);
      res.end();
    };
    log.followers.add(follower);
    log.closers.add(close);
    res.on('close', close);
    req.on('close', close);
  }
}
