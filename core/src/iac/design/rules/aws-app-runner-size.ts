import { num, type TPropertyRule } from './rule';

/**
 * Memory (MiB) App Runner offers for each CPU value (CPU units), from the App Runner Developer
 * Guide, "Configuring an App Runner service" (supported vCPU and memory configurations).
 */
export const APP_RUNNER_SIZES: Readonly<Record<string, readonly number[]>> = {
  '256': [512, 1024],
  '512': [1024],
  '1024': [2048, 3072, 4096],
  '2048': [4096, 6144],
  '4096': [8192, 10240, 12288],
};

/** An App Runner instance's memory must be one offered with its CPU. */
export const awsAppRunnerSize: TPropertyRule = {
  id: 'aws-app-runner-size',
  services: ['aws.app-runner'],
  source:
    'AWS App Runner Developer Guide, "Configuring an App Runner service" — supported vCPU and memory combinations',
  check: (props) => {
    const cpu = String(props['cpu']);
    const memory = num(props, 'memory');
    const allowed = APP_RUNNER_SIZES[cpu];
    if (!allowed || allowed.includes(memory)) return [];
    return [
      {
        key: 'memory',
        message: `memory ${memory} MiB is not offered by App Runner with cpu ${cpu}: choose ${allowed.join(', ')} MiB, or another cpu`,
      },
    ];
  },
};
