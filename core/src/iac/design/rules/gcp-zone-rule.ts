import type { TDesignIssue } from '../parse';
import { GCP_ZONES } from './gcp-zones';
import type { TDesignRule } from './rule';

/** Whether the component's own zone is used: a disk attached to a VM takes the VM's zone. */
function usesOwnZone(service: string, props: Readonly<Record<string, unknown>>, attached: boolean) {
  if (service === 'gcp.filestore') return props['tier'] !== 'REGIONAL';
  if (service === 'gcp.persistent-disk') return !attached;
  return service === 'gcp.compute-instance' || service === 'gcp.bigtable';
}

/** A zonal resource's zone letter must exist in the design's region (`<region>-<letter>`). */
export const gcpZones: TDesignRule = {
  id: 'gcp-zones',
  source: 'Google Cloud, Compute Engine "Regions and zones" (available zones per region)',
  check: ({ design, services }) => {
    if (design.provider !== 'gcp') return [];
    const zones = GCP_ZONES[design.region];
    if (!zones) return [];
    const issues: TDesignIssue[] = [];
    const attachedToVm = new Set(
      design.connections.filter((x) => services.get(x.from)?.kind === 'vm').map((x) => x.to),
    );
    design.components.forEach((c, i) => {
      const service = services.get(c.id);
      if (!service) return;
      const def = service.properties.find((p) => p.key === 'zone');
      const zone = String(c.properties['zone'] ?? def?.default ?? '');
      const attached = attachedToVm.has(c.id);
      if (!def || zones.includes(zone) || !usesOwnZone(service.id, c.properties, attached)) return;
      const offered = zones.filter((z) => def.allowed?.includes(z) ?? true);
      issues.push({
        path: `components[${i}].properties.zone`,
        message: `zone "${zone}" does not exist in ${design.region} (${zones.map((z) => `${design.region}-${z}`).join(', ')}): set zone to ${offered.join(' or ')}`,
        severity: 'error',
      });
    });
    return issues;
  },
};
