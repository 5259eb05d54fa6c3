import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  designation: string | null;
  role: Generated<'user' | 'helper' | 'moderator' | 'admin' | 'owner'>;
  subscription_type: Generated<'free' | 'pro' | 'ultra-pro' | 'enterprise'>;
  credits: Generated<number>;
  avatar_url: string | null;
  email_verified_at: Timestamp | null;
  last_login_at: Timestamp | null;
  disabled_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface EmailCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface LoginAttemptsTable {
  email: string;
  failures: number;
  locked_until: Timestamp | null;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  body: string;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  handled_at: Timestamp | null;
  handled_by: string | null;
}

export interface MessagesTable {
  id: Generated<string>;
  recipient_id: string;
  sender_id: string | null;
  kind: 'contact' | 'direct' | 'system';
  sender_name: string;
  sender_email: string | null;
  subject: string;
  body: string;
  contact_message_id: string | null;
  created_at: CreatedAt;
  read_at: Timestamp | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  password_resets: PasswordResetsTable;
  login_attempts: LoginAttemptsTable;
  contact_messages: ContactMessagesTable;
  messages: MessagesTable;
  schema_migrations: SchemaMigrationsTable;
}

export type UserRow = Selectable<UsersTable>;
