import { describe, expect, it } from 'vitest';
import { comparisonCsv, csvField, linesCsv, planCsv } from './csv';
import type { TPricedPlan } from './api/plan';
import { COMPARISON, ESTIMATE } from './test-fixtures';

describe('CSV export', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField(null)).toBe('');
  });

  it('writes every line with its SKU, price, date and source, the unpriced, and the total', () => {
    const rows = linesCsv(ESTIMATE, (id) => `name:${id}`)
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      'component,service,item,sku,region,unit,quantity,unit_price_usd,monthly_usd,as_of,source,usage_based,note',
    );
    expect(rows[1]).toBe(
      'name:web,aws.ec2,Instance (m7i.large),m7i.large,us-east-1,hour,730,0.1008,73.58,2026-07-20,"karpenter-aws: pkg/providers/pricing/zz_generated.pricing_aws.go InitialOnDemandPricesAWS[""us-east-1""][""m7i.large""]",no,',
    );
    expect(rows).toContain(
      'name:cdn,aws.cloudfront,unpriced: CloudFront has no list price in the price book,,,,,,,,,,',
    );
    expect(rows.at(-1)).toBe('total,,,,,,,,77.98');
  });

  it('writes one row per component and cloud, then the totals (OCI unpriced)', () => {
    const rows = comparisonCsv(COMPARISON).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'component,aws_service,aws_monthly_usd,azure_service,azure_monthly_usd,gcp_service,gcp_monthly_usd,oci_service,oci_monthly_usd',
    );
    expect(rows[1]).toBe('web,aws.ec2,75.18,azure.vm,70.08,gcp.compute-instance,70.9,oci.compute,');
    expect(rows.at(-1)).toBe('total,,77.98,,70.08,,70.9,unpriced,');
  });

  it('writes a plan per resource address with the difference', () => {
    const plan = {
      resources: [
        {
          address: 'aws_instance.web',
          type: 'aws_instance',
          action: 'update',
          monthlyBefore: 7.59,
          monthlyAfter: 73.58,
        },
        {
          address: 'aws_nat_gateway.old',
          type: 'aws_nat_gateway',
          action: 'delete',
          monthlyBefore: 32.85,
          monthlyAfter: null,
        },
      ],
      monthlyBefore: 40.44,
      monthlyAfter: 73.58,
      monthlyDelta: 33.14,
    } as unknown as TPricedPlan;
    expect(planCsv(plan).trimEnd().split('\r\n')).toEqual([
      'address,type,action,monthly_before_usd,monthly_after_usd,monthly_delta_usd',
      'aws_instance.web,aws_instance,update,7.59,73.58,65.99',
      'aws_nat_gateway.old,aws_nat_gateway,delete,32.85,,-32.85',
      'total,,,40.44,73.58,33.14',
    ]);
  });
});
