import { num, str, type TPropertyRule } from './rule';

/** ISO 8601 durations the Azure alert enums use, in minutes. */
const MINUTES: Readonly<Record<string, number>> = {
  PT1M: 1,
  PT5M: 5,
  PT15M: 15,
  PT30M: 30,
  PT1H: 60,
};
const DAY_SECONDS = 86400;

/**
 * An alarm's evaluation window: CloudWatch caps period × evaluationPeriods at one day; Azure
 * metric alerts evaluate a window at least as long as their frequency.
 */
export const alarmWindows: TPropertyRule = {
  id: 'alarm-windows',
  services: ['aws.cloudwatch-alarm', 'azure.metric-alert'],
  source:
    'Amazon CloudWatch API Reference, PutMetricAlarm (EvaluationPeriods × Period ≤ 86,400 s); Microsoft Learn, Azure Monitor metric alerts (windowSize ≥ evaluationFrequency)',
  check: (props, { service }) => {
    if (service === 'aws.cloudwatch-alarm') {
      const period = num(props, 'period');
      const periods = num(props, 'evaluationPeriods');
      if (period * periods <= DAY_SECONDS) return [];
      return [
        {
          key: 'evaluationPeriods',
          message: `evaluationPeriods ${periods} × period ${period} s is more than one day: set evaluationPeriods to at most ${Math.floor(DAY_SECONDS / period)}, or a shorter period`,
        },
      ];
    }
    const window = MINUTES[str(props, 'window')];
    const frequency = MINUTES[str(props, 'frequency')];
    if (window === undefined || frequency === undefined || window >= frequency) return [];
    return [
      {
        key: 'window',
        message: `window ${str(props, 'window')} is shorter than frequency ${str(props, 'frequency')}: set window to at least the frequency`,
      },
    ];
  },
};
