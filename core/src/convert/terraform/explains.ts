import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TPropertyValue } from '../../iac/types';
import { serviceProbe } from './probe';
import type { TPeer } from './probe-design';
import type { TView } from './view';

/** `aws_x_in_443/` → `aws_x_in_#/`: a resource key with the numbers of its name left out. */
const resourceKey = (k: string) => k.replace(/(?<=_)\d+(?=_|\/$)/g, '#');

/**
 * Whether a service's build connected to `peer` writes resources of the view that its build
 * alone does not (a container instance's own NSG for its incoming traffic): read connected, it
 * explains more of what was read, even where a share of fewer entries is higher alone.
 */
export function explainsMoreConnected(
  serviceId: string,
  region: string,
  placed: boolean,
  peer: TPeer,
  view: TView,
): boolean {
  const alone = serviceProbe(serviceId, region, placed)?.base;
  const connected = serviceProbe(serviceId, region, placed, peer)?.base;
  if (!alone || !connected) return false;
  const written = (v: TView) =>
    new Set([...v.keys()].filter((k) => k.endsWith('/')).map(resourceKey));
  const [before, after] = [written(alone), written(connected)];
  return [...view.keys()]
    .filter((k) => k.endsWith('/'))
    .map(resourceKey)
    .some((k) => after.has(k) && !before.has(k));
}

/** The values read connected of properties its build alone never shows, that were not read. */
export function shownOnlyConnected(
  r: { readonly service: TServiceDefinition; readonly properties: Record<string, TPropertyValue> },
  connected: Readonly<Record<string, TPropertyValue>>,
  region: string,
  placed: boolean,
): Record<string, TPropertyValue> {
  const alone = serviceProbe(r.service.id, region, placed);
  return Object.fromEntries(
    Object.entries(connected).filter(
      ([k]) =>
        !(k in r.properties) && alone?.properties.find((p) => p.key === k)?.kind === 'hidden',
    ),
  );
}
