import { end, matchProbe, type TConnectable, type TConnectionChoice } from './connections';
import type { TBodyVal } from './instantiate';
import { bodyRefs } from './ownership';
import { connectionProbes } from './probe-connections';

/**
 * Connections written through a third component: a Route 53 health check of a load balancer the
 * zone has a record for probes that record (`aws_route53_record.dns_lb.fqdn`), not the load
 * balancer. The reference pairs the check with the zone, whose connection does not explain it;
 * the record's name (`<zone>_<target>`) names the component meant, and the builders, probed with
 * the zone connected to it as in the design, tell the connection's type.
 */
export interface TRelayInput {
  readonly components: readonly TConnectable[];
  /** The connections found so far. */
  readonly connections: readonly TConnectionChoice[];
  readonly region: string;
  /** The holder's resource a view key (`aws_route53_health_check/fqdn`) was read from. */
  readonly resourceAt: (id: string, key: string) => { readonly body?: TBodyVal };
}

/** The resource names the holder's references to `via`'s resources point at. */
function namesReferred(holder: TConnectable, via: TConnectable, input: TRelayInput): Set<string> {
  const types = new Set(via.service.emits.terraform);
  const out = new Set<string>();
  for (const [key, e] of holder.view) {
    const refersToVia = [...e.c.matchAll(/@other:([\w.]+?)\.[\w[\]]+/g)].some((m) =>
      types.has(m[1]!),
    );
    if (!refersToVia) continue;
    const body = input.resourceAt(holder.id, key).body ?? {};
    for (const address of bodyRefs(body)) {
      const [type, name] = address.replace(/^(module\.[^.]+\.)+/, '').split('.');
      if (type && name && types.has(type)) out.add(name);
    }
  }
  return out;
}

export function relayedConnections(input: TRelayInput): TConnectionChoice[] {
  const { components, region } = input;
  const byId = new Map(components.map((c) => [c.id, c]));
  const found = [...input.connections];
  const out: TConnectionChoice[] = [];
  const linked = (a: string, b: string) =>
    found.some((c) => (c.from === a && c.to === b) || (c.from === b && c.to === a));
  for (const holder of components) {
    for (const viaId of holder.refers ?? []) {
      const via = byId.get(viaId);
      if (!via || via === holder || linked(holder.id, via.id)) continue;
      const names = namesReferred(holder, via, input);
      if (names.size === 0) continue;
      let best: (TConnectionChoice & { score: number }) | undefined;
      for (const c of found.filter((x) => x.from === via.id || x.to === via.id)) {
        const target = byId.get(c.from === via.id ? c.to : c.from);
        if (!target || target === holder || linked(holder.id, target.id)) continue;
        // The resource the third component writes for its connection to the target.
        if (!names.has(`${via.local}_${target.local}`)) continue;
        const relay = { end: end(via), type: c.type, outgoing: c.from === via.id };
        const probes = connectionProbes(
          end(holder),
          end(target),
          region,
          undefined,
          undefined,
          relay,
        );
        // Through the record, the holder refers to the target (a distribution writes records too).
        const through = { ...holder, refers: new Set([...(holder.refers ?? []), target.id]) };
        for (const probe of probes) {
          const m = matchProbe(probe, through, target);
          if (m.specificMatched === 0 || m.matched / probe.sig.size < 0.5) continue;
          const score = m.matched - (probe.sig.size - m.matched) / 2;
          if (!best || score > best.score)
            best = { from: holder.id, to: target.id, type: probe.type, score };
        }
      }
      if (!best) continue;
      const choice = { from: best.from, to: best.to, type: best.type };
      out.push(choice);
      found.push(choice);
    }
  }
  return out;
}
