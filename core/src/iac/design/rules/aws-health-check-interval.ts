import { num, type TPropertyRule } from './rule';

/** Route 53 checks every 30 seconds (standard) or every 10 (fast): no other interval exists. */
export const awsHealthCheckInterval: TPropertyRule = {
  id: 'aws-health-check-interval',
  services: ['aws.route53-health-check'],
  source: 'Amazon Route 53 API Reference, HealthCheckConfig (RequestInterval: 10 or 30)',
  check: (props) => {
    const interval = num(props, 'requestInterval');
    if (interval === 10 || interval === 30) return [];
    return [
      {
        key: 'requestInterval',
        message: `requestInterval ${interval} s is not offered by Route 53: choose 30 (standard) or 10 (fast, billed higher)`,
      },
    ];
  },
};
