import { str, type TPropertyRule } from './rule';

const RATE = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/;
const CRON = /^cron\((\S+ \S+ \S+ \S+ \S+ \S+)\)$/;

/**
 * EventBridge Scheduler expressions: rate(value unit) with a singular unit for 1 and a plural one
 * otherwise, or cron with six fields of which day-of-month or day-of-week is `?` (one of them,
 * not both); `at(...)` one-time schedules are another feature.
 */
export const awsScheduleExpression: TPropertyRule = {
  id: 'aws-schedule-expression',
  services: ['aws.eventbridge-scheduler'],
  source:
    'Amazon EventBridge Scheduler User Guide, "Schedule types on EventBridge Scheduler" (rate-based and cron-based schedules)',
  check: (props) => {
    const expression = str(props, 'schedule').trim();
    const finding = (message: string) => [{ key: 'schedule', message }];
    const rate = RATE.exec(expression);
    if (rate) {
      const value = Number(rate[1]);
      const singular = !rate[2]!.endsWith('s');
      if (value < 1) return finding(`${expression}: a rate is at least 1`);
      if ((value === 1) !== singular)
        return finding(
          `${expression}: use the singular unit for 1 and the plural otherwise (rate(1 hour), rate(5 minutes))`,
        );
      return [];
    }
    const cron = CRON.exec(expression);
    if (cron) {
      const [, , dayOfMonth, , dayOfWeek] = cron[1]!.split(' ');
      if ((dayOfMonth === '?') === (dayOfWeek === '?'))
        return finding(
          `${expression}: exactly one of day-of-month and day-of-week must be ?, as in cron(0 3 * * ? *)`,
        );
      return [];
    }
    return finding(
      `${expression} is not a schedule expression: write cron(minutes hours day-of-month month day-of-week year) or rate(value unit)`,
    );
  },
};
