import { num, type TPropertyRule } from './rule';

/**
 * A Health Checks probe times out no later than the next one starts: timeoutInSeconds at most
 * intervalInSeconds (Health Checks API, CreateHttpMonitorDetails).
 */
export const ociHealthCheckTiming: TPropertyRule = {
  id: 'oci-health-check-timing',
  services: ['oci.health-check'],
  source:
    'Oracle Cloud Infrastructure Health Checks API, CreateHttpMonitorDetails (intervalInSeconds, timeoutInSeconds)',
  check: (props) => {
    const interval = num(props, 'interval');
    const timeout = num(props, 'timeout');
    if (timeout <= interval) return [];
    return [
      {
        key: 'timeout',
        message: `timeout ${timeout} s is longer than the ${interval} s interval: set timeout to ${interval} s or less, or raise interval`,
      },
    ];
  },
};
