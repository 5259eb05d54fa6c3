import type { z } from 'zod';

/** One HTTP endpoint of the API: the server registers it, the web calls it, both from this. */
export interface EndpointDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  /** Whether a bearer token is required. */
  auth: boolean;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /**
   * What the audit trail records when a mutating endpoint (POST, PUT, PATCH, DELETE) succeeds:
   * the `area.verb` action and the target type it writes, in the same transaction as the change.
   * `exempt` says why an endpoint that answers POST changes nothing a user saved (a preview, a
   * conversion, a send through the API client).
   */
  audit?: AuditSpec;
}

export type AuditSpec = { action: string; target: string } | { exempt: string };

export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}
