import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Db } from '../../db/database';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** A member's role; the owner is projects.user_id and never a row here. */
export type MemberRole = 'editor' | 'viewer';
/** What a user is to a project. */
export type ProjectRole = 'owner' | MemberRole;

/** Migration 20261129T1440_project_members.sql. */
export interface ProjectMembersTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  role: MemberRole;
  invited_by: string | null;
  created_at: CreatedAt;
}

export interface ProjectInvitationsTable {
  id: Generated<string>;
  project_id: string;
  email: string;
  role: MemberRole;
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type SharingTables = {
  project_members: ProjectMembersTable;
  project_invitations: ProjectInvitationsTable;
};

export type ProjectMemberRow = Selectable<ProjectMembersTable>;
export type ProjectInvitationRow = Selectable<ProjectInvitationsTable>;

/** The app's database seen with the sharing tables too. */
export const withSharingTables = (db: Db) => db.withTables<SharingTables>();
export type SharingDb = ReturnType<typeof withSharingTables>;
