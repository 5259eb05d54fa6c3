import type { ColumnType } from 'kysely';
import type { Db } from '../../db/database';

/** Migration 20261129T1450_onboarding_progress.sql. */
export interface OnboardingProgressTable {
  project_id: string;
  user_id: string;
  step: number;
  dismissed: boolean;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type OnboardingTables = { onboarding_progress: OnboardingProgressTable };

export const withOnboardingTables = (db: Db) => db.withTables<OnboardingTables>();
