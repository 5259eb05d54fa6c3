import { num, str, type TPropertyFinding, type TPropertyRule } from './rule';

interface TFlexShape {
  readonly maxOcpus: number;
  readonly maxMemoryGb: number;
}

/**
 * Flexible shapes' limits per VM, from OCI documentation "Compute Shapes" (Flexible Shapes):
 * memory is 1 GB to 64 GB per OCPU (at least 1 GB per OCPU), up to the shape's maximum.
 * Container instance shapes follow the same per-OCPU ratio ("Container Instances" shapes).
 */
export const OCI_FLEX_SHAPES: Readonly<Record<string, TFlexShape>> = {
  'VM.Standard.E5.Flex': { maxOcpus: 94, maxMemoryGb: 1049 },
  'VM.Standard.E4.Flex': { maxOcpus: 64, maxMemoryGb: 1024 },
  'VM.Standard3.Flex': { maxOcpus: 32, maxMemoryGb: 512 },
  'VM.Standard.A1.Flex': { maxOcpus: 80, maxMemoryGb: 512 },
  'VM.Optimized3.Flex': { maxOcpus: 18, maxMemoryGb: 256 },
};
export const GB_PER_OCPU = { min: 1, max: 64 } as const;

/** The shape, OCPU and memory properties of each service with a flexible shape. */
const KEYS: Readonly<Record<string, readonly [string, string, string]>> = {
  'oci.compute-instance': ['shape', 'ocpus', 'memoryGb'],
  'oci.instance-pool': ['shape', 'ocpus', 'memoryGb'],
  'oci.oke': ['nodeShape', 'nodeOcpus', 'nodeMemoryGb'],
  'oci.container-instance': ['shape', 'ocpus', 'memoryGb'],
};

export const ociFlexShapes: TPropertyRule = {
  id: 'oci-flex-shapes',
  services: Object.keys(KEYS),
  source:
    'Oracle Cloud Infrastructure documentation, "Compute Shapes" — Flexible Shapes (OCPU range, memory per OCPU and maximum memory per shape)',
  check: (props, { service }) => {
    const keys = KEYS[service];
    if (!keys) return [];
    const [shapeKey, ocpuKey, memoryKey] = keys;
    const shape = str(props, shapeKey);
    const ocpus = num(props, ocpuKey);
    const memory = num(props, memoryKey);
    const limits = OCI_FLEX_SHAPES[shape];
    const findings: TPropertyFinding[] = [];
    if (limits && ocpus > limits.maxOcpus) {
      findings.push({
        key: ocpuKey,
        message: `${ocpuKey} ${ocpus} is above the ${limits.maxOcpus} OCPUs of ${shape}: lower ${ocpuKey} or choose a larger ${shapeKey}`,
      });
      return findings;
    }
    const low = ocpus * GB_PER_OCPU.min;
    const high = Math.min(ocpus * GB_PER_OCPU.max, limits?.maxMemoryGb ?? Infinity);
    if (memory < low || memory > high) {
      findings.push({
        key: memoryKey,
        message: `${memoryKey} ${memory} is outside what ${shape} allows with ${ocpus} OCPU${ocpus === 1 ? '' : 's'} (${low}–${high} GB, 1–64 GB per OCPU): set ${memoryKey} between ${low} and ${high}`,
      });
    }
    return findings;
  },
};
