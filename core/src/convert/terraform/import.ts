import { TYPE_PREFIX } from '../../iac/design/validate-resource';
import { CLOUDS, type TCloud } from '../../iac/types';
import { ConvertError, type TConvertFile, type TConvertOutput } from '../types';
import { importOnce, type TDecisions, type TTerraformImportOptions } from './import-once';
import { instantiate, type TImportedResource } from './instantiate';
import { loadConfiguration } from './load';
import { bodyRefs } from './ownership';

export type { TTerraformImportOptions };

function detectCloud(resources: readonly TImportedResource[], hint?: TCloud): TCloud {
  const counts = new Map<TCloud, number>();
  for (const r of resources)
    for (const c of CLOUDS)
      if (r.type.startsWith(TYPE_PREFIX[c])) counts.set(c, (counts.get(c) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (best) return best;
  if (hint) return hint;
  throw new ConvertError('no resource of the aws, azurerm, google or oci provider in the upload');
}

/**
 * Terraform → design: every resource of a catalog service becomes that service's component with
 * the properties read back through the builders (probe.ts), its companions absorbed; references
 * between components become the connections whose forward build writes them; everything else
 * becomes a generic resource component with a warning, or is listed as unconverted.
 */
export function terraformToDesign(
  files: readonly TConvertFile[],
  options: TTerraformImportOptions = {},
): TConvertOutput {
  const config = loadConfiguration(files);
  const instances = config.environments.map((e) => instantiate(config, e));
  const base = instances[0]!;
  const cloud = detectCloud(base.resources, options.provider);
  const decisions: TDecisions = {
    absorbed: new Set(),
    generic: new Set(),
    released: new Set(),
    rewritten: new Set(),
  };
  // A component the forward build writes as another's companion (a key an alarm's connection
  // adds to its topic) is absorbed into that one; one the engine refuses (a VM whose subnet is
  // only reached through a NIC) is kept as generic resources; then the rest is read again.
  for (let round = 0; ; round++) {
    const attempt = importOnce(config, instances, cloud, decisions, options);
    if (round >= 50) return attempt.output;
    const forward = attempt.forward;
    if (attempt.clash) decisions.absorbed.add(attempt.clash);
    else if (attempt.rewrites) decisions.rewritten.add(attempt.rewrites);
    else if (attempt.refused) decisions.generic.add(attempt.refused);
    else {
      // Resources read into a component that its build does not write are not absorbed: they
      // are read again as generic resources (nothing of the upload is lost).
      const primaries = new Set(attempt.primaries.values());
      const companions = new Set(
        attempt.owned
          .flatMap((o) => o.resources.map((r) => r.address))
          .filter((a) => !primaries.has(a)),
      );
      const excess = attempt.owned.flatMap(({ id, local, resources }) => {
        const room = new Map<string, number>();
        for (const t of forward?.types.get(id) ?? []) room.set(t, (room.get(t) ?? 0) + 1);
        // Those the build writes under their own name take the room first.
        const written = forward?.names ?? new Set<string>();
        const ordered = [...resources].sort(
          (a, b) =>
            Number(!written.has(`${a.type}.${a.name}`)) -
            Number(!written.has(`${b.type}.${b.name}`)),
        );
        return ordered.filter((r) => {
          const left = room.get(r.type) ?? 0;
          room.set(r.type, left - 1);
          return (
            left <= 0 &&
            r.mode === 'resource' &&
            !decisions.released.has(r.address) &&
            // Named by the engine's convention for this component (`api_to_orders_db`) and
            // wired to another's companion (a service account's email): what a connection not
            // read back writes; as a generic resource it would lose that reference.
            !(r.name.startsWith(`${local}_`) && bodyRefs(r.body).some((a) => companions.has(a)))
          );
        });
      });
      if (excess.length === 0 || !forward) return attempt.output;
      for (const r of excess) decisions.released.add(r.address);
    }
  }
}
