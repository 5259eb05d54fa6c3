/**
 * Query keys more than one staff feature touches. Every staff change writes an audit row, so
 * each staff mutation reloads the audit trail; notice changes reload every user's banner.
 */
export const AUDIT_QUERY_KEY = ['admin', 'audit'] as const;
export const SITE_NOTICES_QUERY_KEY = ['site-notices'] as const;
