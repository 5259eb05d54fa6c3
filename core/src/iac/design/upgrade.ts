import { findService } from '../catalog/registry';
import { GROUP_KINDS } from '../types';
import type { TDesignV1 } from './schema-v1';

/** v1 -> v2: networks and subnets become groups, `in` becomes placement, links become traffic. */
export function upgradeV1(doc: TDesignV1): Record<string, unknown> {
  const isGroup = (serviceId: string) => {
    const kind = findService(serviceId)?.kind;
    return kind !== undefined && GROUP_KINDS.includes(kind);
  };
  const groups = doc.services
    .filter((s) => isGroup(s.service))
    .map((s) => ({
      id: s.id,
      service: s.service,
      name: s.name,
      ...(s.in ? { parent: s.in } : {}),
      properties: s.config,
    }));
  const components = doc.services
    .filter((s) => !isGroup(s.service))
    .map((s) => ({
      id: s.id,
      service: s.service,
      name: s.name,
      ...(s.in ? { group: s.in } : {}),
      properties: s.config,
    }));
  const dataKinds = new Set([
    'postgresql',
    'mysql',
    'sqlserver',
    'nosql',
    'cache',
    'object-storage',
    'queue',
    'secret',
  ]);
  const connections = doc.links.map((l) => {
    const target = doc.services.find((s) => s.id === l.target);
    const kind = target ? findService(target.service)?.kind : undefined;
    return { from: l.source, to: l.target, type: kind && dataKinds.has(kind) ? 'data' : 'traffic' };
  });
  return {
    v: 2,
    name: doc.name,
    provider: doc.provider,
    region: doc.region,
    groups,
    components,
    connections,
  };
}

/** Upgrades, in order, from each stored version to the next. */
export const UPGRADES: Readonly<Record<number, (doc: never) => Record<string, unknown>>> = {
  1: upgradeV1,
};
