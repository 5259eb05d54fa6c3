import { z } from 'zod';
import { ZDateTime, ZOk, zString, zText } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';

/**
 * Issue 14 §6: cloud credentials for live reads (AWS through the SDK v3: EC2 instances and
 * volumes, security groups, S3 buckets, RDS instances). Stored encrypted; never answered back.
 * `endpoint` points the SDK at another endpoint (an AWS-compatible service, or a local test
 * double); it is subject to the server's egress policy like every other fetch.
 */
export const ZAwsConnectionInput = z.object({
  name: zText(120).pipe(z.string().trim().min(1, 'Give the connection a name.')),
  kind: z.literal('aws'),
  region: zString(64).pipe(z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'Not an AWS region.')),
  accessKeyId: zString(128).pipe(z.string().min(16, 'That is not an access key id.')),
  secretAccessKey: zString(256).pipe(z.string().min(1)),
  sessionToken: zString(4096).optional(),
  endpoint: zString(2048).optional(),
});
export type TAwsConnectionInput = z.infer<typeof ZAwsConnectionInput>;

export const ZCloudConnection = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.literal('aws'),
  region: z.string(),
  /** The key id with all but its last 4 characters hidden. */
  accessKeyHint: z.string(),
  endpoint: z.string().nullable(),
  createdAt: ZDateTime,
  lastUsedAt: ZDateTime.nullable(),
});
export type TCloudConnection = z.infer<typeof ZCloudConnection>;

export const listConnections = defineEndpoint({
  method: 'GET',
  path: '/api/drift/connections',
  summary: "The user's cloud connections for live reads",
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZCloudConnection) }),
  }),
});
export const createConnection = defineEndpoint({
  method: 'POST',
  path: '/api/drift/connections',
  summary: 'Add cloud credentials for live reads (checked with one read call first)',
  auth: true,
  body: ZAwsConnectionInput,
  response: z.object({ success: z.literal(true), data: ZCloudConnection }),
  audit: { action: 'drift.connections.create', target: 'drift_connection' },
});
export const deleteConnection = defineEndpoint({
  method: 'DELETE',
  path: '/api/drift/connections/:id',
  summary: 'Forget a cloud connection',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'drift.connections.delete', target: 'drift_connection' },
});
