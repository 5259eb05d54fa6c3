import { SITE_NOTICES_QUERY_KEY } from '../../../lib/api/staff-keys';

/** The notices feature's query keys. */
export const NOTICE_KEYS = {
  /** Every user's banner (GET /api/admin/site-notices). */
  banner: SITE_NOTICES_QUERY_KEY,
  /** The staff list (GET /api/admin/site-notices/all). */
  all: ['admin', 'notices'] as const,
};
