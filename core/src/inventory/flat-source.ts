import type { TInventoryInstance, TParsedSource } from './model';
import type { WarningSink } from './warnings';

/**
 * A source read from a flat list of resources (what-if, driftctl, CSV): every instance managed,
 * one block each, no modules, outputs or Terraform metadata.
 */
export function flatSource(
  kind: TParsedSource['kind'],
  instances: TInventoryInstance[],
  warnings: WarningSink,
): { ok: true; value: TParsedSource } {
  const n = instances.length;
  return {
    ok: true,
    value: {
      kind,
      counts: { blocks: n, instances: n, managed: n, data: 0, modules: 0, outputs: 0 },
      warnings: warnings.list(),
      terraformVersion: null,
      serial: null,
      lineage: null,
      instances,
      outputs: [],
    },
  };
}
