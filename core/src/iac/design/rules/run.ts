import type { TServiceDefinition } from '../../catalog/service';
import type { TDesignIssue } from '../parse';
import type { TDesign } from '../schema-v2';
import { checkCrossField } from './cross-field';
import { REACHABILITY_RULES } from './index';

/** A property or override value already refused on its own: its owner is `…[i]`. */
const VALUE_ERROR = /^(components\[\d+\](?=\.properties)|environments\[\d+\](?=\.overrides))/;
const OWNER = /^(components|environments)\[\d+\]/;

/**
 * The rule registry's findings: cross-field errors (skipping components whose values are already
 * wrong one by one, so a bad value is reported once) and reachability warnings.
 */
export function checkRules(
  design: TDesign,
  services: ReadonlyMap<string, TServiceDefinition>,
  earlier: readonly TDesignIssue[],
): TDesignIssue[] {
  const broken = new Set(
    earlier
      .filter((i) => i.severity === 'error')
      .map((i) => VALUE_ERROR.exec(i.path)?.[0])
      .filter((p): p is string => p !== undefined),
  );
  const context = { design, services };
  const crossField = checkCrossField(design, services, context).filter(
    (i) => !broken.has(OWNER.exec(i.path)?.[0] ?? ''),
  );
  return [...crossField, ...REACHABILITY_RULES.flatMap((r) => r.check(context))];
}
