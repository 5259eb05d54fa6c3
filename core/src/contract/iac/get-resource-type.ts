import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZResourceTypeDetail, ZSchemaProvider } from './resource-type';

export const ZResourceTypeParams = z.object({
  provider: ZSchemaProvider,
  /** `aws_sqs_queue`, or an ARM type URL-encoded: `Microsoft.Network%2FvirtualNetworks`. */
  type: z.string().min(1).max(200),
});

/** The schema of one resource type (form, references); 404 'request/not_found' when unknown. */
export const getResourceType = defineEndpoint({
  method: 'GET',
  path: '/api/iac/resource-types/:provider/:type',
  summary: 'The schema of one resource type for the generic resource component',
  auth: false,
  params: ZResourceTypeParams,
  response: z.object({ success: z.literal(true), data: ZResourceTypeDetail }),
});
