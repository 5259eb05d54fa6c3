import { num, str, type TPropertyFinding, type TPropertyRule } from './rule';

/**
 * Spanner's managed autoscaler: an Enterprise or Enterprise Plus feature, with a maximum above
 * the minimum and at most ten times it.
 */
export const spannerCapacity: TPropertyRule = {
  id: 'spanner-capacity',
  services: ['gcp.spanner'],
  source:
    'Google Cloud, Spanner "Managed autoscaler" (Enterprise editions; the maximum limit is at most 10 times the minimum) and "Spanner editions overview"',
  check: (props) => {
    const max = num(props, 'maxProcessingUnits');
    const min = num(props, 'processingUnits');
    if (!(max > 0)) return [];
    const findings: TPropertyFinding[] = [];
    if (str(props, 'edition') === 'STANDARD') {
      findings.push({
        key: 'edition',
        message:
          'edition STANDARD has no managed autoscaler: choose ENTERPRISE or ENTERPRISE_PLUS, or set maxProcessingUnits to 0',
      });
    }
    if (max <= min || max > min * 10) {
      findings.push({
        key: 'maxProcessingUnits',
        message: `maxProcessingUnits ${max} must be above processingUnits ${min} and at most ten times it (${min * 10}): change maxProcessingUnits or processingUnits`,
      });
    }
    return findings;
  },
};
