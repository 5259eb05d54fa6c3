import type { TK8sObject } from '@stratum/core/contract/k8s/cluster';

/** Reads a nested field of an object the cluster sent, without trusting its shape. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
export const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const objectName = (object: TK8sObject): string => str(field(object, 'metadata', 'name'));
export const objectNamespace = (object: TK8sObject): string =>
  str(field(object, 'metadata', 'namespace'));

/** Identity within a list: the uid, or namespace/name when a fixture has none. */
export function objectKey(object: TK8sObject): string {
  const uid = str(field(object, 'metadata', 'uid'));
  return uid !== '' ? uid : `${objectNamespace(object)}/${objectName(object)}`;
}

/** The order the API server lists in (namespace, then name), kept as events arrive. */
export function compareObjects(a: TK8sObject, b: TK8sObject): number {
  return (
    objectNamespace(a).localeCompare(objectNamespace(b)) ||
    objectName(a).localeCompare(objectName(b))
  );
}

export function objectLabels(object: TK8sObject): Record<string, string> {
  const labels = field(object, 'metadata', 'labels');
  if (labels === null || typeof labels !== 'object') return {};
  return Object.fromEntries(
    Object.entries(labels).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** `5m` or `5m20s`: a second unit only when it is not zero, as kubectl prints it. */
const two = (big: number, bigUnit: string, small: number, smallUnit: string): string =>
  small === 0 ? `${big}${bigUnit}` : `${big}${bigUnit}${small}${smallUnit}`;

/** kubectl's AGE (HumanDuration): "90s", "3m20s", "45m", "5h12m", "20h", "3d4h", "12d", "2y30d". */
export function formatAge(timestamp: string, now: number): string {
  const start = Date.parse(timestamp);
  if (Number.isNaN(start)) return '';
  const seconds = Math.max(0, Math.floor((now - start) / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (seconds < 120) return `${seconds}s`;
  if (minutes < 10) return two(minutes, 'm', seconds % 60, 's');
  if (minutes < 180) return `${minutes}m`;
  if (hours < 8) return two(hours, 'h', minutes % 60, 'm');
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return two(days, 'd', hours % 24, 'h');
  if (days < 365 * 2) return `${days}d`;
  if (days < 365 * 8) return two(Math.floor(days / 365), 'y', days % 365, 'd');
  return `${Math.floor(days / 365)}y`;
}

export const ageOf = (object: TK8sObject, now: number): string =>
  formatAge(str(field(object, 'metadata', 'creationTimestamp')), now);
