import type { TTfBuildContext } from '../service';
import { block, type TTfBlock, type TTfValue } from '../../ir/terraform-ir';
import { dnsValidatedCertificate, namesFromZones } from './acm-certificate';

/**
 * Custom names of a CloudFront distribution: a Route 53 zone pointing a record at it makes
 * `<cdn name>.<domain>` an alternate domain name, which CloudFront serves only with an ACM
 * certificate issued in us-east-1 (CloudFront developer guide, "Requirements for using
 * alternate domain names"), validated here by DNS records in the same zone.
 */
export interface TCdnDomains {
  readonly aliases: TTfValue[];
  readonly viewerCertificate: TTfBlock;
}

export function cdnDomains(ctx: TTfBuildContext): TCdnDomains | undefined {
  const names = namesFromZones(ctx, ctx.node);
  if (names.length === 0) return undefined;
  const usEast1 = ctx.providerAlias('us_east_1', { region: 'us-east-1' });
  return {
    aliases: names.map((n) => n.name),
    viewerCertificate: block({
      acm_certificate_arn: dnsValidatedCertificate(ctx, names, usEast1),
      ssl_support_method: 'sni-only',
      minimum_protocol_version: 'TLSv1.2_2021',
    }),
  };
}
