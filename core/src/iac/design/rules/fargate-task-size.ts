import { num, type TPropertyRule } from './rule';

const GB = 1024;
const range = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/**
 * Memory (MiB) Fargate accepts for each task CPU value (CPU units), from the AWS ECS Developer
 * Guide, "Task CPU and memory" (Fargate task sizes table).
 */
export const FARGATE_MEMORY: Readonly<Record<string, readonly number[]>> = {
  '256': [512, 1024, 2048],
  '512': range(1 * GB, 4 * GB, GB),
  '1024': range(2 * GB, 8 * GB, GB),
  '2048': range(4 * GB, 16 * GB, GB),
  '4096': range(8 * GB, 30 * GB, GB),
  '8192': range(16 * GB, 60 * GB, 4 * GB),
  '16384': range(32 * GB, 120 * GB, 8 * GB),
};

const shown = (values: readonly number[]): string =>
  values.length <= 4
    ? values.join(', ')
    : `${values[0]}–${values.at(-1)} in steps of ${values[1]! - values[0]!}`;

/** A Fargate task's memory must be one the table offers for its CPU. */
export const fargateTaskSize: TPropertyRule = {
  id: 'fargate-task-size',
  services: ['aws.ecs-fargate'],
  source:
    'Amazon ECS Developer Guide, "Task CPU and memory" — Fargate supported CPU and memory combinations',
  check: (props) => {
    const cpu = String(props['cpu']);
    const memory = num(props, 'memory');
    const allowed = FARGATE_MEMORY[cpu];
    if (!allowed || allowed.includes(memory)) return [];
    return [
      {
        key: 'memory',
        message: `memory ${memory} MiB is not offered by Fargate with cpu ${cpu}: choose ${shown(allowed)} MiB, or another cpu`,
      },
    ];
  },
};
