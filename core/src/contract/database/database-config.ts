import { z } from 'zod';

/** §3 Database config: server, port, database, user, password, ssl, connectionTimeout. */
export const ZDatabaseConfigBody = z.object({
  server: z.string().trim().min(1, 'Enter the server').max(255),
  port: z.number().int().min(1).max(65535).default(5432),
  database: z.string().trim().min(1, 'Enter the database').max(63),
  user: z.string().trim().min(1, 'Enter the user').max(63),
  /** Write-only: left out keeps the stored one, an empty string removes it. Never returned. */
  password: z.string().max(1024).optional(),
  /** TLS with the certificate verified against the server name. */
  ssl: z.boolean().default(false),
  /** Milliseconds to wait for a connection. */
  connectionTimeout: z.number().int().min(500).max(30_000).default(5000),
});
export type TDatabaseConfigBody = z.input<typeof ZDatabaseConfigBody>;
export type TDatabaseConfigInput = z.output<typeof ZDatabaseConfigBody>;

/** The stored config as a browser sees it: the password only as `hasPassword`. */
export const ZDatabaseConfigView = z.object({
  server: z.string(),
  port: z.number().int(),
  database: z.string(),
  user: z.string(),
  hasPassword: z.boolean(),
  ssl: z.boolean(),
  connectionTimeout: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type TDatabaseConfigView = z.infer<typeof ZDatabaseConfigView>;

/** Connected means staff connected it and nobody disconnected or changed it since. */
export const ZDatabaseState = z.object({
  isConnected: z.boolean(),
  connectedAt: z.string().nullable(),
  connectedBy: z.string().nullable(),
});
export type TDatabaseState = z.infer<typeof ZDatabaseState>;

export const ZDatabaseConfigResponse = z.object({
  success: z.literal(true),
  data: z.object({ config: ZDatabaseConfigView.nullable(), state: ZDatabaseState }),
});
export type TDatabaseConfigResponse = z.infer<typeof ZDatabaseConfigResponse>;
