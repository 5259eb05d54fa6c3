import type { TErrorLog } from '@stratum/core/contract/error-logs/error-log';
import type { ErrorLogRow } from './repository';

export function presentErrorLog(row: ErrorLogRow): TErrorLog {
  return {
    id: row.id,
    timestamp: row.reported_at.toISOString(),
    level: row.level,
    message: row.message,
    stack: row.stack,
    userAgent: row.user_agent,
    url: row.url,
    component: row.component,
    action: row.action,
    metadata: row.metadata,
    receivedAt: row.received_at.toISOString(),
    userId: row.user_id,
    userEmail: row.user_email,
  };
}
