import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';

/** The Compute Engine services whose VMs the builders write without an external IP. */
const INTERNAL_ONLY = new Set(['gcp.compute-instance', 'gcp.managed-instance-group']);

/**
 * An uptime check connected to a Compute Engine instance or managed instance group probes
 * nothing of it: uptime checkers come from the internet ("Create public uptime checks"), and the
 * VMs Stratum writes have no external IP (os-login.ts: IAP is the only way in). A private uptime
 * check would reach an internal address through Service Directory ("Create private uptime
 * checks"), whose Terraform resources exist in google-beta only, which Stratum does not write.
 * A load balancer in front of the VMs is what a check can probe (catalog/gcp/uptime.ts).
 */
export const gcpUptimeTargets: TDesignRule = {
  id: 'gcp-uptime-targets',
  source:
    'Cloud Monitoring, "Create public uptime checks" (checkers send requests from the internet, from the addresses of ListUptimeCheckIps) and "Create private uptime checks" (internal addresses through Service Directory)',
  check: ({ design, services }) => {
    if (design.provider !== 'gcp') return [];
    const names = new Map(design.components.map((c) => [c.id, c.name]));
    const issues: TDesignIssue[] = [];
    design.connections.forEach((c, i) => {
      if (services.get(c.from)?.id !== 'gcp.uptime-check') return;
      const target = services.get(c.to);
      if (!target || !INTERNAL_ONLY.has(target.id)) return;
      issues.push({
        path: `connections[${i}]`,
        message: `uptime check “${names.get(c.from) ?? c.from}” cannot reach “${names.get(c.to) ?? c.to}” (${target.name}): uptime checkers come from the internet, and its VMs have no external IP, so the check probes nothing of it and its alert never speaks for it; put an HTTP(S) load balancer in front of it and connect the check to the load balancer`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
