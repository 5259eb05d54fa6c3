import type { TCostLine, TEstimate } from '@stratum/core/costing/model';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import type { TComparison, TDesignEstimate } from './api/estimate';

/** A line as the estimator writes it, from a row of the seed price book. */
export function line(
  partial: Partial<TCostLine> & Pick<TCostLine, 'componentId' | 'monthly'>,
): TCostLine {
  return {
    address: null,
    service: 'aws.ec2',
    label: 'Instance (m7i.large)',
    sku: 'm7i.large',
    region: 'us-east-1',
    unit: 'hour',
    quantity: 730,
    unitPrice: 0.1008,
    asOf: '2026-07-20',
    source:
      'karpenter-aws: pkg/providers/pricing/zz_generated.pricing_aws.go InitialOnDemandPricesAWS["us-east-1"]["m7i.large"]',
    usageBased: false,
    note: null,
    ...partial,
  };
}

export const DESIGN: TDesign = {
  v: 2,
  name: 'Shop',
  provider: 'aws',
  region: 'us-east-1',
  environments: [
    { name: 'dev', overrides: {} },
    { name: 'prod', overrides: { web: { instanceType: 'm7i.xlarge' } } },
  ],
  naming: {} as TDesign['naming'],
  layout: {} as TDesign['layout'],
  tags: {},
  groups: [],
  components: [
    { id: 'web', service: 'aws.ec2', name: 'web', properties: { instanceType: 'm7i.large' } },
    { id: 'assets', service: 'aws.s3', name: 'assets', properties: {} },
    { id: 'cdn', service: 'aws.cloudfront', name: 'cdn', properties: {} },
  ] as TDesign['components'],
  connections: [],
};

/**
 * web: m7i.large 730 h × $0.1008 = $73.584 → $73.58, its gp3 root disk 20 GB × $0.08 = $1.60;
 * assets: 100 GB × $0.023 = $2.30 and 100 × 1K writes × $0.005 = $0.50. Total $77.98.
 */
export const ESTIMATE: TEstimate = {
  currency: 'USD',
  cloud: 'aws',
  region: 'us-east-1',
  environment: null,
  monthlyTotal: 77.98,
  lines: [
    line({ componentId: 'web', monthly: 73.58 }),
    line({
      componentId: 'web',
      label: 'Root disk (gp3)',
      sku: 'EBS gp3',
      unit: 'GB-month',
      quantity: 20,
      unitPrice: 0.08,
      monthly: 1.6,
      asOf: '2024-07-01',
      source: 'infracost-golden: ebs_volume_test.golden aws_ebs_volume.gp3 / Storage',
    }),
    line({
      componentId: 'assets',
      service: 'aws.s3',
      label: 'Storage (Standard)',
      sku: 'S3 Standard storage (first 50 TB)',
      unit: 'GB-month',
      quantity: 100,
      unitPrice: 0.023,
      monthly: 2.3,
      asOf: '2024-07-01',
      usageBased: true,
      source: 's3_bucket_test.golden',
    }),
    line({
      componentId: 'assets',
      service: 'aws.s3',
      label: 'Write requests',
      sku: 'S3 Standard PUT/COPY/POST/LIST',
      unit: '1K requests',
      quantity: 100,
      unitPrice: 0.005,
      monthly: 0.5,
      asOf: '2024-07-01',
      usageBased: true,
      source: 's3_bucket_test.golden',
    }),
  ],
  unpriced: [
    {
      componentId: 'cdn',
      address: null,
      service: 'aws.cloudfront',
      reason: 'CloudFront has no list price in the price book',
    },
  ],
  assumptions: [
    {
      target: 'assets',
      key: 'storageGb',
      label: 'Data stored',
      unit: 'GB',
      value: 100,
      default: 100,
    },
  ],
  book: { version: 'seed-2026-07-30', oldest: '2024-07-01', newest: '2026-07-20' },
};

export const DESIGN_ESTIMATE: TDesignEstimate = {
  ...ESTIMATE,
  environments: [
    { name: 'dev', monthlyTotal: 77.98 },
    { name: 'prod', monthlyTotal: 151.56 },
  ],
};

/** The same design on Azure (web: Standard_D2s_v5 730 h × $0.096 = $70.08) and GCP, OCI unpriced. */
export const COMPARISON: TComparison = {
  currency: 'USD',
  clouds: [
    { cloud: 'aws', region: 'us-east-1', priced: true, reason: null, estimate: ESTIMATE },
    {
      cloud: 'azure',
      region: 'eastus',
      priced: true,
      reason: null,
      estimate: {
        ...ESTIMATE,
        cloud: 'azure',
        region: 'eastus',
        monthlyTotal: 70.08,
        lines: [
          line({
            componentId: 'web',
            service: 'azure.vm',
            sku: 'Standard_D2s_v5',
            region: 'eastus',
            unitPrice: 0.096,
            monthly: 70.08,
          }),
        ],
        unpriced: [],
      },
    },
    {
      cloud: 'gcp',
      region: 'us-central1',
      priced: true,
      reason: null,
      estimate: {
        ...ESTIMATE,
        cloud: 'gcp',
        region: 'us-central1',
        monthlyTotal: 70.9,
        lines: [
          line({
            componentId: 'web',
            service: 'gcp.compute-instance',
            sku: 'n2-standard-2',
            region: 'us-central1',
            unitPrice: 0.097118,
            monthly: 70.9,
          }),
        ],
        unpriced: [],
      },
    },
    {
      cloud: 'oci',
      region: 'us-ashburn-1',
      priced: false,
      reason: 'OCI has no dated list prices in the price book',
      estimate: null,
    },
  ],
  mapping: [
    {
      componentId: 'web',
      name: 'web',
      services: {
        aws: 'aws.ec2',
        azure: 'azure.vm',
        gcp: 'gcp.compute-instance',
        oci: 'oci.compute',
      },
    },
    {
      componentId: 'cdn',
      name: 'cdn',
      services: { aws: 'aws.cloudfront', azure: null, gcp: null, oci: null },
      unmapped: { azure: 'No Azure equivalent of CloudFront in the catalog' },
    },
  ],
};
