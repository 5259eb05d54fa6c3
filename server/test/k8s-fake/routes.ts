/** Parses API paths (`/api/v1/namespaces/{ns}/pods/{name}/log`, `/apis/apps/v1/watch/…`). */
import { kindByPath, type KindInfo } from './kinds';

export interface ResourcePath {
  info: KindInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
  /** The deprecated `/watch/` prefix form. */
  watchPrefix: boolean;
}

export function parseResourcePath(pathname: string): ResourcePath | undefined {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  let group: string;
  let version: string;
  let rest: string[];
  if (segments[0] === 'api' && segments.length >= 2) {
    [group, version, rest] = ['', segments[1]!, segments.slice(2)];
  } else if (segments[0] === 'apis' && segments.length >= 3) {
    [group, version, rest] = [segments[1]!, segments[2]!, segments.slice(3)];
  } else return undefined;
  const watchPrefix = rest[0] === 'watch';
  if (watchPrefix) rest = rest.slice(1);

  let namespace: string | undefined;
  let resource: string | undefined;
  let name: string | undefined;
  let subresource: string | undefined;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    [namespace, resource, name, subresource] = [rest[1], rest[2], rest[3], rest[4]];
    if (rest.length > 5) return undefined;
  } else {
    [resource, name, subresource] = [rest[0], rest[1], rest[2]];
    if (rest.length > 3) return undefined;
  }
  if (!resource) return undefined;
  const info = kindByPath(group, version, resource);
  if (!info) return undefined;
  if (namespace !== undefined && !info.namespaced) return undefined;
  if (namespace === undefined && info.namespaced && name !== undefined) return undefined;
  if (subresource !== undefined && !info.subresources.some((s) => s.name === subresource))
    return undefined;
  return { info, namespace, name, subresource, watchPrefix };
}
