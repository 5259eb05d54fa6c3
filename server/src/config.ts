import path from 'node:path';
import { z } from 'zod';
import { DATABASE_QUERY_LIMITS } from '@stratum/core/contract/database/run-query';
import { parseAllowRules, type AllowRule } from './lib/egress/allow-rules';
import { defaultJobPoolOptions, type TJobPoolOptions } from './lib/jobs/pool';

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Stratum <no-reply@stratum.local>'),
  PUBLIC_URL: z.string().url().optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  OWNER_EMAIL: z.string().email().optional(),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** One assistant answer's deadline (a local model on a CPU may need longer than 60 s). */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: ZBoolean.default(false),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  EGRESS_ALLOW: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const { rules, errors } = parseAllowRules(text);
      for (const message of errors) ctx.addIssue({ code: 'custom', message });
      return rules;
    }),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  secretKey: string | undefined;
  ownerEmail: string | undefined;
  llm: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
  };
  logLevel: string;
  trustProxy: boolean;
  /** Bearer token Prometheus sends to GET /metrics; without it /metrics is not served. */
  metricsToken: string | undefined;
  /** Non-public destinations the server may reach on a user's behalf (lib/egress). */
  egressAllow: AllowRule[];
  /** Limits on the auth routes: requests per client address per minute, failed sign-ins per address per 15 min. */
  limits: { authRequestsPerMinute: number; loginFailuresPerAddress: number };
  /** The database console's statement timeout (decision 0011); tests shorten it. */
  databaseStatementTimeoutMs: number;
  /** The worker threads conversion and generation run in (decision 0032); tests shorten the deadline. */
  jobs: TJobPoolOptions;
  /** A mutating route that wrote no audit entry: `throw` under tests, `log` otherwise (docs/audit.md). */
  missingAudit: 'throw' | 'log';
}

/** Parses the environment once; every problem is listed together. Nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    secretKey: e.SECRET_KEY,
    ownerEmail: e.OWNER_EMAIL?.toLowerCase(),
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    egressAllow: e.EGRESS_ALLOW,
    limits: { authRequestsPerMinute: 60, loginFailuresPerAddress: 30 },
    databaseStatementTimeoutMs: DATABASE_QUERY_LIMITS.statementTimeoutMs,
    jobs: defaultJobPoolOptions(),
    missingAudit: e.NODE_ENV === 'test' ? 'throw' : 'log',
  };
}

export class ConfigError extends Error {}
