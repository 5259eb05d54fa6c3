import type { Db } from '../../db/database';

export interface SessionEventRow {
  id: string;
  created_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

/** The user's most recent sessions: each gives a sign-in and, once revoked, its end. */
export function recentSessions(db: Db, userId: string, limit: number): Promise<SessionEventRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'revoked_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
