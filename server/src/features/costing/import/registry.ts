import type { TPriceImportFormat } from '@stratum/core/contract/admin/price-imports';
import { awsOfferCsv } from './aws-offer-csv';
import { awsOfferJson } from './aws-offer-json';
import { azureRetail } from './azure-retail';
import { gcpBilling } from './gcp-billing';
import { gcpPricingYml } from './gcp-pricing-yml';
import { ociProducts } from './oci-products';
import type { TPriceListReader } from './types';

/** One reader per provider format; callers know only the interface. */
export const PRICE_LIST_READERS: Readonly<Record<TPriceImportFormat, TPriceListReader>> = {
  'aws-offer-json': awsOfferJson,
  'aws-offer-csv': awsOfferCsv,
  'azure-retail-json': azureRetail,
  'gcp-billing-json': gcpBilling,
  'gcp-pricing-yml': gcpPricingYml,
  'oci-products-json': ociProducts,
};
