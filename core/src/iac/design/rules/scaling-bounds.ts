import { num, type TPropertyFinding, type TPropertyRule, type TProps } from './rule';

interface TBounds {
  readonly min: string;
  readonly max: string;
  /** The count between them the group starts with, where the service has one. */
  readonly desired?: string;
}

/** Per service: which properties are a lower bound, an upper bound and a start value. */
const BOUNDS: Readonly<Record<string, TBounds>> = {
  'aws.autoscaling-group': { min: 'minSize', max: 'maxSize', desired: 'desired' },
  'aws.eks': { min: 'nodeMin', max: 'nodeMax', desired: 'nodeDesired' },
  'azure.vm-scale-set': { min: 'minSize', max: 'maxSize' },
  'azure.aks': { min: 'nodeMin', max: 'nodeMax' },
  'azure.container-app': { min: 'minInstances', max: 'maxInstances' },
  'azure.application-gateway': { min: 'minCapacity', max: 'maxCapacity' },
  'azure.data-explorer': { min: 'minInstances', max: 'maxInstances' },
  'gcp.managed-instance-group': { min: 'minSize', max: 'maxSize' },
  'gcp.gke': { min: 'nodeMin', max: 'nodeMax' },
  'gcp.cloud-run': { min: 'minInstances', max: 'maxInstances' },
  'gcp.bigtable': { min: 'minNodes', max: 'maxNodes' },
  'oci.instance-pool': { min: 'min', max: 'max', desired: 'initial' },
  'oci.load-balancer': { min: 'minMbps', max: 'maxMbps' },
  'aws.app-runner': { min: 'minInstances', max: 'maxInstances' },
};

function checkBounds(bounds: TBounds, props: TProps): TPropertyFinding[] {
  const { min: minKey, max: maxKey, desired: desiredKey } = bounds;
  const min = num(props, minKey);
  const max = num(props, maxKey);
  if (min > max) {
    return [
      {
        key: minKey,
        message: `${minKey} ${min} is above ${maxKey} ${max}: lower ${minKey} or raise ${maxKey} (${minKey} ≤ ${maxKey})`,
      },
    ];
  }
  if (desiredKey === undefined) return [];
  const desired = num(props, desiredKey);
  if (desired >= min && desired <= max) return [];
  return [
    {
      key: desiredKey,
      message: `${desiredKey} ${desired} is outside ${minKey}–${maxKey} (${min}–${max}): set ${desiredKey} between ${min} and ${max}`,
    },
  ];
}

/**
 * Every auto-scaling group, node pool, instance pool and scaling service: the lower bound may
 * not exceed the upper one, and the start count lies between them. Each API refuses otherwise.
 */
export const scalingBounds: TPropertyRule = {
  id: 'scaling-bounds',
  services: Object.keys(BOUNDS),
  source:
    'AWS CreateAutoScalingGroup and EKS CreateNodegroup (MinSize ≤ DesiredCapacity ≤ MaxSize); Azure Monitor autoscale profile and AKS min_count/max_count; Container Apps minReplicas/maxReplicas; Application Gateway v2 autoscale min/max capacity; GCP autoscaler and GKE node pool autoscaling; Cloud Run min/max instances; OCI autoscaling configuration capacity (min ≤ initial ≤ max); OCI flexible load balancer shape (minimum ≤ maximum bandwidth); App Runner auto scaling configuration (MinSize ≤ MaxSize)',
  check: (props, { service }) => {
    const bounds = BOUNDS[service];
    return bounds ? checkBounds(bounds, props) : [];
  },
};
