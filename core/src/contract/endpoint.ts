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
}

export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}
