import type { TManagedNotice } from '@stratum/core/contract/notices/list-all-notices';
import type { TSiteNotice } from '@stratum/core/contract/notices/site-notice';
import { isNoticeLive } from '@stratum/core/notices';
import type { ManagedNoticeRow, NoticeRow } from './repository';

export function presentNotice(row: NoticeRow): TSiteNotice {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    priority: row.priority,
    dismissible: row.dismissible,
  };
}

export function presentManagedNotice(row: ManagedNoticeRow, now: Date): TManagedNotice {
  return {
    ...presentNotice(row),
    isLive: isNoticeLive(
      {
        isActive: row.is_active,
        expiresAt: row.expires_at,
        priority: row.priority,
        createdAt: row.created_at,
      },
      now,
    ),
    dismissCount: Number(row.dismiss_count),
    updatedAt: row.updated_at.toISOString(),
  };
}
