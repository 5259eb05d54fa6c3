import { Watch, type KubeConfig } from '@kubernetes/client-node';
import type { TK8sKind } from '@stratum/core/contract/k8s/cluster';
import type { TWatchEvent } from '@stratum/core/contract/k8s/streams';
import {
  asClusterFailure,
  ClusterStreamError,
  clusterGet,
  clusterFailure,
  jsonOrFailure,
} from './cluster-request';
import { collectionPath, KINDS } from '../kinds';
import { redactObject } from '../presenters';

type K8sObject = Record<string, unknown> & { metadata?: { resourceVersion?: string } };
interface K8sList {
  metadata?: { resourceVersion?: string };
  items?: K8sObject[];
}

export interface WatchOptions {
  kubeConfig: KubeConfig;
  kind: TK8sKind;
  namespace?: string;
  labelSelector?: string;
  send(event: TWatchEvent): void;
  /** The upstream watch cannot go on (an error already sent); the caller ends the stream. */
  onEnd(): void;
}

/** Waits before re-watching when the cluster keeps ending watches at once (never for a normal end). */
const BACKOFF_MS = [0, 1000, 2000, 5000, 10_000, 30_000];
const QUICK_END_MS = 1000;

/**
 * Lists, then watches from the list's resourceVersion, and keeps watching: when the upstream
 * watch ends (client-node 2.0.1 ends quiet ones after 30 s, servers after their timeout) it
 * resumes from the last resourceVersion it passed on, so nothing repeats and nothing is lost;
 * on 410 Gone it lists again and sends one RELISTED event with the whole list.
 */
export class WatchStream {
  private readonly path: string;
  private readonly apiVersion: string;
  private resourceVersion = '';
  private generation = 0;
  private controller: AbortController | undefined;
  private readonly aborter = new AbortController();
  private quickEnds = 0;
  private stopped = false;

  constructor(private readonly options: WatchOptions) {
    const { group, version } = KINDS[options.kind];
    this.path = collectionPath(options.kind, options.namespace);
    this.apiVersion = group ? `${group}/${version}` : version;
  }

  async start(): Promise<void> {
    const items = await this.list('List').catch((error: unknown) => this.fail(error));
    if (!items) return;
    for (const object of items) this.options.send({ type: 'ADDED', object });
    await this.watch();
  }

  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.aborter.abort();
    this.controller?.abort();
  }

  private async list(op: 'List'): Promise<K8sObject[]> {
    const response = await clusterGet(
      this.options.kubeConfig,
      this.path,
      { labelSelector: this.options.labelSelector },
      this.aborter.signal,
    ).catch((error: unknown) => {
      throw asClusterFailure(op, error);
    });
    const list = await jsonOrFailure<K8sList>(op, response);
    this.resourceVersion = list.metadata?.resourceVersion ?? '';
    // Items in a list carry no kind/apiVersion; watch events do, so the page sees one shape.
    return (list.items ?? []).map((item) => this.present(item));
  }

  private async relist(): Promise<void> {
    const items = await this.list('List').catch((error: unknown) => this.fail(error));
    if (!items || this.stopped) return;
    this.options.send({ type: 'RELISTED', items, resourceVersion: this.resourceVersion });
    await this.watch();
  }

  private async watch(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    const startedAt = Date.now();
    const current = () => generation === this.generation && !this.stopped;
    const query: Record<string, string> = {
      resourceVersion: this.resourceVersion,
      allowWatchBookmarks: 'true',
    };
    if (this.options.labelSelector) query.labelSelector = this.options.labelSelector;
    const onEvent = (type: string, object: K8sObject) => {
      if (!current()) return;
      if (type === 'ERROR') {
        this.generation += 1; // whatever the upstream does next belongs to a finished watch
        this.controller?.abort();
        const status = object as { code?: number; message?: string };
        if (status.code === 410) void this.relist();
        else this.fail(clusterFailure('List', status.code, status.message ?? 'watch failed'));
        return;
      }
      const version = object.metadata?.resourceVersion;
      if (version) this.resourceVersion = version;
      this.quickEnds = 0;
      if (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED') {
        this.options.send({ type, object: this.present(object) });
      }
    };
    const onDone = (error: unknown) => {
      if (!current()) return;
      this.generation += 1;
      const status = (error as { statusCode?: number } | null)?.statusCode;
      if (status === 410) {
        void this.relist();
      } else if (status !== undefined) {
        this.fail(clusterFailure('List', status, (error as Error).message));
      } else {
        // A quiet end (client inactivity timeout, server timeout, connection dropped): resume.
        this.quickEnds = Date.now() - startedAt < QUICK_END_MS ? this.quickEnds + 1 : 0;
        const delay = BACKOFF_MS[Math.min(this.quickEnds, BACKOFF_MS.length - 1)] ?? 0;
        setTimeout(() => void this.watch(), delay).unref();
      }
    };
    try {
      this.controller = await new Watch(this.options.kubeConfig).watch(
        this.path,
        query,
        onEvent,
        onDone,
      );
    } catch (error) {
      if (current()) this.fail(error);
    }
  }

  private present(object: K8sObject): K8sObject {
    const shaped = {
      ...object,
      kind: object.kind ?? KINDS[this.options.kind].kind,
      apiVersion: object.apiVersion ?? this.apiVersion,
    };
    return redactObject(shaped, this.options.kind === 'secrets');
  }

  private fail(error: unknown): undefined {
    if (this.stopped) return undefined;
    const failure = error instanceof ClusterStreamError ? error : asClusterFailure('List', error);
    this.options.send({ type: 'ERROR', message: failure.message, status: failure.status });
    this.stop();
    this.options.onEnd();
    return undefined;
  }
}
