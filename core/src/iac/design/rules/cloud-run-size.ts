import { str, type TPropertyRule } from './rule';

/** Least memory (MiB) Cloud Run allows per CPU count. */
export const CLOUD_RUN_MIN_MEMORY: Readonly<Record<string, number>> = {
  '1': 128,
  '2': 128,
  '4': 2048,
};
const MIB: Readonly<Record<string, number>> = { Mi: 1, Gi: 1024 };
const mebibytes = (value: string): number => {
  const m = /^(\d+)(Mi|Gi)$/.exec(value);
  return m ? Number(m[1]) * MIB[m[2]!]! : NaN;
};

export const cloudRunSize: TPropertyRule = {
  id: 'cloud-run-size',
  services: ['gcp.cloud-run'],
  source: 'Google Cloud, Cloud Run "Configure CPU limits" (4 CPUs need at least 2 GiB of memory)',
  check: (props) => {
    const cpu = str(props, 'cpu');
    const memory = mebibytes(str(props, 'memory'));
    const least = CLOUD_RUN_MIN_MEMORY[cpu];
    if (least === undefined || !(memory < least)) return [];
    return [
      {
        key: 'memory',
        message: `memory ${str(props, 'memory')} is below the ${least / 1024} GiB Cloud Run needs with cpu ${cpu}: raise memory or lower cpu`,
      },
    ];
  },
};
