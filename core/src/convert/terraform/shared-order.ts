import type { TImportedResource } from './instantiate';
import { serviceProbe } from './probe';
import { nameIn } from './names';

/**
 * Components that share a resource the engine writes once (Google's private services access
 * range, one per network for its Cloud SQL and Memorystore instances): the first in the design
 * writes it, under its own name (`…-sql-shop-psa`). The code may list them in another order (a
 * module per service, alphabetical); the one the resource is named after comes first again, so
 * the design writes the same name.
 */
export interface TOrdered {
  readonly id: string;
  readonly service: { readonly id: string; readonly naming: { readonly abbreviation: string } };
}

/** The probe's shared name (`probe_net_private_services`) fits the one written (`vpc_private_services`). */
function fits(probed: string, written: string): boolean {
  if (probed === written) return true;
  if (!probed.startsWith('probe_')) return false;
  const words = probed.split('_');
  // After the probe's own node (`probe_net`), what the builder adds to it.
  for (let i = 2; i < words.length; i++)
    if (written.endsWith(`_${words.slice(i).join('_')}`)) return true;
  return false;
}

/** The components with the one each shared resource is named after before the others writing it. */
export function writersFirst<T extends TOrdered>(
  recovered: readonly T[],
  all: readonly TImportedResource[],
  region: string,
  naming: Parameters<typeof nameIn>[0] | undefined,
  nameOf: (id: string) => string,
): T[] {
  if (!naming) return [...recovered];
  const writes = new Map(
    recovered.map((r) => [
      r,
      [...(serviceProbe(r.service.id, region)?.resourceKeys ?? [])]
        .filter((k) => k.includes('?'))
        .flatMap((k) => {
          const [type, name] = k.split('?') as [string, string];
          return all.filter((x) => x.mode === 'resource' && x.type === type && fits(name, x.name));
        }),
    ]),
  );
  const namedAfter = (x: TImportedResource, r: T) => {
    const { abbreviation } = r.service.naming;
    const name = nameIn(naming, { id: r.id, primary: x, abbreviation }, region);
    return name !== undefined && (name + '-').startsWith(`${nameOf(r.id)}-`);
  };
  // `before[i]`: the components that must come before component i.
  const before = recovered.map((r) =>
    writes.get(r)!.flatMap((x) => {
      const writers = recovered.filter((o) => writes.get(o)!.includes(x) && namedAfter(x, o));
      return writers.length === 1 && writers[0] !== r ? writers : [];
    }),
  );
  const out = [...recovered];
  // Each holder moved just before the first component that needs it; bounded, in case of a cycle.
  for (let round = 0; round < out.length; round++) {
    let moved = false;
    for (const [i, r] of recovered.entries())
      for (const o of before[i]!) {
        const at = out.indexOf(r);
        const from = out.indexOf(o);
        if (from < at) continue;
        out.splice(from, 1);
        out.splice(at, 0, o);
        moved = true;
      }
    if (!moved) break;
  }
  return out;
}
