/**
 * Watches: newline-delimited JSON events on a 200 response, the watch cache's rules
 * (k8s.io/apiserver pkg/storage/cacher): synthetic ADDED without a resourceVersion, replay
 * after an exact one, selector transitions as ADDED/DELETED, a too-old resourceVersion as
 * one ERROR event (410 Expired) and the end, bookmarks only when allowed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { baseHeaders, boolParam } from './http';
import { groupVersion, type KindInfo } from './kinds';
import { parseResourceVersion } from './lists';
import { predicateFrom, type Predicate } from './selectors';
import { errors, status } from './status';
import type { FakeStore, KubeObject, StoreEvent } from './store';

export interface WatchOptions {
  bookmarkIntervalMs: number;
  /** Used when the request has no timeoutSeconds (the real default is 30–60 min). */
  defaultTimeoutMs: number;
}

export interface WatchRequest {
  info: KindInfo;
  namespace?: string;
  query: URLSearchParams;
}

type WireEvent = { type: string; object: unknown };

/** What a watcher with this filter sees of a store event (cache_watcher.go convertToWatchEvent). */
export function convertEvent(
  event: StoreEvent,
  inScope: (o: KubeObject) => boolean,
): WireEvent | null {
  const before = event.prev !== null && inScope(event.prev);
  if (event.type === 'DELETED') return before ? { type: 'DELETED', object: event.object } : null;
  const after = inScope(event.object);
  if (after && before) return { type: 'MODIFIED', object: event.object };
  if (after) return { type: 'ADDED', object: event.object };
  if (before) {
    const last = structuredClone(event.prev!);
    last.metadata.resourceVersion = event.object.metadata.resourceVersion;
    return { type: 'DELETED', object: last };
  }
  return null;
}

function validateWatch(query: URLSearchParams): void {
  if (!boolParam(query, 'sendInitialEvents')) return;
  const causes: { reason: string; message: string; field: string }[] = [];
  if (query.get('resourceVersionMatch') !== 'NotOlderThan') {
    causes.push({
      reason: 'FieldValueForbidden',
      field: 'resourceVersionMatch',
      message: 'Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan',
    });
  }
  if (!boolParam(query, 'allowWatchBookmarks')) {
    causes.push({
      reason: 'FieldValueForbidden',
      field: 'allowWatchBookmarks',
      message: 'Forbidden: allowWatchBookmarks must be set to true when sendInitialEvents is set',
    });
  }
  if (causes.length) throw errors.invalidOptions('ListOptions', causes);
}

export class Watches {
  private readonly open = new Set<ServerResponse>();

  constructor(
    private readonly store: FakeStore,
    private readonly options: WatchOptions,
  ) {}

  /** Ends every open watch cleanly (the stream closes, no ERROR event), as a server restart would. */
  closeAll(): void {
    for (const res of this.open) res.end();
    this.open.clear();
  }

  get count(): number {
    return this.open.size;
  }

  serve(req: IncomingMessage, res: ServerResponse, { info, namespace, query }: WatchRequest): void {
    validateWatch(query);
    const predicate: Predicate = predicateFrom(info, query);
    const rv = parseResourceVersion(query.get('resourceVersion'));
    const timeoutText = query.get('timeoutSeconds');
    const timeoutMs =
      timeoutText && /^\d+$/.test(timeoutText)
        ? Number(timeoutText) * 1000
        : this.options.defaultTimeoutMs;
    const inScope = (o: KubeObject) =>
      (!info.namespaced || namespace === undefined || o.metadata.namespace === namespace) &&
      predicate.matches(o);

    res.writeHead(200, { ...baseHeaders(), 'Transfer-Encoding': 'chunked' });
    // The real handler flushes the 200 at once, so a client sees the watch open before any event.
    res.flushHeaders();
    // An ended watch (closeAll, its timeout) writes nothing more, even before 'close' fires.
    const write = (event: WireEvent) => {
      if (!res.writableEnded) res.write(`${JSON.stringify(event)}\n`);
    };

    if (rv !== undefined && rv < this.store.compactedRevision) {
      const object = status(
        410,
        `too old resource version: ${rv} (${this.store.compactedRevision})`,
        'Expired',
      );
      write({ type: 'ERROR', object });
      res.end();
      return;
    }

    if (rv === undefined) {
      for (const { object } of this.store.snapshot(
        info,
        this.store.revision,
        info.namespaced ? namespace : undefined,
      )) {
        if (inScope(object)) write({ type: 'ADDED', object });
      }
      if (boolParam(query, 'sendInitialEvents')) {
        write({
          type: 'BOOKMARK',
          object: this.bookmark(info, { 'k8s.io/initial-events-end': 'true' }),
        });
      }
    } else {
      for (const event of this.store.eventsSince(rv)) {
        if (event.info !== info && event.info.resource !== info.resource) continue;
        const wire = convertEvent(event, inScope);
        if (wire) write(wire);
      }
    }

    const unsubscribe = this.store.subscribe((event) => {
      if (event.info.resource !== info.resource) return;
      const wire = convertEvent(event, inScope);
      if (wire) write(wire);
    });
    this.open.add(res);
    const bookmarks = boolParam(query, 'allowWatchBookmarks')
      ? setInterval(
          () => write({ type: 'BOOKMARK', object: this.bookmark(info) }),
          this.options.bookmarkIntervalMs,
        )
      : undefined;
    const timeout = setTimeout(() => res.end(), timeoutMs);
    const cleanup = () => {
      unsubscribe();
      clearInterval(bookmarks);
      clearTimeout(timeout);
      this.open.delete(res);
    };
    res.on('close', cleanup);
    req.on('close', cleanup);
  }

  private bookmark(info: KindInfo, annotations?: Record<string, string>): KubeObject {
    const metadata: KubeObject['metadata'] = { resourceVersion: String(this.store.revision) };
    if (annotations) metadata.annotations = annotations;
    return { kind: info.kind, apiVersion: groupVersion(info), metadata };
  }
}
